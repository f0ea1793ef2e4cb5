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
    sqlite: [CreateCatalogTablesSqlite1767300000000],
    postgresql: [CreateCatalogTablesPostgres1767300000000],
  },
};
