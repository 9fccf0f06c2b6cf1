import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import Router from '@koa/router';
import { type AnyCall, RESP_CODE, TOKEN_HEADER, TOKEN_KEY } from '@px/config';
import type { Context, Middleware, Next } from 'koa';
import { koaBody } from 'koa-body';
import type { Sequelize } from 'sequelize';
import { withBypass, withProject } from '../db/tenant-access';
import {
  type ActionContext,
  type ActionDefinition,
  actionPath,
  FileResult,
  JsonAnswer,
  type Principal,
  type Providers,
  type RequestInfo,
  type TenantProject,
  type UploadedFile,
} from './action';
import { checkEmbeddedCall, checkEmbeddedInput, EMBEDDED_SESSION_CALLS } from './embedded-session';
import { success } from './envelope';
import { BadRequestError, BusinessError, ForbiddenError, NotFoundError, UnauthorizedError } from './errors';
import type { JobQueue } from './jobs';
import { isPlainJsonType, plainJsonLength, readPlainJson } from './json-body';
import { andThen } from './maybe-promise';
import { mayCall } from './policy';
import type { RequestState } from './request-context';
import { parseInput, readTextInput } from './validation';

/** Size limits of request bodies and uploads. */
export interface BodyLimits {
  jsonBytes: number;
  formBytes: number;
  fileBytes: number;
  files: number;
}

/** Finds the project (tenant) of a call; see `TenantSource`. */
export interface TenantResolver {
  /** The project of a signed-in caller's session (`principal.projectId`). Throws when it is disabled or gone. */
  ofSession(principal: Principal & { projectId: number }): TenantProject | Promise<TenantProject>;
  /** The project of a request: the unit's when a unit is named, else the host's, else the default. Throws when none or disabled. */
  ofRequest(where: { unitId?: number; host: string }): TenantProject | Promise<TenantProject>;
}

export interface ApiRouterDeps {
  sequelize: Sequelize;
  /**
   * Resolves a session token to its principal; null when the token is unknown, expired or revoked.
   * A session held in memory is answered at once, with no promise (a hot call's every one costs).
   */
  authenticate(token: string): Principal | null | Promise<Principal | null>;
  tenants: TenantResolver;
  /**
   * Sets the security headers of a document on a call's file answer (a PDF, an image, a workbook),
   * over the short set a call's JSON answer gets (app.ts, `CALL_ANSWER_HEADERS`).
   */
  fileAnswerHeaders?: (res: ServerResponse) => void;
  providers: Providers;
  jobs: JobQueue;
  limits: BodyLimits;
  /** Where multipart files are written while a call runs (created when missing). */
  uploadDir: string;
}

/**
 * Checks at startup that every call of the catalogue has exactly one handler and that every
 * handler belongs to a declared call of the same access. Throws naming the first mismatch.
 */
export function assertCatalogueBound(
  actions: readonly ActionDefinition[],
  catalogue: readonly AnyCall[],
): void {
  const bound = new Map(actions.map((action) => [actionPath(action), action]));
  for (const call of catalogue) {
    const action = bound.get(actionPath(call));
    if (!action) throw new Error(`call ${call.key} has no handler`);
    if (
      action.input !== call.input ||
      action.tenant !== call.access.tenant ||
      action.auth !== call.access.auth
    )
      throw new Error(`handler of ${call.key} was not bound to its declared call`);
  }
}

/**
 * Builds the `/api` middleware from declared actions: body parsing (only for matched calls),
 * authentication and role checks, input validation, tenant resolution, the handler, and the
 * envelope or raw file. Unknown `/api` paths answer the envelope with 404. Throws at startup on a
 * duplicate path.
 */
