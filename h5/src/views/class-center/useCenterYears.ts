import { useCallback } from 'react';
import { listCenterYears } from '../../api/train-class';
import { type Remote, useRemote } from '../../hooks/useRemote';

/**
 * The years that have offered classes (newest first, from the project's classStartYear on, as
 * `class/center-years` answers them), loaded when `enabled`; `reload` asks again.
 */
export function useCenterYears(enabled: boolean, unitId: number | undefined): Remote<number[]> {
  const load = useCallback(() => listCenterYears(unitId), [unitId]);
  return useRemote(enabled ? load : null);
}
