import { MigrationInterface, QueryRunner } from 'typeorm';

// What sim2l's CatalogClient sends (contract §7):
// - a simulation's provenance: installation_id, workflow_type, workflow_hash, workflow_bundle,
//   dependencies, metadata (JSON text) and auto_approve. Stored documents (see the documents
//   migration) gain the same fields at their end, null / false for the rows found here;
// - executions whose simulation_id is null: when their squid_id names no registered simulation
//   they are kept unattached (simulation_id NULL, the squid's name and version in unattached_name /
//   unattached_version) and attached when that simulation is registered. The statistics count
//   only attached executions (see the 1769700000001 migration, which makes their triggers);
// - the four counts of an execution (outputs, artifacts, errors, warnings);
// - installations reporting at start-up (catalog_installations), and the installation of a
//   manifest on its sync item.

const PROVENANCE_DOCUMENT_TAIL = `',"installation_id":null,"workflow_type":null,"workflow_hash":null,"workflow_bundle":null,"dependencies":null,"metadata":null,"auto_approve":false}'`;

// Every document ends with the closing brace of its object: its new fields go before it.
const EXTEND_DOCUMENTS = `UPDATE catalog_simulations SET document = substr(document, 1, length(document) - 1) || ${PROVENANCE_DOCUMENT_TAIL}
  WHERE document IS NOT NULL`;

const PROVENANCE_COLUMNS = ['installation_id', 'workflow_type', 'workflow_hash', 'workflow_bundle', 'dependencies', 'metadata'];
const COUNT_COLUMNS = ['output_count', 'artifact_count', 'error_count', 'warning_count'];

export class Sim2lCompatibilitySqlite1767500000000 implements MigrationInterface {
  name = 'Sim2lCompatibility1767500000000';

  async up(db: QueryRunner): Promise<void> {
    for (const column of PROVENANCE_COLUMNS) await db.query(`ALTER TABLE catalog_simulations ADD COLUMN ${column} TEXT`);
    await db.query('ALTER TABLE catalog_simulations ADD COLUMN auto_approve INTEGER NOT NULL DEFAULT 0');
    await db.query(EXTEND_DOCUMENTS);

    // SQLite cannot drop a NOT NULL: the table is copied. Nothing references catalog_executions,
    // and a DROP TABLE fires no triggers (it drops them), so the statistics stay as they are.
    await db.query(`CREATE TABLE catalog_executions_next (
      execution_id TEXT PRIMARY KEY NOT NULL,
      simulation_id INTEGER REFERENCES catalog_simulations (id),
      status TEXT NOT NULL,
      squid_id TEXT,
      executor_type TEXT,
      started_at INTEGER,
      completed_at INTEGER,
      duration_micros INTEGER,
      cache_hit INTEGER NOT NULL DEFAULT 0,
      input_hash TEXT,
      run_db_path TEXT,
      user_id TEXT,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      ${COUNT_COLUMNS.map((column) => `${column} INTEGER NOT NULL DEFAULT 0`).join(',\n      ')},
      unattached_name TEXT,
      unattached_version TEXT)`);
    await db.query(`INSERT INTO catalog_executions_next (execution_id, simulation_id, status, squid_id, executor_type, started_at,
        completed_at, duration_micros, cache_hit, input_hash, run_db_path, user_id, created_at, updated_at)
      SELECT execution_id, simulation_id, status, squid_id, executor_type, started_at, completed_at, duration_micros, cache_hit,
        input_hash, run_db_path, user_id, created_at, updated_at FROM catalog_executions`);
    await db.query('DROP TABLE catalog_executions');
    await db.query('ALTER TABLE catalog_executions_next RENAME TO catalog_executions');
    await db.query('CREATE INDEX catalog_executions_simulation ON catalog_executions (simulation_id, created_at, execution_id)');
    await db.query('CREATE INDEX catalog_executions_status ON catalog_executions (simulation_id, status, created_at, execution_id)');
    await db.query(`CREATE INDEX catalog_executions_unattached ON catalog_executions (unattached_name, unattached_version)
      WHERE simulation_id IS NULL`);

    await db.query('ALTER TABLE catalog_sync_items ADD COLUMN installation_id TEXT');
    await db.query(`CREATE TABLE catalog_installations (
      installation_id TEXT PRIMARY KEY NOT NULL,
      hostname TEXT,
      platform TEXT,
      python_version TEXT,
      sim2l_version TEXT,
      reported_by TEXT,
      first_seen_at INTEGER NOT NULL,
      last_seen_at INTEGER NOT NULL)`);
  }

  async down(): Promise<void> {
    throw new Error('Sim2lCompatibility1767500000000 cannot be reverted: unattached executions have no simulation to go back to');
  }
}

export class Sim2lCompatibilityPostgres1767500000000 implements MigrationInterface {
  name = 'Sim2lCompatibility1767500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE catalog_simulations ${PROVENANCE_COLUMNS.map((column) => `ADD COLUMN ${column} TEXT`).join(', ')},
      ADD COLUMN auto_approve BOOLEAN NOT NULL DEFAULT FALSE`);
    await db.query(EXTEND_DOCUMENTS);

    await db.query(`ALTER TABLE catalog_executions ALTER COLUMN simulation_id DROP NOT NULL,
      ${COUNT_COLUMNS.map((column) => `ADD COLUMN ${column} BIGINT NOT NULL DEFAULT 0`).join(', ')},
      ADD COLUMN unattached_name TEXT, ADD COLUMN unattached_version TEXT`);
    await db.query(`CREATE INDEX catalog_executions_unattached ON catalog_executions (unattached_name, unattached_version)
      WHERE simulation_id IS NULL`);

    await db.query('ALTER TABLE catalog_sync_items ADD COLUMN installation_id TEXT');
    await db.query(`CREATE TABLE catalog_installations (
      installation_id TEXT PRIMARY KEY,
      hostname TEXT,
      platform TEXT,
      python_version TEXT,
      sim2l_version TEXT,
      reported_by TEXT,
      first_seen_at BIGINT NOT NULL,
      last_seen_at BIGINT NOT NULL)`);
  }

  async down(): Promise<void> {
    throw new Error('Sim2lCompatibility1767500000000 cannot be reverted: unattached executions have no simulation to go back to');
  }
}
