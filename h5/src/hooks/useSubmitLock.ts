import { useCallback, useRef, useState } from 'react';

export interface SubmitLock {
  /** A task is running (the submit button shows it). */
  submitting: boolean;
  /**
   * Runs `task` unless one is running already (a second tap or Enter is ignored); `submitting`
   * holds while it runs. Rejects when the task does, the lock being released first.
   */
  run: (task: () => Promise<void>) => Promise<void>;
}

/** The lock against double submit of a form. */
export function useSubmitLock(): SubmitLock {
  const running = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const run = useCallback(async (task: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setSubmitting(true);
    try {
      await task();
    } finally {
      running.current = false;
      setSubmitting(false);
    }
  }, []);
  return { submitting, run };
}
