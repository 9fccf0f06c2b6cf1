import { useEffect, useRef, useState } from 'react';

/** How an editor drawer loads the record it edits (see `useEditorRecord`). */
export interface EditorRecordOptions<T> {
  /** Whether the editor is open; it loads each time it opens. Always open when not given. */
  open?: boolean;
  /** The record edited; undefined for a new one (nothing is fetched). */
  id: number | undefined;
  /** Fetches the record of `id` (a rejection is shown as `failure`). */
  fetch: (id: number) => Promise<T>;
  /** Clears what the last opening left (e.g. `form.resetFields()`), before anything loads. */
  reset?: () => void;
  /** Fills the editor: with the fetched record, or with a new record's defaults (`null`). */
  show: (record: T | null) => void;
  /** What the drawer says when the record could not be loaded (e.g. 课程加载失败，请关闭后重试). */
  failure: string;
}

/** Where the loading stands, in the shape `EditorDrawer` takes. */
export interface EditorRecordState {
  /** The record is being fetched. */
  loading: boolean;
  /** The options' `failure` once fetching failed; null otherwise. */
  failure: string | null;
}

/**
 * The one way an editor drawer loads its record: each time it opens, `reset`, then for an `id`
 * fetch the record and `show` it (loading meanwhile, `failure` if the fetch fails), for none
 * `show(null)` at once. An answer that comes after the drawer closed or the id changed is dropped.
 * `fetch`, `reset` and `show` are read when the drawer opens, so inline arrows are fine. Never throws.
 */
export function useEditorRecord<T>(options: EditorRecordOptions<T>): EditorRecordState {
  const { open = true, id } = options;
  const [loading, setLoading] = useState(open && id !== undefined);
  const [failed, setFailed] = useState(false);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (!open) return;
    const { fetch, reset, show } = latest.current;
    let current = true;
    setFailed(false);
    reset?.();
    if (id === undefined) {
      setLoading(false);
      show(null);
      return;
    }
    setLoading(true);
    fetch(id).then(
      (record) => {
        if (!current) return;
        show(record);
        setLoading(false);
      },
      () => {
        if (!current) return;
        setFailed(true);
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [open, id]);

  return { loading, failure: failed ? options.failure : null };
}
