import type { Transaction } from 'sequelize';
import type { Scope } from './action';

/**
 * Domain events: how a lower module tells the modules above it that something happened, without
 * importing them (modules import only the layers below them; see `api/src/modules/layers.ts`).
 * The lower module declares the event and emits it inside its transaction; a higher module listens
 * (`<module>.listeners.ts`, wired once by `api/src/modules/index.ts`). Listeners run in order, in
 * the emitter's transaction, so their writes commit or roll back with it; a listener that throws
 * (a BusinessError such as "still used by a class") vetoes the change.
 */
export interface DomainEvent<P> {
  readonly name: string;
  /** Phantom: the payload type. */
  readonly __payload?: P;
}

/** Declares an event in the module that emits it: `export const courseDeleting = domainEvent<{...}>('course.deleting')`. */
export const domainEvent = <P>(name: string): DomainEvent<P> => ({ name });

export type Listener<P> = (scope: Scope, payload: P, transaction: Transaction) => Promise<void>;

const listeners = new Map<string, Listener<unknown>[]>();

/** Adds a listener of an event (module wiring at start). Adding the same listener twice has no effect. */
export function listen<P>(event: DomainEvent<P>, listener: Listener<P>): void {
  const list = listeners.get(event.name) ?? [];
  if (!list.includes(listener as Listener<unknown>)) list.push(listener as Listener<unknown>);
  listeners.set(event.name, list);
}

/** Runs the listeners of an event in the emitter's transaction; rethrows the first failure (a veto). */
export async function emit<P>(
  scope: Scope,
  event: DomainEvent<P>,
  payload: P,
  transaction: Transaction,
): Promise<void> {
  for (const listener of listeners.get(event.name) ?? []) await listener(scope, payload, transaction);
}
