import { useCallback, useRef, useState } from 'react';
import type { FormInstance } from 'react-vant';
import { showServerFieldErrors } from '../utils/form-errors';
import { showLocalError } from '../utils/show-error';

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

/**
 * The submit lock of a form whose refusals land on its fields: `run(task)` as `useSubmitLock`, and
 * a failure of `task` is said (a local one here: the request client says the server's) and the
 * fields it names are marked (`aliases` as `showServerFieldErrors`). `run` never rejects.
 */
export function useFormSubmit(
  form: Pick<FormInstance, 'getFieldsError' | 'setFields'>,
  aliases?: Readonly<Record<string, string>>,
): SubmitLock {
  const { submitting, run } = useSubmitLock();
  const submit = useCallback(
    (task: () => Promise<void>) =>
      run(async () => {
        try {
          await task();
        } catch (error) {
          showLocalError(error);
          showServerFieldErrors(form, error, aliases);
        }
      }),
    [run, form, aliases],
  );
  return { submitting, run: submit };
}
