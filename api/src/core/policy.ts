import { type CallAccess, isMenuGranted, RESP_DESC } from '@px/config';
import type { Transaction } from 'sequelize';
import type { Abilities } from '../contract/common';
import type { Principal, Scope, SignedInScope, TenantProject } from './action';
import { BusinessError, ForbiddenError } from './errors';

/**
 * Record policies: who may do what to which row (docs/architecture.md "Record policies"). Each
 * domain declares its verbs in `<module>/<module>.policy.ts` (`definePolicy`), each verb a pure
 * function of the caller's scope and the facts of the row that answers a refusal or null. Services
 * refuse with `authorize(scope, verb, row)`; answers of rows a person can act on carry the same
 * verdicts as abilities (`abilitiesOf`), so an app offers only what the server will allow.
 */

/** What a policy reads of a scope (an `ActorScope` is one): the caller's project and who they are. */
export interface PolicyScope {
  project: Pick<TenantProject, 'id'>;
  principal: Pick<Principal, 'accountId' | 'roleSystem' | 'unitId' | 'menu'>;
}

/**
 * The policy's view of a call's scope: null for an anonymous caller, or a call outside a project
 * (for whom a verb is never allowed).
 */
export function policyScopeOf(scope: Pick<Scope, 'principal' | 'project'>): PolicyScope | null {
  return scope.principal && scope.project ? { project: scope.project, principal: scope.principal } : null;
}

/**
 * The policy's view of a signed-in caller in their own project; platform staff, who have none, judge
 * in project 0 (whose rows nobody holds), so only verbs that do not ask for the caller's project
 * allow them anything.
 */
export function principalScope(scope: SignedInScope): PolicyScope {
  return { project: { id: scope.principal.projectId ?? 0 }, principal: scope.principal };
}

/**
 * Why a verb is refused: the reason shown to people (zh-CN). `forbidden` answers 403 (the caller's
 * role may never do it); otherwise the refusal is a business refusal (respCode -1).
 */
export interface Refusal {
  reason: string;
  forbidden?: true;
}

/** A policy's answer: null allows, a refusal refuses. */
export type Verdict = Refusal | null;

/** A business refusal with its reason. */
export const refuse = (reason: string): Refusal => ({ reason });

/** A refusal of the caller's role (403). */
export const forbid = (reason: string = RESP_DESC.FORBIDDEN): Refusal => ({ reason, forbidden: true });

/**
 * Whether `principal`'s role may make a call of this access at all: one of its role systems, and
 * one of its back-office pages granted. What the router checks before every signed-in call.
 */
export function mayCall(
  principal: Pick<Principal, 'roleSystem' | 'menu'>,
  access: Pick<CallAccess, 'roles'> & { permission?: readonly string[] },
): boolean {
  if (access.roles && !access.roles.includes(principal.roleSystem)) return false;
  return !access.permission || access.permission.some((url) => isMenuGranted(principal.menu, url));
}

/**
 * `mayCall` as a verdict (a refusal of the role): for an ability of a row whose call is granted by
 * pages (a screen listing rows some roles may only read must not offer what the call would refuse
 * them).
 */
export const callGrant = (scope: PolicyScope, access: Parameters<typeof mayCall>[1]): Verdict =>
  mayCall(scope.principal, access) ? null : forbid();

/**
 * Every verb of every policy and the row (its facts) it judges, merged by each module's policy file:
 * `declare module '../../core/policy' { interface PolicyVerbs { 'order.cancel': OrderFacts } }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in the policy files
export interface PolicyVerbs {}

export type Verb = keyof PolicyVerbs;

/** One verb's rule. */
export type Rule<V extends Verb> = (scope: PolicyScope, row: PolicyVerbs[V]) => Verdict;

/** The rules of one domain's verbs. */
export type Policy<V extends Verb> = { readonly [K in V]: Rule<K> };

const rules = new Map<string, (scope: PolicyScope, row: unknown) => Verdict>();

/** Declares a domain's verbs (once, when its policy file loads); answers the policy for direct use in tests. */
export function definePolicy<V extends Verb>(policy: Policy<V>): Policy<V> {
  for (const [verb, rule] of Object.entries(policy))
    rules.set(verb, rule as (scope: PolicyScope, row: unknown) => Verdict);
  return policy;
}

