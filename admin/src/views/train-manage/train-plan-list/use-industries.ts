import { INDUSTRY_DICTIONARY_TYPE } from '@px/api/contract';
import { type DictionaryChoices, useDictionary } from '../../../hooks/useDictionary';

/** The project's industries (`dictionary/list?type=industry`), loaded once per screen. */
export function useIndustries(): DictionaryChoices {
  return useDictionary(INDUSTRY_DICTIONARY_TYPE);
}
