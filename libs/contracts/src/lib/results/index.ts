export * from './results-limits';
export * from './result-values';
export * from './result-validators';
export * from './register-result.dto';
export * from './register-direct.dto';
export * from './search-results.dto';
export * from './parameter-stats-query.dto';
export * from './result-responses';
