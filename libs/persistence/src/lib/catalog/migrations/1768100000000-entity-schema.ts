import { MigrationInterface, QueryRunner } from 'typeorm';

// SQLite only: the tables as the entities declare them (TypeORM's generator against a database
// migrated to 1767500000000; PostgreSQL already agrees). Timestamps, durations and counts become
// BIGINT and flags BOOLEAN (the same INTEGER storage, so rows are copied as they are), foreign
// keys get PostgreSQL's names, generated ids AUTOINCREMENT. SQLite cannot change a column, so
// each table is rebuilt; TypeORM runs migrations with foreign keys off. A DROP TABLE takes the
// table's triggers with it: a store migrated by the released earlier migrations has them, and
// the 1769700000001 migration makes them again (see libs/persistence/README.md, "Derived data").
// Words stay unique by a unique index named as PostgreSQL's (md5) one.

/** Rebuilds `table` as `create` (a CREATE TABLE of "temporary_<table>") with the same columns, then `after`. */
async function rebuild(db: QueryRunner, table: string, columns: readonly string[], create: string, after: readonly string[] = []) {
  const list = columns.map((column) => `"${column}"`).join(', ');
  await db.query(create);
  await db.query(`INSERT INTO "temporary_${table}"(${list}) SELECT ${list} FROM "${table}"`);
  await db.query(`DROP TABLE "${table}"`);
  await db.query(`ALTER TABLE "temporary_${table}" RENAME TO "${table}"`);
  for (const statement of after) await db.query(statement);
}

const SIMULATION_COLUMNS = [
  'id',
  'name',
  'version',
  'version_sort_key',
  'status',
  'created_at',
  'updated_at',
  'author',
  'description',
  'tags',
  'input_schema',
  'output_schema',
  'document',
  'document_of',
  'installation_id',
  'workflow_type',
  'workflow_hash',
  'workflow_bundle',
  'dependencies',
  'metadata',
  'auto_approve',
];
const EXECUTION_COLUMNS = [
  'execution_id',
  'simulation_id',
  'status',
  'squid_id',
  'executor_type',
  'started_at',
  'completed_at',
  'duration_micros',
  'cache_hit',
  'input_hash',
  'run_db_path',
  'user_id',
  'created_at',
  'updated_at',
  'output_count',
  'artifact_count',
  'error_count',
  'warning_count',
  'unattached_name',
  'unattached_version',
];
const STATS_COLUMNS = ['simulation_id', 'status', 'executions', 'durations', 'duration_sum', 'duration_min', 'duration_max'];
const SYNC_COLUMNS = [
  'id',
  'manifest_path',
  'name',
  'version',
  'status',
  'error',
  'manifest',
  'simulation_id',
  'discovered_at',
  'updated_at',
  'installation_id',
];
const INSTALLATION_COLUMNS = [
  'installation_id',
  'hostname',
  'platform',
  'python_version',
  'sim2l_version',
  'reported_by',
  'first_seen_at',
  'last_seen_at',
];

export class EntitySchemaSqlite1768100000000 implements MigrationInterface {
  name = 'EntitySchema1768100000000';

