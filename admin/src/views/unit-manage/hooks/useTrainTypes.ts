import { useMemo } from 'react';
import { listUnitTrainTypes } from '../../../api/unit';
import { codeChoices, type DictionaryChoices, useCodeList } from '../../../hooks/useDictionary';

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
  const { items, loading } = useCodeList(() => listUnitTrainTypes(), null);
  return useMemo(
    () => ({
      ...codeChoices(items, loading),
      countedOptions: items.map((item) => ({
        value: item.code,
        label: `${item.label}（${item.unitCount}）`,
      })),
    }),
    [items, loading],
  );
}
