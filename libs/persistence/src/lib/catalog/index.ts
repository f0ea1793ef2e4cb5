export * from './catalog.entities';
export * from './catalog.store';
export * from './catalog-database-errors';
