import { useMemo } from 'react';
import { getUnitOptions } from '../api/account';
import { useRecord } from './useRecord';

/** A unit as a Select offers it. */
export interface UnitChoice {
  value: number;
  label: string;
}

/**
 * The project's enabled units (`unit/all-unit-tree`) as Select choices, loaded once per screen; a
 * failed load (shown by the request client) offers none.
 */
export function useUnitChoices(): { choices: UnitChoice[]; loading: boolean } {
  const state = useRecord('units', () => getUnitOptions());
  const units = state.status === 'ready' ? state.record : undefined;
  const choices = useMemo(() => (units ?? []).map((unit) => ({ value: unit.id, label: unit.name })), [units]);
  return { choices, loading: state.status === 'loading' };
}
