import { StoreDefinition } from '../database/data-source-options';
import {
  CatalogExecutionEntity,
  CatalogExecutionStatsEntity,
  CatalogSearchPostingEntity,
  CatalogSearchTermEntity,
  CatalogSimulationEntity,
  CatalogSimulationTagEntity,
  CatalogSyncItemEntity,
} from './catalog.entities';
import {
  CreateCatalogTablesPostgres1767300000000,
  CreateCatalogTablesSqlite1767300000000,
} from './migrations/1767300000000-create-catalog-tables';
import {
  AddSimulationDocumentsPostgres1767400000000,
  AddSimulationDocumentsSqlite1767400000000,
} from './migrations/1767400000000-add-simulation-documents';

export const CATALOG_STORE: StoreDefinition = {
  name: 'catalog',
  entities: [
    CatalogSimulationEntity,
    CatalogSimulationTagEntity,
    CatalogSearchTermEntity,
    CatalogSearchPostingEntity,
    CatalogExecutionEntity,
    CatalogExecutionStatsEntity,
    CatalogSyncItemEntity,
  ],
  migrations: {
    sqlite: [CreateCatalogTablesSqlite1767300000000, AddSimulationDocumentsSqlite1767400000000],
    postgresql: [CreateCatalogTablesPostgres1767300000000, AddSimulationDocumentsPostgres1767400000000],
  },
  // Every catalog statement is prepared once per session and has a fixed shape, so each is planned
  // once (a generic plan). By default PostgreSQL plans a statement again on every execution while
  // it judges a plan for the actual values cheaper, and for search it misjudges: for
  // `term LIKE '%token%'` it picks a scan of the whole vocabulary over the trigram index, and
  // pays 0.3–0.9 ms of planning per search on top (measured on the catalog benchmark's data).
  postgresSettings: { plan_cache_mode: 'force_generic_plan' },
};
