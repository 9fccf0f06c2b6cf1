import { useEffect, useMemo, useRef, useState } from 'react';
import { listDictionary } from '../api/dictionary';

/** A dictionary of the project as choices. */
export interface DictionaryChoices {
  /** Checkbox/select options: code and label. */
  options: { value: string; label: string }[];
  /** The label of a code (the code itself when the dictionary lacks it). */
  labelOf: (code: string) => string;
  loading: boolean;
}

/** A code/label list from the server (`load` of `key`, again when `key` changes), with whether it is loading. */
export function useCodeList<I extends { code: string; label: string }, K>(
  load: (key: K) => Promise<I[]>,
  key: K,
): { items: I[]; loading: boolean } {
  const [items, setItems] = useState<I[]>([]);
  const [loading, setLoading] = useState(true);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let current = true;
    loadRef.current(key).then(
      (list) => {
        if (!current) return;
        setItems(list);
        setLoading(false);
      },
      () => current && setLoading(false),
    );
    return () => {
      current = false;
    };
  }, [key]);
  return { items, loading };
}

/** The choices of a code/label list. */
export function codeChoices(
  items: readonly { code: string; label: string }[],
  loading: boolean,
): DictionaryChoices {
  const labels = new Map(items.map((item) => [item.code, item.label]));
  return {
    options: items.map((item) => ({ value: item.code, label: item.label })),
    labelOf: (code: string) => labels.get(code) ?? code,
    loading,
  };
}

/** The project's dictionary of `type` (`dictionary/list?type=…`), loaded once per screen. */
export function useDictionary(type: string): DictionaryChoices {
  const { items, loading } = useCodeList(listDictionary, type);
  return useMemo(() => codeChoices(items, loading), [items, loading]);
}
