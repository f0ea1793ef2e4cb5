import { MigrationInterface, QueryRunner } from 'typeorm';

// sim2l stores entries of no simulation (contract §7): its executor sends `sim_id or 0`, and its
// client passes None through as null. Such an entry keeps what was sent, so simulation_id may be
// NULL; its hits, misses and invalidations count under counter 0 (no simulation).

export class EntriesWithoutSimulationSqlite1767600000000 implements MigrationInterface {
  name = 'EntriesWithoutSimulation1767600000000';

  async up(db: QueryRunner): Promise<void> {
    // SQLite cannot drop a NOT NULL: the table is copied. Nothing references cache_entries.
    await db.query(`CREATE TABLE cache_entries_next (
      cache_key TEXT PRIMARY KEY NOT NULL,
      simulation_id INTEGER,
      simulation_name TEXT NOT NULL,
      simulation_version TEXT NOT NULL,
      execution_id TEXT NOT NULL,
      squid_id TEXT NOT NULL,
      input_hash TEXT NOT NULL,
      run_db_path TEXT NOT NULL,
      metadata TEXT,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      last_accessed_at INTEGER,
      hit_count INTEGER NOT NULL DEFAULT 0,
      size_bytes INTEGER NOT NULL)`);
    await db.query('INSERT INTO cache_entries_next SELECT * FROM cache_entries');
    await db.query('DROP TABLE cache_entries');
    await db.query('ALTER TABLE cache_entries_next RENAME TO cache_entries');
    await db.query('CREATE INDEX cache_entries_simulation ON cache_entries (simulation_id, expires_at)');
    await db.query('CREATE INDEX cache_entries_expiry ON cache_entries (expires_at)');
    await db.query('CREATE INDEX cache_entries_created ON cache_entries (created_at)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE cache_entries_previous (
      cache_key TEXT PRIMARY KEY NOT NULL,
      simulation_id INTEGER NOT NULL,
      simulation_name TEXT NOT NULL,
      simulation_version TEXT NOT NULL,
      execution_id TEXT NOT NULL,
      squid_id TEXT NOT NULL,
      input_hash TEXT NOT NULL,
      run_db_path TEXT NOT NULL,
      metadata TEXT,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      last_accessed_at INTEGER,
      hit_count INTEGER NOT NULL DEFAULT 0,
      size_bytes INTEGER NOT NULL)`);
    await db.query(`INSERT INTO cache_entries_previous SELECT cache_key, COALESCE(simulation_id, 0), simulation_name, simulation_version,
      execution_id, squid_id, input_hash, run_db_path, metadata, created_at, expires_at, last_accessed_at, hit_count, size_bytes
      FROM cache_entries`);
    await db.query('DROP TABLE cache_entries');
    await db.query('ALTER TABLE cache_entries_previous RENAME TO cache_entries');
    await db.query('CREATE INDEX cache_entries_simulation ON cache_entries (simulation_id, expires_at)');
    await db.query('CREATE INDEX cache_entries_expiry ON cache_entries (expires_at)');
    await db.query('CREATE INDEX cache_entries_created ON cache_entries (created_at)');
  }
}

export class EntriesWithoutSimulationPostgres1767600000000 implements MigrationInterface {
  name = 'EntriesWithoutSimulation1767600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE cache_entries ALTER COLUMN simulation_id DROP NOT NULL');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('UPDATE cache_entries SET simulation_id = 0 WHERE simulation_id IS NULL');
    await db.query('ALTER TABLE cache_entries ALTER COLUMN simulation_id SET NOT NULL');
  }
}
