import { type Atom, atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { RESP_DESC } from '../constants';

/** Where the system-info call (the project settings) stands. */
export type SystemInfoState<S> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; settings: S }
  | { status: 'error'; message: string };

/** What an app plugs into its project store. */
export interface ProjectStoreOptions<S> {
  /** The unit whose project the app describes (`unitId` of the address); sent with the call. */
  unitIdAtom: Atom<number | undefined>;
  /** The system-info call (`project/system-info`); rejects after the failure was shown. */
  getSystemInfo: (unitId: number | undefined) => Promise<S>;
}

/**
 * The project settings store both apps share: one system-info call per jotai store, shared by
 * every screen. Loading again only when forced; a failure is kept in the state with its text.
 */
export function createProjectStore<S>(options: ProjectStoreOptions<S>) {
  /** Where the system-info call stands. */
  const systemInfoStateAtom = atom<SystemInfoState<S>>({ status: 'idle' });

  /** The project settings once loaded, otherwise null. */
  const projectSettingsAtom = atom<S | null>((get) => {
    const state = get(systemInfoStateAtom);
    return state.status === 'ready' ? state.settings : null;
  });

  /**
   * Loads the project settings unless they are loaded or loading; `{ force: true }` loads them again.
   * Never rejects: a failure is kept in the state (the request client has already shown it).
   */
  const loadSystemInfoAtom = atom(null, async (get, set, load?: { force?: boolean }) => {
    const current = get(systemInfoStateAtom);
    if (current.status === 'loading' || (current.status !== 'idle' && !load?.force)) return;
    set(systemInfoStateAtom, { status: 'loading' });
    try {
      const settings = await options.getSystemInfo(get(options.unitIdAtom));
      set(systemInfoStateAtom, { status: 'ready', settings });
    } catch (error) {
      set(systemInfoStateAtom, {
        status: 'error',
        message: error instanceof Error && error.message ? error.message : RESP_DESC.ERROR,
      });
    }
  });

  return { systemInfoStateAtom, projectSettingsAtom, loadSystemInfoAtom };
}

/** The project atoms of an app. */
export type ProjectStore<S> = ReturnType<typeof createProjectStore<S>>;

/** The project settings as a screen sees them: loading, failed or ready, with a way to load them again. */
export type SystemInfoView<S> =
  | { status: 'loading'; reload: () => void }
  | (Extract<SystemInfoState<S>, { status: 'ready' | 'error' }> & { reload: () => void });

/** The project settings of `store` with their loading state (loading them on first use), and `reload`. */
export function useProjectSettings<S>(store: ProjectStore<S>): SystemInfoView<S> {
  const state = useAtomValue(store.systemInfoStateAtom);
  const load = useSetAtom(store.loadSystemInfoAtom);
  useEffect(() => {
    void load();
  }, [load]);
  const reload = useCallback(() => void load({ force: true }), [load]);
  return state.status === 'idle' ? { status: 'loading', reload } : { ...state, reload };
}
