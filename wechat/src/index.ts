export * from './client/signature';
