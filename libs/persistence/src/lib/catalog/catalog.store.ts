import { StoreDefinition } from '../database/data-source-options';
import {
  CATALOG_DERIVED_OBJECTS,
  CatalogExecutionEntity,
  CatalogExecutionStatsEntity,
  CatalogInstallationEntity,
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
import {
  Sim2lCompatibilityPostgres1767500000000,
  Sim2lCompatibilitySqlite1767500000000,
} from './migrations/1767500000000-sim2l-compatibility';
import { EntitySchemaSqlite1768100000000 } from './migrations/1768100000000-entity-schema';
import {
  SimulationVisibilityLicensePostgres1769300000000,
  SimulationVisibilityLicenseSqlite1769300000000,
} from './migrations/1769300000000-simulation-visibility-license';
import {
  DropSimulationDocumentsPostgres1769700000000,
  DropSimulationDocumentsSqlite1769700000000,
} from './migrations/1769700000000-drop-simulation-documents';
import { DerivedDataPostgres1769700000001, DerivedDataSqlite1769700000001 } from './migrations/1769700000001-derived-data';

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
    CatalogInstallationEntity,
  ],
  derived: CATALOG_DERIVED_OBJECTS,
  migrations: {
    sqlite: [
      CreateCatalogTablesSqlite1767300000000,
      AddSimulationDocumentsSqlite1767400000000,
      Sim2lCompatibilitySqlite1767500000000,
      // PostgreSQL's schema already matched the entities.
      EntitySchemaSqlite1768100000000,
      SimulationVisibilityLicenseSqlite1769300000000,
      DropSimulationDocumentsSqlite1769700000000,
      DerivedDataSqlite1769700000001,
    ],
    postgresql: [
      CreateCatalogTablesPostgres1767300000000,
      AddSimulationDocumentsPostgres1767400000000,
      Sim2lCompatibilityPostgres1767500000000,
      SimulationVisibilityLicensePostgres1769300000000,
      DropSimulationDocumentsPostgres1769700000000,
      DerivedDataPostgres1769700000001,
    ],
  },
  // Every catalog statement is prepared once per session and has a fixed shape, so each is planned
  // once (a generic plan). By default PostgreSQL plans a statement again on every execution while
  // it judges a plan for the actual values cheaper, and for search it misjudges: for
  // `term LIKE '%token%'` it picks a scan of the whole vocabulary over the trigram index, and
  // pays 0.3–0.9 ms of planning per search on top (measured on the catalog benchmark's data).
  postgresSettings: { plan_cache_mode: 'force_generic_plan' },
  // A search is ~0.5 ms of SQL, so one worker keeps up while the event loop, which every request
  // needs, keeps a core to itself; each worker more is another thread to wake per search. Measured
  // on 2 cores (catalog benchmark, one-token search, 8 connections, four alternating runs): one
  // worker 868–1,084 searches/s and 750–860 µs of worker CPU per search; two 720–953/s and 830–1,000 µs.
  sqliteReadWorkers: (cores) => Math.max(1, cores - 1),
};