export function createApiRouter(
  actions: readonly ActionDefinition[],
  deps: ApiRouterDeps,
): Middleware<RequestState> {
  const router = new Router<RequestState>();
  const seen = new Set<string>();
  fs.mkdirSync(deps.uploadDir, { recursive: true });
  const parseBody = createBodyParser(deps);

  // Each call's path and method straight to its handler: @koa/router tries its routes one by one
  // (a regular expression each) on every request, a measurable share of a hot call's time.
  const exact = new Map<string, (ctx: Context) => Promise<void>>();
  for (const action of actions) {
    const path = actionPath(action);
    if (seen.has(path)) throw new Error(`duplicate action ${path}`);
    seen.add(path);
    const run = (ctx: Context) => runAction(action, ctx, deps);
    router.register(path, [...(action.methods ?? ['POST'])], [parseBody, run]);
    for (const method of action.methods ?? ['POST'])
      exact.set(`${method} ${path}`, (ctx) => parseBody(ctx, () => run(ctx)));
  }

  const routes = router.routes();
  const allowedMethods = router.allowedMethods({ throw: true });
  // @koa/router types its context with params; at run time it adds them itself.
  const nothing: Next = async () => undefined;
  // Anything else (another method, HEAD, OPTIONS, another spelling of a path) as @koa/router answers it.
  // allowedMethods throws 405 for a known path with another method and answers OPTIONS.
  const otherwise = async (ctx: Context) => {
    await routes(ctx as unknown as Parameters<typeof routes>[0], () =>
      allowedMethods(ctx as unknown as Parameters<typeof allowedMethods>[0], nothing),
    );
    if (ctx.body === undefined && ctx.status === 404) throw new NotFoundError();
  };
  // Not async itself: a call goes straight to its handler without a promise of this step's own.
  return (ctx, next) => {
    if (ctx.path !== '/api' && !ctx.path.startsWith('/api/')) return next();
    const direct = exact.get(`${ctx.method} ${ctx.path}`);
    return direct ? direct(ctx) : otherwise(ctx);
  };
}

async function runAction(action: ActionDefinition, ctx: Context, deps: ApiRouterDeps): Promise<void> {
  const state = ctx.state as RequestState;
  const files = collectFiles(ctx);
  // Sessions are found by their token before any project is known: a lookup across projects.
  const found = action.auth === 'public' ? null : withBypass('session lookup', () => authenticate(ctx, deps));
  const session = found instanceof Promise ? await found : found;
  const callKey = `${action.group}/${action.name}`;
  // A partner's embedded session is a visitor to calls it may not make that need no session.
  const principal =
    session?.embedded && action.auth === 'optional' && !EMBEDDED_SESSION_CALLS.has(callKey) ? null : session;
  if (action.auth === 'signed-in') {
    if (!principal) throw new UnauthorizedError();
    if (!mayCall(principal, action)) throw new ForbiddenError();
  }
  checkEmbeddedCall(principal, callKey);
  const input = parseInput(action.input, requestFields(action.input, ctx));
  checkEmbeddedInput(principal, input);
  const answer = handle(action, ctx, deps, { principal, input, files });
  const result = answer instanceof Promise ? await answer : answer;
  ctx.set('Cache-Control', 'no-store');
  if (result instanceof FileResult) {
    // A file may be opened as a page: it gets the documents' headers, not a JSON answer's.
    deps.fileAnswerHeaders?.(ctx.res);
    ctx.type = result.contentType;
    if (result.filename) ctx.attachment(result.filename);
    ctx.body = result.body;
  } else if (result instanceof JsonAnswer) {
    ctx.type = 'application/json';
    ctx.body = result.envelope();
    state.respCode = RESP_CODE.SUCCESS;
  } else {
    ctx.body = success(result ?? null);
  }
}

/**
 * Runs the call's handler for `principal` with its parsed input: the context of the request `ctx`,
 * the tenant the call resolves to, the database bound to that tenant (`inTenant`).
 */
function handle(
  action: ActionDefinition,
  ctx: Context,
  deps: ApiRouterDeps,
  call: { principal: ActionContext['principal']; input: unknown; files: ActionContext['files'] },
): unknown {
  const state = ctx.state as RequestState;
  const { principal, input } = call;
  const request = requestInfo(ctx);
  const run = (project: TenantProject | null) => {
    const context: ActionContext = {
      requestId: state.requestId,
      // The request's child logger is made when a call first logs (request-context.ts).
      get log() {
        return state.log;
      },
      sequelize: deps.sequelize,
      principal,
      project,
      files: call.files,
      request,
      providers: deps.providers,
      jobs: deps.jobs,
    };
    return inTenant(action, context, input, () => action.handler(context, input));
  };
  // The tenant and the answer at once when both are held in memory (a hot call), else a promise.
  const tenant = withBypass('tenant lookup', () =>
    resolveTenant(action, principal, input, request.host, deps.tenants),
  );
  return andThen(tenant, run);
}

