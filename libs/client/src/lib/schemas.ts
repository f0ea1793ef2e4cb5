import type { components as CacheComponents } from '../generated/cache.js';
import type { components as CatalogComponents } from '../generated/catalog.js';
import type { components as ResultsComponents } from '../generated/results.js';

/** A named schema of a service's OpenAPI document, e.g. `CacheSchema<'CacheEntryResponse'>`. */
export type CacheSchema<Name extends keyof CacheComponents['schemas']> = CacheComponents['schemas'][Name];
export type CatalogSchema<Name extends keyof CatalogComponents['schemas']> = CatalogComponents['schemas'][Name];
export type ResultsSchema<Name extends keyof ResultsComponents['schemas']> = ResultsComponents['schemas'][Name];
