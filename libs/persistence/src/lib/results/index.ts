export * from './results.entities';
export * from './results.store';
