import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { DerivedSchemaObjects } from '../database/data-source-options';

// The catalog's tables: the one declaration of their columns, checked against the migrated schema
// on both backends. The service reads and writes them through TypeORM, its measured hot paths
// through named statements (apps/catalog/src/app/catalog.statements.ts). Times are integer
// microseconds since the epoch; JSON is stored as text. Indexes TypeORM cannot express (DESC
// columns, partial, expression, trigram) are declared `synchronize: false` and made by the
// migrations, as are the SQLite FTS5 table and the triggers keeping statistics and the FTS index
// (CATALOG_DERIVED_OBJECTS, below; each trigger is defined once, in the 1769700000001 migration).
// A foreign key to catalog_simulations is a relation property next to its simulation_id column,
// named as PostgreSQL named it (`<table>_simulation_id_fkey`); the repositories use the column.

@Entity('catalog_simulations')
@Unique('catalog_simulations_name_version', ['name', 'version'])
// (name, version_sort_key DESC, id DESC): the latest version of a name in one probe.
@Index('catalog_simulations_latest', { synchronize: false })
export class CatalogSimulationEntity {
  @PrimaryGeneratedColumn({ type: 'integer' }) id!: number;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'text' }) version!: string;
  /** Byte-wise sortable key: semantic versions by precedence above all other versions (see version-order.ts). */
  @Column({ name: 'version_sort_key', type: 'text', collation: 'C' }) versionSortKey!: string;
  @Column({ type: 'text' }) status!: string;
  @Column({ name: 'created_at', type: 'bigint' }) createdAt!: number;
  @Column({ name: 'updated_at', type: 'bigint' }) updatedAt!: number;
  @Column({ type: 'text', nullable: true }) author!: string | null;
  @Column({ type: 'text' }) description!: string;
  /** JSON array of the tags as given (trimmed, de-duplicated). */
  @Column({ type: 'text' }) tags!: string;
  @Column({ name: 'input_schema', type: 'text' }) inputSchema!: string;
  @Column({ name: 'output_schema', type: 'text' }) outputSchema!: string;
  /** sim2l provenance (contract §7), stored as sent; the JSON ones as JSON text. */
  @Column({ name: 'installation_id', type: 'text', nullable: true }) installationId!: string | null;
  @Column({ name: 'workflow_type', type: 'text', nullable: true }) workflowType!: string | null;
  @Column({ name: 'workflow_hash', type: 'text', nullable: true }) workflowHash!: string | null;
  @Column({ name: 'workflow_bundle', type: 'text', nullable: true }) workflowBundle!: string | null;
  @Column({ type: 'text', nullable: true }) dependencies!: string | null;
  @Column({ type: 'text', nullable: true }) metadata!: string | null;
  @Column({ name: 'auto_approve', type: 'boolean', default: false }) autoApprove!: boolean;
  @Column({ type: 'text', nullable: true }) visibility!: string | null;
  @Column({ type: 'text', nullable: true }) license!: string | null;
}

/** One row per (simulation, lower-cased tag): the tag filter of search, by index. */
@Entity('catalog_simulation_tags', { withoutRowid: true })
@Index('catalog_simulation_tags_tag', ['tag', 'simulationId'])
export class CatalogSimulationTagEntity {
  @PrimaryColumn({ name: 'simulation_id', type: 'integer' }) simulationId!: number;
  @PrimaryColumn({ type: 'text' }) tag!: string;
  @ManyToOne(() => CatalogSimulationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'simulation_id', foreignKeyConstraintName: 'catalog_simulation_tags_simulation_id_fkey' })
  simulation?: CatalogSimulationEntity;
}

/** The search vocabulary: every distinct lower-cased word of names, descriptions and tags (trigram-indexed). */
// Unique words: by md5(term) on PostgreSQL (a B-tree entry of a long word would exceed the page
// limit), by term on SQLite; trigram-indexed (pg_trgm GIN / the FTS5 table catalog_search_terms_fts).
@Entity('catalog_search_terms')
@Index('catalog_search_terms_term', { synchronize: false })
@Index('catalog_search_terms_trgm', { synchronize: false })
export class CatalogSearchTermEntity {
  @PrimaryGeneratedColumn({ type: 'integer' }) id!: number;
  @Column({ type: 'text' }) term!: string;
}

