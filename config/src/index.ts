export * from './admin-menu';
export * from './call';
export * from './class-types';
export * from './client';
export * from './constants';
export * from './formatters';
export * from './settings';
export * from './validators';
