export * from './cookie';
export * from './interpret-response';
export * from './login-crypto';
export * from './settle-outcome';
