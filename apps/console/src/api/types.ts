import type { CacheSchema, CatalogSchema, ResultsSchema } from '@simsvc/client';

export type Simulation = CatalogSchema<'SimulationResponse'>;
export type SimulationStats = CatalogSchema<'SimulationStatsResponse'>;
export type Execution = CatalogSchema<'ExecutionResponse'>;
export type SyncItem = CatalogSchema<'SyncItemResponse'>;
export type SearchHit = ResultsSchema<'SearchHit'>;
export type Result = ResultsSchema<'ResultResponse'>;
export type CacheStats = CacheSchema<'CacheStatsResponse'>;
export type CacheEntry = CacheSchema<'CacheEntryListItem'>;
export type Invalidation = CacheSchema<'InvalidationRecord'>;
export type User = CacheSchema<'UserDto'>;
export type ParamSchema = Simulation['input_schema'][string];
