import { MigrationInterface, QueryRunner } from 'typeorm';

// ── Search (contract §5) ──────────────────────────────────────────────────────────────────
// A query token matches a simulation when it is a substring of its lower-cased name,
// description or one of its tags. Tokens never contain white space, so a token is a substring
// of a field exactly when it is a substring of one white-space separated word of that field.
// Hence an inverted index over words answers substring search without loss:
//   catalog_search_terms     every distinct lower-cased word ever indexed (the vocabulary),
//                            with a trigram index: SQLite FTS5 `trigram` (kept by a trigger,
//                            serves `term GLOB '*token*'`), PostgreSQL pg_trgm GIN (serves
//                            `term LIKE '%token%'`);
//   catalog_search_postings  (term, simulation) pairs, by primary key.
// A token of 3+ characters finds its words through the trigram index, a shorter one by a scan
// of the vocabulary (trigrams need three characters); the postings give the simulations, and
// the number of distinct tokens each collects (its rank) is counted in SQL.
// Indexing words rather than whole documents keeps trigram lists short (each word once, not
// once per simulation using it) and reads narrow rows: ~0.8 ms for a 300-hit token on 10k
// simulations against ~5 ms for a trigram index over the concatenated text.
// Words are never deleted from the vocabulary (only postings are), so a concurrent
// registration can never lose a word it is about to use; the vocabulary grows with distinct
// words only. For the same reason postings carry no foreign key to the vocabulary: on
// PostgreSQL its check would KEY SHARE-lock the row of every common word ("the", "model") in
// every registration, and concurrent registrations would queue on those rows.
// Tags are also kept one per row in catalog_simulation_tags (lower-cased), indexed by
// (tag, simulation_id), so "carries every listed tag" is an index lookup.
//
// ── Statistics ────────────────────────────────────────────────────────────────────────────
// catalog_execution_stats holds, per (simulation, status), the executions and their durations,
// kept by triggers on catalog_executions.
//
// The triggers (statistics, and SQLite's FTS5 index of the vocabulary) are made by the
// 1769700000001 migration, their one definition: see libs/persistence/README.md, "Derived data".
//
// "Newest" is the highest id (registration order), so ranking, browsing and "latest" among
// equal versions need neither a timestamp index nor a join. Columns of catalog_simulations are
// ordered small-first so that SQLite reaches them without reading a row's (large) schemas.