  async up(db: QueryRunner): Promise<void> {
    // The statistics triggers of a store migrated by the released earlier migrations go before
    // the statistics table they write is rebuilt.
    for (const trigger of ['insert', 'update', 'delete']) await db.query(`DROP TRIGGER IF EXISTS catalog_execution_stats_${trigger}`);
    await db.query('DROP INDEX "catalog_simulations_latest"');
    await rebuild(
      db,
      'catalog_simulations',
      SIMULATION_COLUMNS,
      `CREATE TABLE "temporary_catalog_simulations" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" text NOT NULL, "version" text NOT NULL, "version_sort_key" text NOT NULL, "status" text NOT NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "author" text, "description" text NOT NULL, "tags" text NOT NULL, "input_schema" text NOT NULL, "output_schema" text NOT NULL, "document" text, "document_of" bigint, "installation_id" text, "workflow_type" text, "workflow_hash" text, "workflow_bundle" text, "dependencies" text, "metadata" text, "auto_approve" boolean NOT NULL DEFAULT (0), CONSTRAINT "catalog_simulations_name_version" UNIQUE ("name", "version"))`,
      ['CREATE INDEX "catalog_simulations_latest" ON "catalog_simulations" ("name", "version_sort_key", "id")'],
    );

    await rebuild(
      db,
      'catalog_search_terms',
      ['id', 'term'],
      `CREATE TABLE "temporary_catalog_search_terms" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "term" text NOT NULL)`,
      ['CREATE UNIQUE INDEX "catalog_search_terms_term" ON "catalog_search_terms" ("term")'],
    );

    await db.query('DROP INDEX "catalog_simulation_tags_tag"');
    await rebuild(
      db,
      'catalog_simulation_tags',
      ['simulation_id', 'tag'],
      `CREATE TABLE "temporary_catalog_simulation_tags" ("simulation_id" integer NOT NULL, "tag" text NOT NULL, CONSTRAINT "catalog_simulation_tags_simulation_id_fkey" FOREIGN KEY ("simulation_id") REFERENCES "catalog_simulations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("simulation_id", "tag")) WITHOUT ROWID`,
      ['CREATE INDEX "catalog_simulation_tags_tag" ON "catalog_simulation_tags" ("tag", "simulation_id")'],
    );

    await db.query('DROP INDEX "catalog_search_postings_simulation"');
    await rebuild(
      db,
      'catalog_search_postings',
      ['term_id', 'simulation_id'],
      `CREATE TABLE "temporary_catalog_search_postings" ("term_id" integer NOT NULL, "simulation_id" integer NOT NULL, CONSTRAINT "catalog_search_postings_simulation_id_fkey" FOREIGN KEY ("simulation_id") REFERENCES "catalog_simulations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("term_id", "simulation_id")) WITHOUT ROWID`,
      ['CREATE INDEX "catalog_search_postings_simulation" ON "catalog_search_postings" ("simulation_id")'],
    );

    await rebuild(
      db,
      'catalog_execution_stats',
      STATS_COLUMNS,
      `CREATE TABLE "temporary_catalog_execution_stats" ("simulation_id" integer NOT NULL, "status" text NOT NULL, "executions" bigint NOT NULL, "durations" bigint NOT NULL, "duration_sum" bigint NOT NULL, "duration_min" bigint, "duration_max" bigint, CONSTRAINT "catalog_execution_stats_simulation_id_fkey" FOREIGN KEY ("simulation_id") REFERENCES "catalog_simulations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("simulation_id", "status")) WITHOUT ROWID`,
    );

    for (const index of ['catalog_executions_unattached', 'catalog_executions_status', 'catalog_executions_simulation']) {
      await db.query(`DROP INDEX "${index}"`);
    }
    await rebuild(
      db,
      'catalog_executions',
      EXECUTION_COLUMNS,
      `CREATE TABLE "temporary_catalog_executions" ("execution_id" text PRIMARY KEY NOT NULL, "simulation_id" integer, "status" text NOT NULL, "squid_id" text, "executor_type" text, "started_at" bigint, "completed_at" bigint, "duration_micros" bigint, "cache_hit" boolean NOT NULL DEFAULT (0), "input_hash" text, "run_db_path" text, "user_id" text, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "output_count" bigint NOT NULL DEFAULT (0), "artifact_count" bigint NOT NULL DEFAULT (0), "error_count" bigint NOT NULL DEFAULT (0), "warning_count" bigint NOT NULL DEFAULT (0), "unattached_name" text, "unattached_version" text, CONSTRAINT "catalog_executions_simulation_id_fkey" FOREIGN KEY ("simulation_id") REFERENCES "catalog_simulations" ("id") ON DELETE NO ACTION ON UPDATE NO ACTION)`,
      [
        'CREATE INDEX "catalog_executions_simulation" ON "catalog_executions" ("simulation_id", "created_at", "execution_id")',
        'CREATE INDEX "catalog_executions_status" ON "catalog_executions" ("simulation_id", "status", "created_at", "execution_id")',
        'CREATE INDEX "catalog_executions_unattached" ON "catalog_executions" ("unattached_name", "unattached_version") WHERE simulation_id IS NULL',
      ],
    );

    await db.query('DROP INDEX "catalog_sync_items_status"');
    await rebuild(
      db,
      'catalog_sync_items',
      SYNC_COLUMNS,
      `CREATE TABLE "temporary_catalog_sync_items" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "manifest_path" text NOT NULL, "name" text NOT NULL, "version" text NOT NULL, "status" text NOT NULL, "error" text, "manifest" text, "simulation_id" integer, "discovered_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "installation_id" text, CONSTRAINT "catalog_sync_items_manifest" UNIQUE ("manifest_path", "name", "version"))`,
      ['CREATE INDEX "catalog_sync_items_status" ON "catalog_sync_items" ("status", "discovered_at", "id")'],
    );

    await rebuild(
      db,
      'catalog_installations',
      INSTALLATION_COLUMNS,
      `CREATE TABLE "temporary_catalog_installations" ("installation_id" text PRIMARY KEY NOT NULL, "hostname" text, "platform" text, "python_version" text, "sim2l_version" text, "reported_by" text, "first_seen_at" bigint NOT NULL, "last_seen_at" bigint NOT NULL)`,
    );
  }

  async down(): Promise<void> {
    throw new Error('EntitySchema1768100000000 is not reverted: 1767500000000, before it, cannot be either');
  }
}
