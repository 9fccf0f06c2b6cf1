import type { DictionaryItem } from '@px/api/contract';
import { useEffect, useMemo, useState } from 'react';
import { listDictionary } from '../api/dictionary';

/** A dictionary of the project as choices. */
export interface DictionaryChoices {
  /** Checkbox/select options: code and label. */
  options: { value: string; label: string }[];
  /** The label of a code (the code itself when the dictionary lacks it). */
  labelOf: (code: string) => string;
  loading: boolean;
}

/** The project's dictionary of `type` (`dictionary/list?type=…`), loaded once per screen. */
export function useDictionary(type: string): DictionaryChoices {
  const [items, setItems] = useState<DictionaryItem[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let current = true;
    listDictionary(type).then(
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
  }, [type]);
  return useMemo(() => {
    const labels = new Map(items.map((item) => [item.code, item.label]));
    return {
      options: items.map((item) => ({ value: item.code, label: item.label })),
      labelOf: (code: string) => labels.get(code) ?? code,
      loading,
    };
  }, [items, loading]);
}
