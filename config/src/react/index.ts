export * from './project-store';
export * from './session-store';