export class CreateCatalogTablesSqlite1767300000000 implements MigrationInterface {
  name = 'CreateCatalogTables1767300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE catalog_simulations (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      name TEXT NOT NULL,
      version TEXT NOT NULL,
      version_sort_key TEXT NOT NULL,
      status TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      author TEXT,
      description TEXT NOT NULL,
      tags TEXT NOT NULL,
      input_schema TEXT NOT NULL,
      output_schema TEXT NOT NULL,
      CONSTRAINT catalog_simulations_name_version UNIQUE (name, version))`);
    await db.query('CREATE INDEX catalog_simulations_latest ON catalog_simulations (name, version_sort_key, id)');

    await db.query(`CREATE TABLE catalog_simulation_tags (
      simulation_id INTEGER NOT NULL REFERENCES catalog_simulations (id) ON DELETE CASCADE,
      tag TEXT NOT NULL,
      PRIMARY KEY (simulation_id, tag)) WITHOUT ROWID`);
    await db.query('CREATE INDEX catalog_simulation_tags_tag ON catalog_simulation_tags (tag, simulation_id)');

    await db.query('CREATE TABLE catalog_search_terms (id INTEGER PRIMARY KEY, term TEXT NOT NULL UNIQUE)');
    // External content: the index only, the words stay in catalog_search_terms. They are
    // lower-cased by the service already, so the tokenizer keeps case as is, which also lets
    // GLOB '*token*' use the index. detail=none: no positions are stored; GLOB checks each
    // candidate itself, and without position lists a lookup is ~10x cheaper than a phrase MATCH.
    await db.query(`CREATE VIRTUAL TABLE catalog_search_terms_fts USING fts5(
      term, content='catalog_search_terms', content_rowid='id', tokenize='trigram case_sensitive 1', detail=none, columnsize=0)`);
    await db.query(`CREATE TABLE catalog_search_postings (
      term_id INTEGER NOT NULL,
      simulation_id INTEGER NOT NULL REFERENCES catalog_simulations (id) ON DELETE CASCADE,
      PRIMARY KEY (term_id, simulation_id)) WITHOUT ROWID`);
    await db.query('CREATE INDEX catalog_search_postings_simulation ON catalog_search_postings (simulation_id)');

    await db.query(`CREATE TABLE catalog_executions (
      execution_id TEXT PRIMARY KEY NOT NULL,
      simulation_id INTEGER NOT NULL REFERENCES catalog_simulations (id),
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
      updated_at INTEGER NOT NULL)`);
    await db.query('CREATE INDEX catalog_executions_simulation ON catalog_executions (simulation_id, created_at, execution_id)');
    await db.query('CREATE INDEX catalog_executions_status ON catalog_executions (simulation_id, status, created_at, execution_id)');

    await db.query(`CREATE TABLE catalog_execution_stats (
      simulation_id INTEGER NOT NULL REFERENCES catalog_simulations (id) ON DELETE CASCADE,
      status TEXT NOT NULL,
      executions INTEGER NOT NULL,
      durations INTEGER NOT NULL,
      duration_sum INTEGER NOT NULL,
      duration_min INTEGER,
      duration_max INTEGER,
      PRIMARY KEY (simulation_id, status)) WITHOUT ROWID`);

    await db.query(`CREATE TABLE catalog_sync_items (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      manifest_path TEXT NOT NULL,
      name TEXT NOT NULL,
      version TEXT NOT NULL,
      status TEXT NOT NULL,
      error TEXT,
      manifest TEXT,
      simulation_id INTEGER,
      discovered_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      CONSTRAINT catalog_sync_items_manifest UNIQUE (manifest_path, name, version))`);
    await db.query('CREATE INDEX catalog_sync_items_status ON catalog_sync_items (status, discovered_at, id)');
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of [
      'catalog_sync_items',
      'catalog_execution_stats',
      'catalog_executions',
      'catalog_search_postings',
      'catalog_search_terms_fts',
      'catalog_search_terms',
    ]) {
      await db.query(`DROP TABLE ${table}`);
    }
    await db.query('DROP TABLE catalog_simulation_tags');
    await db.query('DROP TABLE catalog_simulations');
  }
}

export class CreateCatalogTablesPostgres1767300000000 implements MigrationInterface {
  name = 'CreateCatalogTables1767300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE catalog_simulations (
      id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
      name TEXT NOT NULL,
      version TEXT NOT NULL,
      version_sort_key TEXT COLLATE "C" NOT NULL,
      status TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      author TEXT,
      description TEXT NOT NULL,
      tags TEXT NOT NULL,
      input_schema TEXT NOT NULL,
      output_schema TEXT NOT NULL,
      CONSTRAINT catalog_simulations_name_version UNIQUE (name, version))`);
    await db.query('CREATE INDEX catalog_simulations_latest ON catalog_simulations (name, version_sort_key DESC, id DESC)');

    await db.query(`CREATE TABLE catalog_simulation_tags (
      simulation_id INTEGER NOT NULL REFERENCES catalog_simulations (id) ON DELETE CASCADE,
      tag TEXT NOT NULL,
      PRIMARY KEY (simulation_id, tag))`);
    await db.query('CREATE INDEX catalog_simulation_tags_tag ON catalog_simulation_tags (tag, simulation_id)');

    // Words of any length: uniqueness by md5 (a B-tree entry of a long word would exceed the
    // page limit); the trigram index does not care about length.
    await db.query('CREATE TABLE catalog_search_terms (id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, term TEXT NOT NULL)');
    await db.query('CREATE UNIQUE INDEX catalog_search_terms_term ON catalog_search_terms (md5(term))');
    // pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it. Where it
    // cannot be had, search still works (LIKE over the vocabulary), only without the index.
    await db.query(`DO $$
      DECLARE trgm_schema name;
      BEGIN
        BEGIN
          CREATE EXTENSION IF NOT EXISTS pg_trgm;
        EXCEPTION WHEN OTHERS THEN
          RAISE WARNING 'pg_trgm unavailable (%); catalog search runs without a trigram index', SQLERRM;
        END;
        SELECT n.nspname INTO trgm_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
        IF trgm_schema IS NOT NULL THEN
          EXECUTE format('CREATE INDEX catalog_search_terms_trgm ON catalog_search_terms USING gin (term %I.gin_trgm_ops)', trgm_schema);
        END IF;
      END $$`);
    await db.query(`CREATE TABLE catalog_search_postings (
      term_id INTEGER NOT NULL,
      simulation_id INTEGER NOT NULL REFERENCES catalog_simulations (id) ON DELETE CASCADE,
      PRIMARY KEY (term_id, simulation_id))`);
    await db.query('CREATE INDEX catalog_search_postings_simulation ON catalog_search_postings (simulation_id)');

    await db.query(`CREATE TABLE catalog_executions (
      execution_id TEXT PRIMARY KEY,
      simulation_id INTEGER NOT NULL REFERENCES catalog_simulations (id),
      status TEXT NOT NULL,
      squid_id TEXT,
      executor_type TEXT,
      started_at BIGINT,
      completed_at BIGINT,
      duration_micros BIGINT,
      cache_hit BOOLEAN NOT NULL DEFAULT FALSE,
      input_hash TEXT,
      run_db_path TEXT,
      user_id TEXT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL)`);
    await db.query('CREATE INDEX catalog_executions_simulation ON catalog_executions (simulation_id, created_at DESC, execution_id DESC)');
    await db.query(
      'CREATE INDEX catalog_executions_status ON catalog_executions (simulation_id, status, created_at DESC, execution_id DESC)',
    );

    await db.query(`CREATE TABLE catalog_execution_stats (
      simulation_id INTEGER NOT NULL REFERENCES catalog_simulations (id) ON DELETE CASCADE,
      status TEXT NOT NULL,
      executions BIGINT NOT NULL,
      durations BIGINT NOT NULL,
      duration_sum BIGINT NOT NULL,
      duration_min BIGINT,
      duration_max BIGINT,
      PRIMARY KEY (simulation_id, status))`);

    await db.query(`CREATE TABLE catalog_sync_items (
      id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
      manifest_path TEXT NOT NULL,
      name TEXT NOT NULL,
      version TEXT NOT NULL,
      status TEXT NOT NULL,
      error TEXT,
      manifest TEXT,
      simulation_id INTEGER,
      discovered_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      CONSTRAINT catalog_sync_items_manifest UNIQUE (manifest_path, name, version))`);
    await db.query('CREATE INDEX catalog_sync_items_status ON catalog_sync_items (status, discovered_at, id)');
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of [
      'catalog_sync_items',
      'catalog_execution_stats',
      'catalog_executions',
      'catalog_search_postings',
      'catalog_search_terms',
    ]) {
      await db.query(`DROP TABLE ${table}`);
    }
    await db.query('DROP FUNCTION IF EXISTS catalog_execution_stats_apply()');
    await db.query('DROP TABLE catalog_simulation_tags');
    await db.query('DROP TABLE catalog_simulations');
  }
}
