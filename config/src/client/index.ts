export * from './api-client';
export * from './blob-envelope';
export * from './cookie';
export * from './finish-request';
export * from './interpret-response';
export * from './login-crypto';
export * from './settle-outcome';
