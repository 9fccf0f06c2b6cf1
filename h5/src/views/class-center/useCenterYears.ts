import { useCallback, useEffect, useState } from 'react';
import { listCenterYears } from '../../api/train-class';

export type YearsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; years: number[] };

/**
 * The years that have offered classes (newest first, from the project's classStartYear on, as
 * `class/center-years` answers them), loaded when `enabled`; `reload` asks again.
 */
export function useCenterYears(
  enabled: boolean,
  unitId: number | undefined,
): {
  state: YearsState;
  reload: () => void;
} {
  const [state, setState] = useState<YearsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    setState({ status: 'loading' });
    listCenterYears(unitId).then(
      (years) => current && setState({ status: 'ready', years }),
      (error: unknown) =>
        current &&
        setState({ status: 'error', message: error instanceof Error ? error.message : '加载失败' }),
    );
    return () => {
      current = false;
    };
  }, [enabled, unitId, attempt]);

  return { state, reload: useCallback(() => setAttempt((value) => value + 1), []) };
}
