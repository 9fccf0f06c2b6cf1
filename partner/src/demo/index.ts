export * from './site';
