import type { Readable } from 'node:stream';
import type { RoleSystem } from '@px/config';
import type { Logger } from 'pino';
import type { Sequelize } from 'sequelize';
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who is calling: set from the session token, null for anonymous callers. */
export interface Principal {
  sessionId: string;
  accountId: number;
  /** The tenant the session works in; null only for platform staff between projects. */
  projectId: number | null;
  roleSystem: RoleSystem;
  roleId: number;
  /** A unit manager's unit (role system 4); a student's registration unit. */
  unitId: number | null;
  /** Back-office menu URLs granted to the role; they also grant actions (`permission`). */
  menu: ReadonlySet<string>;
  /** Platform staff signed in as this account (super account). */
  impersonatorId: number | null;
}

/** A file received in a multipart body. The file is removed after the call ends. */
export interface UploadedFile {
  field: string;
  path: string;
  originalName: string;
  mimeType: string | null;
  size: number;
}

/** What a handler may use of the request; handlers never see Koa objects. */
export interface ActionContext {
  requestId: string;
  log: Logger;
  sequelize: Sequelize;
  principal: Principal | null;
  files: UploadedFile[];
  request: { ip: string; host: string; userAgent: string };
}

/** A raw answer (exports, PDFs, images): streamed as is, never wrapped in the envelope. */
export class FileResult {
  constructor(
    readonly body: Buffer | Readable | string,
    readonly contentType: string,
    /** Offered as a download under this name when set. */
    readonly filename?: string,
  ) {}
}

/**
 * `public`: anyone; `optional`: anyone, with the principal when a valid token is sent;
 * `signed-in`: a valid session is required (401 otherwise).
 */
export type AuthRequirement = 'public' | 'optional' | 'signed-in';

export interface ActionDefinition<S extends z.ZodType = z.ZodType, R = unknown> {
  /** The spec's call family in kebab-case: `project`, `login`, `class`. */
  group: string;
  /** The spec's call name in kebab-case: `system-info`. */
  name: string;
  /** Allowed HTTP methods; POST when omitted (most calls are POST with query params). */
  methods?: HttpMethod[];
  auth: AuthRequirement;
  /** Role systems allowed to call it (signed-in actions); all when omitted. */
  roles?: RoleSystem[];
  /**
   * Back-office menu URLs that grant this action: the caller's role must hold at least one.
   * Omitted: the role-system check alone decides (student calls, the caller's own account).
   */
  permission?: string[];
  /** Input schema over the merged query string, body fields and multipart fields. */
  input: S;
  handler(ctx: ActionContext, input: z.output<S>): Promise<R | FileResult>;
}

/** What a service needs of the calling request: who calls, from where, and the database. */
export type Caller = Pick<ActionContext, 'principal' | 'request' | 'sequelize'>;

/** Declares an action; the identity function exists to infer the input type for the handler. */
export function defineAction<S extends z.ZodType, R>(
  definition: ActionDefinition<S, R>,
): ActionDefinition<S, R> {
  return definition;
}

/** The path of an action: `/api/<group>/<name>.action`. */
export function actionPath(action: Pick<ActionDefinition, 'group' | 'name'>): string {
  return `/api/${action.group}/${action.name}.action`;
}
