import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { loadSystemInfoAtom, type SystemInfoState, systemInfoStateAtom } from '../store/project';

export type SystemInfoView =
  | { status: 'loading'; reload: () => void }
  | (Extract<SystemInfoState, { status: 'ready' | 'error' }> & { reload: () => void });

/** The project settings with their loading state (loading them on first use), and a way to load them again. */
export function useSystemInfo(): SystemInfoView {
  const state = useAtomValue(systemInfoStateAtom);
  const load = useSetAtom(loadSystemInfoAtom);
  useEffect(() => {
    void load();
  }, [load]);
  const reload = useCallback(() => void load({ force: true }), [load]);
  return state.status === 'idle' ? { status: 'loading', reload } : { ...state, reload };
}
