import type { SystemInfo } from '@px/api/contract';
import { readUnitIdParam } from '@px/config';
import { createProjectStore } from '@px/config/react';
import { atomWithDefault } from 'jotai/utils';
import { getSystemInfo } from '../api/project';

/**
 * The unit whose project the back office describes (spec section 2: `unitId` of the address is
 * passed to the system-config call); read from the address the app was opened with.
 */
export const unitIdAtom = atomWithDefault<number | undefined>(() => readUnitIdParam(window.location.search));

/** The project settings (`@px/config/react` createProjectStore): one call per store, shared by the layout and every screen. */
export const projectStore = createProjectStore<SystemInfo>({
  unitIdAtom,
  getSystemInfo: (unitId) => getSystemInfo(unitId),
});
export const { systemInfoStateAtom, projectSettingsAtom, loadSystemInfoAtom } = projectStore;
