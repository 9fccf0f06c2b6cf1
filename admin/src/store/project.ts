import type { SystemInfo } from '@px/api/contract';
import { RESP_DESC } from '@px/config';
import { atom } from 'jotai';
import { atomWithDefault } from 'jotai/utils';
import { getSystemInfo } from '../api/project';
import { readUnitIdParam } from '../router/guard';

export type SystemInfoState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; settings: SystemInfo }
  | { status: 'error'; message: string };

/**
 * The unit whose project the back office describes (spec section 2: `unitId` of the address is
 * passed to the system-config call); read from the address the app was opened with.
 */
export const unitIdAtom = atomWithDefault<number | undefined>(() => readUnitIdParam(window.location.search));

/** Where the system-info call stands; one call per store, shared by the layout and every screen. */
export const systemInfoStateAtom = atom<SystemInfoState>({ status: 'idle' });

/** The project settings once loaded, otherwise null. */
export const projectSettingsAtom = atom<SystemInfo | null>((get) => {
  const state = get(systemInfoStateAtom);
  return state.status === 'ready' ? state.settings : null;
});

/**
 * Loads the project settings unless they are loaded or loading; `{ force: true }` loads them again.
 * Never rejects: a failure is kept in the state (the request client has already shown it).
 */
export const loadSystemInfoAtom = atom(null, async (get, set, options?: { force?: boolean }) => {
  const current = get(systemInfoStateAtom);
  if (current.status === 'loading' || (current.status !== 'idle' && !options?.force)) return;
  set(systemInfoStateAtom, { status: 'loading' });
  try {
    set(systemInfoStateAtom, { status: 'ready', settings: await getSystemInfo(get(unitIdAtom)) });
  } catch (error) {
    set(systemInfoStateAtom, {
      status: 'error',
      message: error instanceof Error && error.message ? error.message : RESP_DESC.ERROR,
    });
  }
});