/**
 * Runs a call as an anonymous visitor of the request `ctx` would (no session, whatever the request
 * carries): the page server's first data (`h5-first-data.ts`). Answers the answer's JSON, or null
 * when the call is unknown, needs a session, answers a file, or fails (the client then calls itself).
 */
export type VisitorCall = (ctx: Context, call: string, input: unknown) => Promise<string | null>;

export function createVisitorCall(actions: readonly ActionDefinition[], deps: ApiRouterDeps): VisitorCall {
  const byKey = new Map(actions.map((action) => [`${action.group}/${action.name}`, action]));
  return async (ctx, call, given) => {
    const action = byKey.get(call);
    if (!action || action.auth === 'signed-in') return null;
    const state = ctx.state as RequestState;
    try {
      const input = parseInput(action.input, given);
      const result = await handle(action, ctx, deps, { principal: null, input, files: [] });
      if (result instanceof FileResult) return null;
      if (result instanceof JsonAnswer) return result.json;
      return JSON.stringify(result ?? null);
    } catch (error) {
      state.log.info({ call, err: error }, 'first data: call left to the client');
      return null;
    }
  };
}

/**
 * Where the request comes from. The address and host are read now (the socket's address is gone once
 * the client hangs up); the origin and the user agent, which few calls use, when first asked for.
 */
function requestInfo(ctx: Context): RequestInfo {
  let origin: string | null | undefined;
  let userAgent: string | undefined;
  return {
    ip: ctx.ip,
    host: ctx.hostname,
    get origin() {
      if (origin === undefined) origin = ctx.host ? `${ctx.protocol}://${ctx.host}` : null;
      return origin ?? undefined;
    },
    get userAgent() {
      userAgent ??= ctx.get('User-Agent');
      return userAgent;
    },
  };
}

/**
 * Runs a call's handler with the database bound to its tenant (row-level security): the call's
 * project; else the caller's own project; else, for platform staff (whose calls span projects by
 * design), an explicit bypass, logged with the call and the project it names; else (anonymous
 * calls in no project) no tenant row at all.
 */
function inTenant<T>(action: ActionDefinition, context: ActionContext, input: unknown, run: () => T): T {
  if (context.project) return withProject(context.project.id, run);
  const principal = context.principal;
  if (principal?.projectId != null) return withProject(principal.projectId, run);
  if (!principal) return run();
  const named = (input as { projectId?: unknown } | null)?.projectId;
  context.log.info(
    {
      call: `${action.group}/${action.name}`,
      accountId: principal.accountId,
      projectId: typeof named === 'number' ? named : undefined,
    },
    'platform call across projects',
  );
  return withBypass(`platform ${action.group}/${action.name}`, run);
}

const OUTSIDE_PROJECT = '请先通过超级账号进入一个项目';

/**
 * The project an action works in, by its declared tenant source (`TenantSource`): at once when the
 * session holds it, else a promise.
 */
function resolveTenant(
  action: ActionDefinition,
  principal: Principal | null,
  input: unknown,
  host: string,
  tenants: TenantResolver,
): TenantProject | null | Promise<TenantProject | null> {
  const tenant = action.tenant ?? 'none';
  if (tenant === 'none') return null;
  const projectId = principal?.projectId ?? null;
  if (tenant === 'session' || (tenant === 'caller' && principal)) {
    if (!principal) throw new UnauthorizedError();
    if (projectId === null) {
      if (tenant === 'session') throw new BusinessError(OUTSIDE_PROJECT);
    } else return tenants.ofSession(principal as Principal & { projectId: number });
  }
  const unitId = (input as { unitId?: unknown } | null)?.unitId;
  return tenants.ofRequest({ unitId: typeof unitId === 'number' ? unitId : undefined, host });
}

/**
 * JSON, url-encoded and multipart bodies within the limits. Each multipart request writes into a
 * folder of its own, removed when the call ends however it ends (a refused oversized upload
 * included), so no partial file is ever left behind. A body that cannot be read (bad JSON, a
 * `Content-Encoding` it is not in, a broken multipart stream) is the client's fault: it answers 400
 * (`BadRequestError`), never an unexpected error.
 */
