import type { Readable } from 'node:stream';
import type {
  AnswerOf,
  AnyCall,
  AuthRequirement,
  CallAccess,
  FileAnswer,
  HttpMethod,
  ParsedInputOf,
  ProjectSettings,
  RoleSystem,
  TenantSource,
} from '@px/config';
import { ROLE_SYSTEM } from '@px/config';
import type { Logger } from 'pino';
import type { Sequelize } from 'sequelize';
import type { z } from 'zod';
import type { Clock } from './clock';
import { successJson } from './envelope';
import type { JobQueue } from './jobs';
import type { Metrics } from './metrics';

export type { AuthRequirement, HttpMethod, TenantSource } from '@px/config';

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
  /**
   * The session's project as read with the session (one query per call), so the router resolves a
   * session's tenant without another; absent when the principal was made otherwise (tests).
   */
  project?: { name: string; settings: unknown; enabled: boolean } | null;
  /**
   * A session opened by a partner's single-sign-on ticket: the app and the enrolment it is limited
   * to (only the calls of the embedded study page, `core/embedded-session.ts`). Absent otherwise.
   */
  embedded?: { appId: number; myClassId: number } | null;
}

/** The project (tenant) a call works in, resolved once by the router and checked enabled. */
export interface TenantProject {
  id: number;
  name: string;
  /** Every setting with its default filled in (spec section 3). */
  readonly settings: ProjectSettings;
}

/**
 * The outside systems a call may use (file storage, SMS, video, WeChat, ...), built once at start
 * and passed to every action and job. Each module that owns a provider adds its member by
 * declaration merging (`declare module '../../core/action' { interface Providers { sms: SmsProvider } }`),
 * so the core names no module.
 */
export interface Providers {
  /** The time as the product sees it (the system clock; tests move their own). */
  clock: Clock;
  /** This instance's Prometheus metrics (`core/metrics.ts`). */
  metrics: Metrics;
}

/** A file received in a multipart body. The file is removed after the call ends. */
export interface UploadedFile {
  field: string;
  path: string;
  originalName: string;
  mimeType: string | null;
  size: number;
}

/** Where a call comes from. */
export interface RequestInfo {
  ip: string;
  /** The host name the request came to, without port (tenant resolution). */
  host: string;
  /**
   * The origin the request came to, `http://127.0.0.1:8080` (scheme, host and port; the proxy's when
   * TRUST_PROXY): where links made for this visitor point when PUBLIC_URL is not set. Absent in jobs.
   */
  origin?: string;
  userAgent: string;
}

/**
 * What a service needs of the call (or job) it serves: the database, the tenant, who calls and from
 * where, the providers and the job queue. Services take it as their one first parameter; they
 * never see Koa objects. Jobs and seeds build one with `systemScope`.
 */
export interface Scope {
  sequelize: Sequelize;
  log: Logger;
  /** The signed-in caller; null for anonymous callers, jobs and seeds. */
  principal: Principal | null;
  /** The tenant; null for calls declared `tenant: 'none'`. */
  project: TenantProject | null;
  request: RequestInfo;
  providers: Providers;
  jobs: JobQueue;
}

/** A scope inside a project. */
export type TenantScope = Scope & { project: TenantProject };
/** A scope of a signed-in caller. */
export type SignedInScope = Scope & { principal: Principal };
/** A signed-in caller inside their project (students, project staff, unit managers). */
export type ActorScope = TenantScope & SignedInScope;

/**
 * A student acting in `scope`'s project without a session of their own (a partner's call for its
 * student, a candidate just registered): `sessionId` names where they act from; no pages granted.
 */
export function studentScope(
  scope: TenantScope,
  student: { id: number; roleId: number; unitId?: number | null },
  sessionId: string,
): ActorScope {
  return {
    ...scope,
    principal: {
      sessionId,
      accountId: student.id,
      projectId: scope.project.id,
      roleSystem: ROLE_SYSTEM.STUDENT,
      roleId: student.roleId,
      unitId: student.unitId ?? null,
      menu: new Set(),
      impersonatorId: null,
    },
  };
}

