import type { FormInstance } from 'antd';
import { useCallback, useState } from 'react';
import type { FieldError } from '../api/request';
import { showServerFieldErrors } from '../utils/form-errors';

/** A form's save: busy while it runs; a refusal marks the fields it names and keeps the rest to show. */
export interface FormSave {
  saving: boolean;
  /** What the last refusal said that no field of the form could show (for `UnsavedAlert`). */
  unshown: string[];
  /**
   * Runs `write` (the call and what follows its success) with `saving` set; a refusal, already shown
   * by the request client, lands on the fields it names, the rest in `unshown`.
   */
  run: (write: () => Promise<void>) => Promise<void>;
  /** Forgets what the last refusal left unshown (a new attempt, the editor opened again). */
  clearUnshown: () => void;
}

export interface FormSaveOptions {
  /** The part of the server's field paths above the form (`settings`). */
  prefix?: string;
  /** How a refusal no field shows reads (default its message). */
  describe?: (error: FieldError) => string;
}

/** The save of `form` (see FormSave). */
export function useFormSave(
  form: Pick<FormInstance, 'getFieldsError' | 'setFields'>,
  { prefix = '', describe = (error) => error.message }: FormSaveOptions = {},
): FormSave {
  const [saving, setSaving] = useState(false);
  const [unshown, setUnshown] = useState<string[]>([]);
  const run = async (write: () => Promise<void>) => {
    setUnshown([]);
    setSaving(true);
    try {
      await write();
    } catch (error) {
      setUnshown(showServerFieldErrors(form, error, prefix).map(describe));
    } finally {
      setSaving(false);
    }
  };
  const clearUnshown = useCallback(() => setUnshown([]), []);
  return { saving, unshown, run, clearUnshown };
}
