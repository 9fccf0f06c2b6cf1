export * from './client/client';
export * from './protocol';
