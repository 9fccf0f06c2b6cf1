export * from './faults';
export * from './pages';
export * from './server';
export * from './store';
export * from './validate';
