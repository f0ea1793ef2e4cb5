export * from './lib/sim2l-run-database';
export * from './lib/test-database';
export * from './lib/test-service';
export * from './lib/openapi-completeness';
export * from './lib/openapi-response-validator';
export * from './lib/free-port';
export * from './lib/fuzz/raw-exchange';
export * from './lib/fuzz/early-refusals';
