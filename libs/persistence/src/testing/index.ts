export * from './scratch-database';