/** The verdict of a verb on a row. Throws Error for a verb no policy declares (a programming error). */
export function judge<V extends Verb>(scope: PolicyScope, verb: V, row: PolicyVerbs[V]): Verdict {
  const rule = rules.get(verb);
  if (!rule) throw new Error(`no policy declares the verb ${verb}`);
  return rule(scope, row);
}

/** Whether the caller may do the verb to the row. */
export function can<V extends Verb>(scope: PolicyScope, verb: V, row: PolicyVerbs[V]): boolean {
  return judge(scope, verb, row) === null;
}

/** Whether the caller of a scope may do the verb to the row (never an anonymous caller). */
export function callerCan<V extends Verb>(
  scope: Pick<Scope, 'principal' | 'project'>,
  verb: V,
  row: PolicyVerbs[V],
): boolean {
  const caller = policyScopeOf(scope);
  return caller !== null && can(caller, verb, row);
}

/**
 * Refuses the verb unless the policy allows it: ForbiddenError (403) for a refusal of the role,
 * BusinessError (-1) with the policy's reason otherwise.
 */
export function authorize<V extends Verb>(scope: PolicyScope, verb: V, row: PolicyVerbs[V]): void {
  enforce(judge(scope, verb, row));
}

/**
 * Refuses by a verdict judged without a caller (a rule of a row alone): ForbiddenError (403) for a
 * refusal of the role, BusinessError (-1) with its reason otherwise; nothing for null.
 */
export function enforce(verdict: Verdict): void {
  if (!verdict) return;
  throw verdict.forbidden ? new ForbiddenError(verdict.reason) : new BusinessError(verdict.reason);
}

/**
 * A row's abilities computed by the policies: for each name its verb's verdict as `canX` (allowed)
 * and `xRefusal` (the reason of a refusal, null when allowed).
 */
export function abilitiesOf<K extends string>(
  scope: PolicyScope,
  verbs: { [P in K]: { [V in Verb]: readonly [V, PolicyVerbs[V]] }[Verb] },
): Abilities<K> {
  const verdicts: Record<string, Verdict> = {};
  for (const [name, [verb, row]] of Object.entries(verbs) as [string, readonly [Verb, never]][])
    verdicts[name] = judge(scope, verb, row);
  return verdictAbilities(verdicts as { [P in K]: Verdict });
}

/**
 * A row's abilities from verdicts already judged (rules of a row alone, judged without a caller):
 * for each name `canX` (allowed) and `xRefusal` (the reason of a refusal, null when allowed).
 */
export function verdictAbilities<K extends string>(verdicts: { [P in K]: Verdict }): Abilities<K> {
  const abilities: Record<string, boolean | string | null> = {};
  for (const [name, verdict] of Object.entries(verdicts) as [string, Verdict][]) {
    abilities[`can${name.charAt(0).toUpperCase()}${name.slice(1)}`] = verdict === null;
    abilities[`${name}Refusal`] = verdict?.reason ?? null;
  }
  return abilities as Abilities<K>;
}

/**
 * A question a lower module asks about its rows that modules above it answer from what they hold
 * (an order's open refund application, its abilities of invoicing or refunding), without importing
 * them: declared by the asking module, answered by `answerFacts` in the higher module's listeners.
 */
export interface FactHook<I, O> {
  readonly name: string;
  /** Phantom: the question and the answer. */
  readonly __types?: [I, O];
}

/** Declares a fact hook in the module that asks. */
export const factHook = <I, O>(name: string): FactHook<I, O> => ({ name });

export type FactProvider<I, O> = (scope: Scope, input: I, transaction?: Transaction) => Promise<O>;

const providers = new Map<string, FactProvider<unknown, unknown>[]>();

/** Adds an answer of a fact hook (module wiring at start). Adding the same provider twice has no effect. */
export function answerFacts<I, O>(hook: FactHook<I, O>, provider: FactProvider<I, O>): void {
  const list = providers.get(hook.name) ?? [];
  if (!list.includes(provider as FactProvider<unknown, unknown>))
    list.push(provider as FactProvider<unknown, unknown>);
  providers.set(hook.name, list);
}

/** Every provider's answer of the hook, in wiring order (none: an empty list). */
export async function gatherFacts<I, O>(
  scope: Scope,
  hook: FactHook<I, O>,
  input: I,
  transaction?: Transaction,
): Promise<O[]> {
  const answers: O[] = [];
  for (const provider of providers.get(hook.name) ?? [])
    answers.push((await provider(scope, input, transaction)) as O);
  return answers;
}