/** Which simulations use which word. */
// No foreign key to the vocabulary: on PostgreSQL its check would lock the row of every common
// word in every registration (see the first migration).
@Entity('catalog_search_postings', { withoutRowid: true })
@Index('catalog_search_postings_simulation', ['simulationId'])
export class CatalogSearchPostingEntity {
  @PrimaryColumn({ name: 'term_id', type: 'integer' }) termId!: number;
  @PrimaryColumn({ name: 'simulation_id', type: 'integer' }) simulationId!: number;
  @ManyToOne(() => CatalogSimulationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'simulation_id', foreignKeyConstraintName: 'catalog_search_postings_simulation_id_fkey' })
  simulation?: CatalogSimulationEntity;
}

@Entity('catalog_executions')
// (simulation_id, created_at DESC, execution_id DESC) and (simulation_id, status, created_at DESC,
// execution_id DESC): a simulation's executions, newest first; (unattached_name, unattached_version)
// WHERE simulation_id IS NULL: the executions a registration attaches.
@Index('catalog_executions_simulation', { synchronize: false })
@Index('catalog_executions_status', { synchronize: false })
@Index('catalog_executions_unattached', { synchronize: false })
export class CatalogExecutionEntity {
  @PrimaryColumn({ name: 'execution_id', type: 'text' }) executionId!: string;
  /** NULL while the simulation its squid_id names is not registered (see unattachedName). */
  @Column({ name: 'simulation_id', type: 'integer', nullable: true }) simulationId!: number | null;
  @Column({ type: 'text' }) status!: string;
  @Column({ name: 'squid_id', type: 'text', nullable: true }) squidId!: string | null;
  @Column({ name: 'executor_type', type: 'text', nullable: true }) executorType!: string | null;
  @Column({ name: 'started_at', type: 'bigint', nullable: true }) startedAt!: number | null;
  @Column({ name: 'completed_at', type: 'bigint', nullable: true }) completedAt!: number | null;
  /** duration_seconds to the microsecond, so that sums in SQL are exact integers. */
  @Column({ name: 'duration_micros', type: 'bigint', nullable: true }) durationMicros!: number | null;
  @Column({ name: 'cache_hit', type: 'boolean', default: false }) cacheHit!: boolean;
  @Column({ name: 'input_hash', type: 'text', nullable: true }) inputHash!: string | null;
  @Column({ name: 'run_db_path', type: 'text', nullable: true }) runDbPath!: string | null;
  @Column({ name: 'user_id', type: 'text', nullable: true }) userId!: string | null;
  @Column({ name: 'created_at', type: 'bigint' }) createdAt!: number;
  @Column({ name: 'updated_at', type: 'bigint' }) updatedAt!: number;
  @Column({ name: 'output_count', type: 'bigint', default: 0 }) outputCount!: number;
  @Column({ name: 'artifact_count', type: 'bigint', default: 0 }) artifactCount!: number;
  @Column({ name: 'error_count', type: 'bigint', default: 0 }) errorCount!: number;
  @Column({ name: 'warning_count', type: 'bigint', default: 0 }) warningCount!: number;
  /** The simulation name and version of the squid_id of an unattached execution, to attach it at registration. */
  @Column({ name: 'unattached_name', type: 'text', nullable: true }) unattachedName!: string | null;
  @Column({ name: 'unattached_version', type: 'text', nullable: true }) unattachedVersion!: string | null;
  @ManyToOne(() => CatalogSimulationEntity, { onDelete: 'NO ACTION' })
  @JoinColumn({ name: 'simulation_id', foreignKeyConstraintName: 'catalog_executions_simulation_id_fkey' })
  simulation?: CatalogSimulationEntity;
}