function createBodyParser(deps: ApiRouterDeps): Middleware {
  const common = {
    jsonLimit: deps.limits.jsonBytes,
    formLimit: deps.limits.formBytes,
    textLimit: deps.limits.formBytes,
  };
  const plain = koaBody({ ...common, multipart: false });
  const multipart = (dir: string) =>
    koaBody({
      ...common,
      multipart: true,
      formidable: {
        uploadDir: dir,
        maxFileSize: deps.limits.fileBytes,
        maxTotalFileSize: deps.limits.fileBytes * deps.limits.files,
        maxFiles: deps.limits.files,
        maxFieldsSize: deps.limits.formBytes,
      },
    });
  return async (ctx, next) => {
    // No body at all (a GET, a POST sent without one): nothing to read or refuse, as koa-body would
    // find (it reads a body only when the request says it has one).
    const { headers } = ctx.req;
    if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) return next();
    // The JSON the apps send, read directly (json-body.ts); anything else through koa-body.
    const jsonLength = plainJsonLength(headers, deps.limits.jsonBytes);
    if (jsonLength !== null) {
      // The rest of the headers' packet (the body, usually) is in the buffer one microtask on.
      if (ctx.req.readableLength < jsonLength) await null;
      const body = readPlainJson(ctx.req, jsonLength);
      ctx.request.body = (body instanceof Promise ? await body : body) as typeof ctx.request.body;
      return next();
    }
    // A body of a type no call reads (text, XML, ...) is refused, not read as no input: otherwise a
    // call whose fields are all optional would run on it (and a cross-site form may post text/plain).
    if (ctx.request.length !== 0 && ctx.is('json', 'urlencoded', 'multipart') === false) ctx.throw(415);
    let parsed = false;
    const then = () => {
      parsed = true;
      return next();
    };
    const dir = ctx.is('multipart') ? await fs.promises.mkdtemp(path.join(deps.uploadDir, 'req-')) : null;
    try {
      await (dir === null ? plain : multipart(dir))(ctx, then);
    } catch (error) {
      if (parsed) throw error;
      throw asBodyError(error);
    } finally {
      if (dir !== null) await fs.promises.rm(dir, { recursive: true, force: true });
    }
  };
}

/** A failure while reading a body: its own 4xx status when it has one (413, 415), else 400. */
function asBodyError(error: unknown): unknown {
  const carrier = error as { status?: unknown; statusCode?: unknown; httpCode?: unknown } | null;
  const status = carrier?.status ?? carrier?.statusCode ?? carrier?.httpCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return new BadRequestError();
}

/** The token comes from the `token` header, or from the `token` cookie (same-site pages, downloads). */
function authenticate(ctx: Context, deps: ApiRouterDeps): Principal | null | Promise<Principal | null> {
  const token = ctx.get(TOKEN_HEADER) || ctx.cookies.get(TOKEN_KEY) || '';
  return token ? deps.authenticate(token) : null;
}

/**
 * The fields an action's schema parses: body fields merged over the query string. A JSON body keeps
 * its types exactly (a number must be a number); the query string and form bodies are text, read as
 * the schema's types by `readTextInput` (decimal digits only). A JSON array body (sort orders, id
 * lists) arrives as `body`.
 */
function requestFields(schema: ActionDefinition['input'], ctx: Context): unknown {
  const query = readTextInput(schema, { ...ctx.query }) as Record<string, unknown>;
  const raw: unknown = ctx.request.body;
  const fields = Array.isArray(raw)
    ? { body: raw }
    : typeof raw === 'object' && raw !== null
      ? (raw as Record<string, unknown>)
      : {};
  const json = isPlainJsonType(ctx.req.headers['content-type']) || ctx.is('json');
  const body = json ? fields : (readTextInput(schema, fields) as Record<string, unknown>);
  return { ...query, ...body };
}

interface FormidableFile {
  filepath: string;
  originalFilename: string | null;
  mimetype: string | null;
  size: number;
}

function collectFiles(ctx: Context): UploadedFile[] {
  const files = (ctx.request as { files?: Record<string, FormidableFile | FormidableFile[]> }).files ?? {};
  return Object.entries(files).flatMap(([field, value]) =>
    (Array.isArray(value) ? value : [value]).map((file) => ({
      field,
      path: file.filepath,
      originalName: file.originalFilename ?? '',
      mimeType: file.mimetype,
      size: file.size,
    })),
  );
}
