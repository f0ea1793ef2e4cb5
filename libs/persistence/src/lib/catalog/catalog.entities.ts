import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn, Unique } from 'typeorm';

// The catalog's tables, as the migrations create them (synchronize is never used). The service
// reads and writes them with plain SQL (see apps/catalog/*/*.repository.ts); these classes
// document the columns. Times are integer microseconds since the epoch; JSON is stored as text.

@Entity('catalog_simulations')
@Unique('catalog_simulations_name_version', ['name', 'version'])
export class CatalogSimulationEntity {
  @PrimaryGeneratedColumn({ type: 'integer' }) id!: number;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'text' }) version!: string;
  /** Byte-wise sortable key: semantic versions by precedence above all other versions (see version-order.ts). */
  @Column({ name: 'version_sort_key', type: 'text' }) versionSortKey!: string;
  @Column({ type: 'text' }) status!: string;
  @Column({ name: 'created_at', type: 'bigint' }) createdAt!: number;
  @Column({ name: 'updated_at', type: 'bigint' }) updatedAt!: number;
  @Column({ type: 'text', nullable: true }) author!: string | null;
  @Column({ type: 'text' }) description!: string;
  /** JSON array of the tags as given (trimmed, de-duplicated). */
  @Column({ type: 'text' }) tags!: string;
  @Column({ name: 'input_schema', type: 'text' }) inputSchema!: string;
  @Column({ name: 'output_schema', type: 'text' }) outputSchema!: string;
  /** The API representation without the id, as JSON text (see the 1767400000000 migration). */
  @Column({ type: 'text', nullable: true }) document!: string | null;
  /** The updated_at the document was written for: it counts only while the two are equal. */
  @Column({ name: 'document_of', type: 'bigint', nullable: true }) documentOf!: number | null;
  /** sim2l provenance (contract §7), stored as sent; the JSON ones as JSON text. */
  @Column({ name: 'installation_id', type: 'text', nullable: true }) installationId!: string | null;
  @Column({ name: 'workflow_type', type: 'text', nullable: true }) workflowType!: string | null;
  @Column({ name: 'workflow_hash', type: 'text', nullable: true }) workflowHash!: string | null;
  @Column({ name: 'workflow_bundle', type: 'text', nullable: true }) workflowBundle!: string | null;
  @Column({ type: 'text', nullable: true }) dependencies!: string | null;
  @Column({ type: 'text', nullable: true }) metadata!: string | null;
  @Column({ name: 'auto_approve', type: 'boolean', default: false }) autoApprove!: boolean;
}

/** One row per (simulation, lower-cased tag): the tag filter of search, by index. */
@Entity('catalog_simulation_tags')
@Index('catalog_simulation_tags_tag', ['tag', 'simulationId'])
export class CatalogSimulationTagEntity {
  @PrimaryColumn({ name: 'simulation_id', type: 'integer' }) simulationId!: number;
  @PrimaryColumn({ type: 'text' }) tag!: string;
}

/** The search vocabulary: every distinct lower-cased word of names, descriptions and tags (trigram-indexed). */
@Entity('catalog_search_terms')
export class CatalogSearchTermEntity {
  @PrimaryGeneratedColumn({ type: 'integer' }) id!: number;
  @Column({ type: 'text' }) term!: string;
}

/** Which simulations use which word. */
@Entity('catalog_search_postings')
@Index('catalog_search_postings_simulation', ['simulationId'])
export class CatalogSearchPostingEntity {
  @PrimaryColumn({ name: 'term_id', type: 'integer' }) termId!: number;
  @PrimaryColumn({ name: 'simulation_id', type: 'integer' }) simulationId!: number;
}

@Entity('catalog_executions')
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
}

/** Per (simulation, status): executions, and for finished states their durations (kept by triggers). */
@Entity('catalog_execution_stats')
export class CatalogExecutionStatsEntity {
  @PrimaryColumn({ name: 'simulation_id', type: 'integer' }) simulationId!: number;
  @PrimaryColumn({ type: 'text' }) status!: string;
  @Column({ type: 'bigint' }) executions!: number;
  @Column({ type: 'bigint' }) durations!: number;
  /** Exact integer sum of the durations in microseconds. */
  @Column({ name: 'duration_sum', type: 'bigint' }) durationSum!: number;
  @Column({ name: 'duration_min', type: 'bigint', nullable: true }) durationMin!: number | null;
  @Column({ name: 'duration_max', type: 'bigint', nullable: true }) durationMax!: number | null;
}

/**
 * The automatic-registration queue: one row per (manifest path, name, version) seen in the watch
 * directory. `name`/`version` are '' when the manifest did not give them. Rows that were
 * approved or auto-registered stay (status `approved` / `registered`) so rescans skip them.
 */
@Entity('catalog_sync_items')
@Unique('catalog_sync_items_manifest', ['manifestPath', 'name', 'version'])
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
