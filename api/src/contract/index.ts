export * from './common';
export * from './project';
