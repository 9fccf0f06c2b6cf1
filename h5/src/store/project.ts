import type { SystemInfo } from '@px/api/contract';
import { createProjectStore } from '@px/config/react';
import { atom } from 'jotai';
import { getSystemInfo } from '../api/project';

/** The `unitId` of the query string the site was opened with; sent with the system-info call. */
export const unitIdAtom = atom<number | undefined>(undefined);

/** The project settings (`@px/config/react` createProjectStore): one system-info call per store. */
export const projectStore = createProjectStore<SystemInfo>({
  unitIdAtom,
  getSystemInfo: (unitId) => getSystemInfo(unitId),
});
export const { systemInfoStateAtom, projectSettingsAtom, loadSystemInfoAtom } = projectStore;