/** What a handler may use of the request; handlers never see Koa objects. */
export interface ActionContext extends Scope {
  requestId: string;
  files: UploadedFile[];
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
 * An answer already serialized (an answer cached for every caller): put into the envelope as it
 * is, so a hot call's cached answer is not serialized again on every request. `T` is the answer it
 * stands for.
 */
export class JsonAnswer<T> {
  /** Only for the compiler: the answer this JSON is of. */
  declare readonly answer: T;
  private text: string | undefined;
  private encoded: Buffer | undefined;
  /**
   * The answers `with` made of this one, by the JSON of the fields added: the few callers' states a
   * cached answer is sent with (a visitor's, a student's with nothing in the cart...) are each
   * encoded once, not copied whole into a new buffer on every request. At most MAX_KEPT_EXTENSIONS;
   * they go with this answer (dropped from its cache, it takes them along).
   */
  private extensions: Map<string, JsonAnswer<unknown>> | undefined;
  private constructor(
    text: string | undefined,
    /** An answer made by `with`: the answer it extends and the JSON after that answer's fields (`,"a":1}`). */
    private readonly extended?: { base: JsonAnswer<unknown>; rest: string },
  ) {
    this.text = text;
  }

  /** The answer's JSON. */
  get json(): string {
    if (this.text === undefined) {
      const { base, rest } = this.extended as { base: JsonAnswer<unknown>; rest: string };
      this.text = `${base.json.slice(0, -1)}${rest}`;
    }
    return this.text;
  }

  /**
   * The success envelope around this answer as UTF-8, encoded once however often it is sent. An
   * answer made by `with` reuses the bytes of the answer it extends: a cached answer with a caller's
   * few fields added is not encoded again whole on every request.
   */
  envelope(): Buffer {
    if (!this.encoded) {
      const extended = this.extended;
      // The base's envelope ends with its answer's closing brace and the envelope's: `...}}`.
      this.encoded = extended
        ? Buffer.concat([extended.base.envelope().subarray(0, -2), Buffer.from(`${extended.rest}}`)])
        : Buffer.from(successJson(this.json));
    }
    return this.encoded;
  }

  static of<T>(value: T): JsonAnswer<T> {
    return new JsonAnswer<T>(JSON.stringify(value));
  }

