export { createSimsvcClient, DEFAULT_URLS, type SimsvcClient, type SimsvcClientOptions } from './lib/simsvc-client.js';
export { SimsvcError, SimsvcNotServiceError, SimsvcUnreachableError, REQUEST_ID_HEADER } from './lib/simsvc-error.js';
export { SESSION_HEADER, type BodyMethod, type ServiceClient, type SuccessBody } from './lib/service-client.js';
export type { SessionFlow } from './lib/session-flow.js';
export type { paths as CachePaths, components as CacheComponents, operations as CacheOperations } from './generated/cache.js';
export type { paths as CatalogPaths, components as CatalogComponents, operations as CatalogOperations } from './generated/catalog.js';
export type { paths as ResultsPaths, components as ResultsComponents, operations as ResultsOperations } from './generated/results.js';
export type { CacheSchema, CatalogSchema, ResultsSchema } from './lib/schemas.js';
export { searchHits, searchPages, type SearchBody, type SearchHit, type SearchPage } from './lib/search-pages.js';
export {
  attachmentName,
  downloadRunDatabase,
  exportResults,
  uploadRunDatabase,
  type ExportBody,
  type RegisterResult,
} from './lib/results-files.js';
