import type { UnitTrainTypeItem } from '@px/api/contract';
import { useEffect, useMemo, useState } from 'react';
import { listUnitTrainTypes } from '../../../api/unit';
import type { DictionaryChoices } from '../../../hooks/useDictionary';

/** The training types units may be given, as choices, with how many units have each. */
export interface TrainTypeChoices extends DictionaryChoices {
  /** Filter options: the label with the number of units (`安全生产（3）`). */
  countedOptions: { value: string; label: string }[];
}

/**
 * The project's training types for units (`unit/train-type`: the dictionary `train-type` with the
 * number of units of each), loaded once per screen.
 */
export function useTrainTypes(): TrainTypeChoices {
  const [items, setItems] = useState<UnitTrainTypeItem[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let current = true;
    listUnitTrainTypes().then(
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
      countedOptions: items.map((item) => ({
        value: item.code,
        label: `${item.label}（${item.unitCount}）`,
      })),
      labelOf: (code: string) => labels.get(code) ?? code,
      loading,
    };
  }, [items, loading]);
}
