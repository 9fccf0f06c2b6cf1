import { message } from 'antd';
import { useCallback, useState } from 'react';
import { sortClasses } from '../../../api/train-class';

/** The sort numbers being edited (调整排序) of the rows on screen. */
export interface SortEditing {
  editing: boolean;
  saving: boolean;
  /** The number shown for a row: the edited one, else its own. */
  numberOf: (row: { id: number; sort: number }) => number;
  change: (id: number, sort: number) => void;
  start: () => void;
  cancel: () => void;
  /** Sends every row on screen with its number to `class/sort`, then `onSaved`. */
  save: () => Promise<void>;
}

/** 调整排序 of the class list: edit the numbers of the rows on screen and save them at once. */
export function useSortEditing(
  rows: readonly { id: number; sort: number }[],
  onSaved: () => void,
): SortEditing {
  const [draft, setDraft] = useState<ReadonlyMap<number, number> | null>(null);
  const [saving, setSaving] = useState(false);

  const numberOf = useCallback(
    (row: { id: number; sort: number }) => draft?.get(row.id) ?? row.sort,
    [draft],
  );
  const change = useCallback(
    (id: number, sort: number) => setDraft((current) => new Map(current ?? []).set(id, sort)),
    [],
  );

  const save = async () => {
    if (rows.length === 0) {
      setDraft(null);
      return;
    }
    setSaving(true);
    try {
      await sortClasses(rows.map((row) => ({ id: row.id, sort: draft?.get(row.id) ?? row.sort })));
      void message.success('排序已保存');
      setDraft(null);
      onSaved();
    } catch {
      // The request client has shown why; the numbers stay for another try.
    } finally {
      setSaving(false);
    }
  };

  return {
    editing: draft !== null,
    saving,
    numberOf,
    change,
    start: () => setDraft(new Map()),
    cancel: () => setDraft(null),
    save,
  };
}
