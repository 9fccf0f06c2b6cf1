/**
 * The bridge from an app's request client (outside React) to its session: any call answered with
 * respCode 401 ends the session, and the navigation guard sends the person to sign in again.
 */
export interface UnauthorizedSignal {
  /** Registers what a 401 answer does (one listener: the app's session); returns the unregister function. */
  listen(next: () => void): () => void;
  /** Called by the request client when a call was answered with respCode 401. */
  notify(): void;
}

/** A new 401 bridge with no listener (one per app). */
export function createUnauthorizedSignal(): UnauthorizedSignal {
  let listener: (() => void) | null = null;
  return {
    listen(next) {
      listener = next;
      return () => {
        if (listener === next) listener = null;
      };
    },
    notify() {
      listener?.();
    },
  };
}