/** Per (simulation, status): executions, and for finished states their durations (kept by triggers). */
@Entity('catalog_execution_stats', { withoutRowid: true })
export class CatalogExecutionStatsEntity {
  @PrimaryColumn({ name: 'simulation_id', type: 'integer' }) simulationId!: number;
  @PrimaryColumn({ type: 'text' }) status!: string;
  @Column({ type: 'bigint' }) executions!: number;
  @Column({ type: 'bigint' }) durations!: number;
  /** Exact integer sum of the durations in microseconds. */
  @Column({ name: 'duration_sum', type: 'bigint' }) durationSum!: number;
  @Column({ name: 'duration_min', type: 'bigint', nullable: true }) durationMin!: number | null;
  @Column({ name: 'duration_max', type: 'bigint', nullable: true }) durationMax!: number | null;
  @ManyToOne(() => CatalogSimulationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'simulation_id', foreignKeyConstraintName: 'catalog_execution_stats_simulation_id_fkey' })
  simulation?: CatalogSimulationEntity;
}

/**
 * The automatic-registration queue: one row per (manifest path, name, version) seen in the watch
 * directory. `name`/`version` are '' when the manifest did not give them. Rows that were
 * approved or auto-registered stay (status `approved` / `registered`) so rescans skip them.
 */
@Entity('catalog_sync_items')
@Unique('catalog_sync_items_manifest', ['manifestPath', 'name', 'version'])
@Index('catalog_sync_items_status', ['status', 'discoveredAt', 'id'])
export class CatalogSyncItemEntity {
  @PrimaryGeneratedColumn({ type: 'integer' }) id!: number;
  @Column({ name: 'manifest_path', type: 'text' }) manifestPath!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'text' }) version!: string;
  @Column({ name: 'installation_id', type: 'text', nullable: true }) installationId!: string | null;
  @Column({ type: 'text' }) status!: string;
  @Column({ type: 'text', nullable: true }) error!: string | null;
  /** The validated registration body (JSON), for approval. */
  @Column({ type: 'text', nullable: true }) manifest!: string | null;
  @Column({ name: 'simulation_id', type: 'integer', nullable: true }) simulationId!: number | null;
  @Column({ name: 'discovered_at', type: 'bigint' }) discoveredAt!: number;
  @Column({ name: 'updated_at', type: 'bigint' }) updatedAt!: number;
}

/** A sim2l installation that reported to the catalog (POST /installations at the client's start-up). */
@Entity('catalog_installations')
export class CatalogInstallationEntity {
  @PrimaryColumn({ name: 'installation_id', type: 'text' }) installationId!: string;
  @Column({ type: 'text', nullable: true }) hostname!: string | null;
  @Column({ type: 'text', nullable: true }) platform!: string | null;
  @Column({ name: 'python_version', type: 'text', nullable: true }) pythonVersion!: string | null;
  @Column({ name: 'sim2l_version', type: 'text', nullable: true }) sim2lVersion!: string | null;
  /** Username of the session that last reported it, or `anonymous`. */
  @Column({ name: 'reported_by', type: 'text', nullable: true }) reportedBy!: string | null;
  @Column({ name: 'first_seen_at', type: 'bigint' }) firstSeenAt!: number;
  @Column({ name: 'last_seen_at', type: 'bigint' }) lastSeenAt!: number;
}

/** The catalog's objects beside its tables and indexes (see DerivedSchemaObjects and the 1769700000001 migration). */
export const CATALOG_DERIVED_OBJECTS: Readonly<Record<'sqlite' | 'postgresql', DerivedSchemaObjects>> = {
  sqlite: {
    // SQLite finds words by the FTS5 table instead.
    absentIndexes: ['catalog_search_terms.catalog_search_terms_trgm'],
    triggers: [
      'catalog_search_terms.catalog_search_terms_fts_insert',
      'catalog_executions.catalog_execution_stats_insert',
      'catalog_executions.catalog_execution_stats_update',
      'catalog_executions.catalog_execution_stats_delete',
    ],
    virtualTables: ['catalog_search_terms_fts'],
  },
  postgresql: {
    triggers: ['catalog_executions.catalog_execution_stats_insert', 'catalog_executions.catalog_execution_stats_update'],
    functions: ['catalog_execution_stats_apply'],
  },
};
