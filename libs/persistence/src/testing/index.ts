export * from './scratch-database';
export * from './test-store';
