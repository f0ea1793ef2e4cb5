export * from './lib/run-database-writer';
