export * from './calls';
export * from './client/client';
export * from './protocol';
