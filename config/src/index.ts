export * from './constants';
export * from './settings';
