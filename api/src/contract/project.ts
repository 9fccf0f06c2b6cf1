import type { ProjectSettings } from '@px/config';
import { z } from 'zod';
import { zInput } from './common';

/** `/api/project/system-info.action`: the unit whose project to describe; the request's host otherwise. */
export const systemInfoInput = z.object({ unitId: zInput.optionalId() });
export type SystemInfoInput = z.input<typeof systemInfoInput>;

/**
 * The project settings of spec section 3 with defaults filled, the project's identity, and the
 * public key (PEM, RSA-OAEP/SHA-256) with which clients encrypt the login payload.
 */
export type SystemInfo = ProjectSettings & { projectId: number; projectName: string; loginPublicKey: string };
