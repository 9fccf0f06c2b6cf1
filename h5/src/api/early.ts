/**
 * A call that may start before React renders (router/first-calls.ts) and be taken by the screen
 * that asks it first: `prefetch(input)` starts it, `take(input)` answers the prefetched call once
 * when it was for the same input (by `key`), else calls anew. A prefetch nobody takes fails quietly;
 * one that is taken hands its failure to the screen.
 */
export interface EarlyCall<I, O> {
  prefetch(input: I): void;
  take(input: I): Promise<O>;
}

export function earlyCall<I, O>(call: (input: I) => Promise<O>, key: (input: I) => string): EarlyCall<I, O> {
  let early: { key: string; answer: Promise<O> } | null = null;
  return {
    prefetch(input) {
      const answer = call(input);
      answer.catch(() => undefined);
      early = { key: key(input), answer };
    },
    take(input) {
      const taken = early;
      early = null;
      return taken && taken.key === key(input) ? taken.answer : call(input);
    },
  };
}
