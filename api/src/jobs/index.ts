import type { JobDefinition } from '../core/jobs';
import { signInAttemptSweep } from '../modules/auth/auth.jobs';

/** Every kind of background job of the product. */
export const allJobs: readonly JobDefinition[] = [signInAttemptSweep];
