import { useProjectSettings } from '@px/config/react';
import { projectStore } from '../store/project';

/** The project settings with their loading state (loading them on first use), and a way to load them again. */
export const useSystemInfo = () => useProjectSettings(projectStore);
