import type { z } from 'zod';
import type { MenuUrl } from './admin-menu';
import type { RoleSystem } from './constants';

/**
 * The shape of the call catalogue: every call of the API is declared once (`defineCalls`), next to
 * its schemas in `api/src/contract/<domain>.ts`, with its path, input schema, answer type and
 * access. The server binds a handler to each declared call (`implement` in `api/src/core/action.ts`);
 * the two apps call through one generic client (`createApiClient`) typed by the catalogue's type
 * (a type-only import, so no schema reaches a browser bundle). A call that changes on one side
 * without the other is a compile error.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * `public`: anyone; `optional`: anyone, with the caller's session when a valid token is sent;
 * `signed-in`: a valid session is required (401 otherwise).
 */
export type AuthRequirement = 'public' | 'optional' | 'signed-in';

/**
 * Where a call's tenant (project) comes from; the router resolves it once, checks it is enabled,
 * and hands it to the handler as `ctx.project`:
 * - `session`: the signed-in caller's project (platform staff outside a project are refused);
 * - `request`: the `unitId` input's project, else the project serving the request's host, else
 *   the default project (public pages);
 * - `caller`: the signed-in caller's project when there is one, else as `request`;
 * - `none`: no project (platform calls, calls working across projects, calls that need none).
 */
export type TenantSource = 'session' | 'request' | 'caller' | 'none';

/** Who may make a call and in which tenant. */
export interface CallAccess {
  auth: AuthRequirement;
  /** Role systems allowed (signed-in calls); all when omitted. */
  roles?: readonly RoleSystem[];
  /**
   * Back-office pages whose grant allows the call (`isMenuGranted`): the caller's role must be
   * granted at least one. Omitted: the role-system check alone decides.
   */
  permission?: readonly MenuUrl[];
  tenant: TenantSource;
}

/** Phantom marker of a call's answer type; it exists only for the compiler. */
export interface Answer<A> {
  readonly __answer?: A;
}

/** The answer of a call answered with raw bytes (exports, PDFs, images): a Blob in the browser. */
export interface FileAnswer {
  readonly __file: true;
}

/** Marks the answer type of a call: `answer<CartAnswer>()`. */
export const answer = <A>(): Answer<A> => ({});

/** Marks a call answered with raw bytes (`FileResult` on the server, a Blob in the apps). */
export const fileAnswer = (): Answer<FileAnswer> => ({});

/** One call as declared in its domain's contract file. */
export interface CallSpec<S extends z.ZodType = z.ZodType, A = unknown> {
  input: S;
  answer: Answer<A>;
  access: CallAccess;
  /** Allowed HTTP methods; POST when omitted. Every call accepts POST. */
  methods?: readonly HttpMethod[];
  /** The call takes a multipart body with files (`ctx.files`). */
  upload?: boolean;
}

/** A declared call: its spec with the group and name its path is made of. */
export type Call<S extends z.ZodType = z.ZodType, A = unknown, K extends string = string> = CallSpec<S, A> & {
  group: string;
  name: string;
  /** `<group>/<name>`: the key of the call in the catalogue and the client's argument. */
  key: K;
};

// biome-ignore lint/suspicious/noExplicitAny: the catalogue holds calls of every input and answer type.
export type AnyCall = Call<any, any, string>;

type SpecInput<T> = T extends CallSpec<infer S, unknown> ? S : never;
type SpecAnswer<T> = T extends CallSpec<z.ZodType, infer A> ? A : never;

/** The calls of one group, keyed by name. */
export type CallGroup<G extends string, T> = {
  [K in keyof T & string]: Omit<T[K], 'answer' | 'input'> &
    Call<SpecInput<T[K]>, SpecAnswer<T[K]>, `${G}/${K}`>;
};

/**
 * Declares the calls of one group (`/api/<group>/<name>.action`). Each spec keeps its literal access
 * (use the presets of `api/src/contract/access.ts`), so handlers are typed by what the router
 * guarantees.
 */
export function defineCalls<const G extends string, const T extends Record<string, CallSpec>>(
  group: G,
  specs: T,
): CallGroup<G, T> {
  const calls: Record<string, AnyCall> = {};
  for (const [name, spec] of Object.entries(specs))
    calls[name] = { ...spec, group, name, key: `${group}/${name}` };
  return calls as CallGroup<G, T>;
}

/** The calls of a group keyed by `<group>/<name>`. */
export type KeyedCalls<G> = { [K in keyof G as G[K] extends AnyCall ? G[K]['key'] : never]: G[K] };

/** The input the client sends for a call (before the server's parsing and defaults). */
export type InputOf<C> = C extends Call<infer S, unknown> ? z.input<S> : never;
/** The input a handler receives (after parsing). */
export type ParsedInputOf<C> = C extends Call<infer S, unknown> ? z.output<S> : never;
/** The answer type of a call. */
export type AnswerOf<C> = C extends CallSpec<z.ZodType, infer A> ? A : never;

/** The path of a call below the API base: `/<group>/<name>.action` for the key `<group>/<name>`. */
export function callUrl(key: string): string {
  return `/${key}.action`;
}

/** Keys of a catalogue's calls answered with raw bytes. */
export type FileCallKey<C> = {
  [K in keyof C & string]: AnswerOf<C[K]> extends FileAnswer ? K : never;
}[keyof C & string];

/** Keys of a catalogue's calls answered with the envelope. */
export type DataCallKey<C> = Exclude<keyof C & string, FileCallKey<C>>;

/** The input argument of a call on the client: optional when the call needs none. */
export type InputArgs<C> =
  Record<string, never> extends InputOf<C> ? [input?: InputOf<C>] : [input: InputOf<C>];
