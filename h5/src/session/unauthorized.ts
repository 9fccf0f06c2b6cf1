/**
 * The bridge from the request client (outside React) to the session: any call answered with
 * respCode 401 ends the session, and the navigation guard sends the student to sign in again.
 */
type Listener = () => void;

let listener: Listener | null = null;

/** Registers what a 401 answer does (one listener: the app's session); returns the unregister function. */
export function onUnauthorized(next: Listener): () => void {
  listener = next;
  return () => {
    if (listener === next) listener = null;
  };
}

/** Called by the request client when a call was answered with respCode 401. */
export function notifyUnauthorized(): void {
  listener?.();
}
