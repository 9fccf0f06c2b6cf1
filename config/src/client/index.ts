export * from './cookie';
export * from './interpret-response';
export * from './settle-outcome';
