import { type DictionaryChoices, useDictionary } from '../../../hooks/useDictionary';

/** The dictionary type of units' training types. */
export const TRAIN_TYPE_DICTIONARY = 'train-type';

/** The project's training types (`dictionary/list?type=train-type`), loaded once per screen. */
export function useTrainTypes(): DictionaryChoices {
  return useDictionary(TRAIN_TYPE_DICTIONARY);
}
