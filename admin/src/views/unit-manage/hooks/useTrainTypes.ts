import type { DictionaryItem } from '@px/api/contract';
import { useEffect, useMemo, useState } from 'react';
import { listDictionary } from '../../../api/dictionary';

/** The dictionary type of units' training types. */
export const TRAIN_TYPE_DICTIONARY = 'train-type';

export interface TrainTypes {
  /** Checkbox/select options: code and label. */
  options: { value: string; label: string }[];
  /** The label of a code (the code itself when the dictionary lacks it). */
  labelOf: (code: string) => string;
  loading: boolean;
}

/** The project's training types (`dictionary/list?type=train-type`), loaded once per screen. */
export function useTrainTypes(): TrainTypes {
  const [items, setItems] = useState<DictionaryItem[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let current = true;
    listDictionary(TRAIN_TYPE_DICTIONARY).then(
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
  }, []);
  return useMemo(() => {
    const labels = new Map(items.map((item) => [item.code, item.label]));
    return {
      options: items.map((item) => ({ value: item.code, label: item.label })),
      labelOf: (code: string) => labels.get(code) ?? code,
      loading,
    };
  }, [items, loading]);
}
