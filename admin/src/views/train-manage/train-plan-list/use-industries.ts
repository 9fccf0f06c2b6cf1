import { type DictionaryItem, INDUSTRY_DICTIONARY_TYPE } from '@px/api/contract';
import { useEffect, useMemo, useState } from 'react';
import { listDictionary } from '../../../api/dictionary';

export interface Industries {
  /** Select options: code and label. */
  options: { value: string; label: string }[];
  loading: boolean;
}

/** The project's industries (`dictionary/list?type=industry`), loaded once per screen. */
export function useIndustries(): Industries {
  const [items, setItems] = useState<DictionaryItem[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let current = true;
    listDictionary(INDUSTRY_DICTIONARY_TYPE).then(
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
  return useMemo(
    () => ({ options: items.map((item) => ({ value: item.code, label: item.label })), loading }),
    [items, loading],
  );
}