  /**
   * This object answer with `fields` added after its own (as `{ ...answer, ...fields }` when none
   * repeats). The same fields again answer the same extended answer (its bytes encoded once), for
   * the first MAX_KEPT_EXTENSIONS different ones; any others are made anew each time.
   */
  with<E extends object>(fields: E): JsonAnswer<T & E> {
    const extra = JSON.stringify(fields);
    if (extra === '{}') return this as unknown as JsonAnswer<T & E>;
    const kept = this.extensions?.get(extra);
    if (kept) return kept as JsonAnswer<T & E>;
    const extended =
      this.json === '{}'
        ? new JsonAnswer<T & E>(extra)
        : new JsonAnswer<T & E>(undefined, { base: this, rest: `,${extra.slice(1)}` });
    this.extensions ??= new Map();
    if (this.extensions.size < MAX_KEPT_EXTENSIONS) this.extensions.set(extra, extended);
    return extended;
  }
}

/**
 * How many extended answers (`JsonAnswer.with`) an answer keeps: enough for the states most callers
 * share (class detail: a visitor's; a student's with the class in neither cart nor enrolments, in
 * the cart, enrolled), few enough that a cached answer extended with each caller's own (an
 * application's id and time) holds at most this many more copies of its bytes.
 */
const MAX_KEPT_EXTENSIONS = 4;

/** An action as the router runs it: a call's path, access and schema with its handler. */
export interface ActionDefinition<S extends z.ZodType = z.ZodType, R = unknown> {
  /** The spec's call family in kebab-case: `project`, `login`, `class`. */
  group: string;
  /** The spec's call name in kebab-case: `system-info`. */
  name: string;
  /** Allowed HTTP methods; POST when omitted (most calls are POST with query params). */
  methods?: readonly HttpMethod[];
  auth: AuthRequirement;
  /** Role systems allowed to call it (signed-in actions); all when omitted. */
  roles?: readonly RoleSystem[];
  /**
   * Back-office menu URLs that grant this action (`isMenuGranted`): the caller's role must be
   * granted at least one. Omitted: the role-system check alone decides.
   */
  permission?: readonly string[];
  /** Where the tenant comes from; `none` when omitted. */
  tenant?: TenantSource;
  /** Input schema over the merged query string, body fields and multipart fields. */
  input: S;
  /** Answers at once or through a promise: a hot call held in memory answers with none. */
  handler(
    ctx: ActionContext,
    input: z.output<S>,
  ): R | FileResult | JsonAnswer<R> | Promise<R | FileResult | JsonAnswer<R>>;
  /** The source file that bound the handler (the generated call index names it). */
  source?: string;
}

/** Declares an action outside the catalogue (router tests); the identity infers the handler's input type. */
export function defineAction<S extends z.ZodType, R>(
  definition: ActionDefinition<S, R>,
): ActionDefinition<S, R> {
  return definition;
}

/** The path of an action: `/api/<group>/<name>.action`. */
export function actionPath(action: Pick<ActionDefinition, 'group' | 'name'>): string {
  return `/api/${action.group}/${action.name}.action`;
}

/** The context a call's handler gets: a principal when signed-in is required, a project unless the tenant is `none`. */
export type ContextOf<A extends CallAccess> = ActionContext &
  (A['auth'] extends 'signed-in' ? { principal: Principal } : unknown) &
  (A['tenant'] extends 'none' ? unknown : { project: TenantProject });

/** What a handler of a call resolves to: its answer (or it serialized), or a FileResult for file answers. */
export type HandlerResult<C> =
  AnswerOf<C> extends FileAnswer ? FileResult : AnswerOf<C> | JsonAnswer<AnswerOf<C>>;

/** The handler of a declared call. */
export type HandlerOf<C extends AnyCall> = (
  ctx: ContextOf<C['access']>,
  input: ParsedInputOf<C>,
) => HandlerResult<C> | Promise<HandlerResult<C>>;

/** Handlers for some calls of a group, by name. */
export type HandlersOf<G extends Record<string, AnyCall>> = { [K in keyof G]?: HandlerOf<G[K]> };

/**
 * Binds handlers to declared calls of a group; the handler's input and answer types come from the
 * catalogue, so they cannot drift. A group may be implemented across several modules; the router
 * refuses to start when a declared call has no handler or two (`assertCatalogueBound`).
 */
export function implement<G extends Record<string, AnyCall>>(
  calls: G,
  handlers: HandlersOf<G>,
): ActionDefinition[] {
  const source = callerFile();
  return Object.entries(handlers).map(([name, handler]) => {
    const call = calls[name];
    if (!call) throw new Error(`no declared call ${name}`);
    return {
      group: call.group,
      name: call.name,
      methods: call.methods,
      auth: call.access.auth,
      roles: call.access.roles,
      permission: call.access.permission,
      tenant: call.access.tenant,
      input: call.input,
      handler: handler as ActionDefinition['handler'],
      source,
    };
  });
}

/** The file of the code that called the caller of this function (the module binding handlers). */
function callerFile(): string | undefined {
  const line = new Error().stack?.split('\n')[3] ?? '';
  const match = /\(?((?:file:\/\/)?\/[^():]+\.ts):\d+:\d+\)?\s*$/.exec(line);
  return match?.[1]?.replace(/^file:\/\//, '');
}
