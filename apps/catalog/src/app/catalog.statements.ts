import type { NamedStatement } from '@simsvc/persistence';
import { TERMINAL_STATUSES } from './executions/execution-status';
import { LATEST_ORDER } from './simulations/search-query.builder';
import { simulationRecordColumns } from './simulations/simulation.record';

// The catalog's hand-tuned SQL: the measured hot paths of `npm run bench -- catalog` (10,000
// simulations, 100,000 executions, 8 connections; figures p50 / p99 ms and req/s of the catalog
// README, Node.js 24, 2026-11-24). Everything else goes through TypeORM's repositories and query
// builder on the entities of libs/persistence/src/lib/catalog.
//
// Search pages — `simulations/search-query.builder.ts` (searchPage, versionsPage) composes them
// from the criteria (token count, tags, status): scenarios "search, one token" SQLite 1 / 5 ms
// (3,775 req/s), PostgreSQL 3 / 13 ms (2,076 req/s); "search, token + tag" SQLite 2 / 6 ms
// (2,883 req/s), PostgreSQL 3 / 13 ms (2,086 req/s). A page and the number of all matches are
// one statement (which the query builder cannot express), and SQLite reads it in a worker thread
// (SnapshotReader).

/**
 * The highest version of a name: one probe of the (name, version_sort_key, id) index. Scenario
 * "get latest": SQLite 0 / 1 ms (11,251 req/s), PostgreSQL 0 / 2 ms (12,801 req/s) — about 90 µs
 * of service CPU per request, where building the query through TypeORM would add a sizeable share.
 */
export const LATEST_SIMULATION: NamedStatement = {
  name: 'catalog_latest_simulation',
  sql: `SELECT ${simulationRecordColumns()} FROM catalog_simulations WHERE name = $1 ORDER BY ${LATEST_ORDER} LIMIT 1`,
};

const FINISHED = TERMINAL_STATUSES.map((status) => `'${status}'`).join(', ');

/**
 * Statistics of one simulation from catalog_execution_stats (at most one row per status, kept
 * exact by triggers from every insert and move; see the migration), combined in SQL. Counts and
 * duration sums are integers (microseconds), so nothing is rounded until the one division that
 * gives each figure. SUM over BIGINT is NUMERIC on PostgreSQL: cast back to BIGINT. Scenarios
 * "stats, typical simulation": SQLite 0 / 1 ms (8,978 req/s), PostgreSQL 0 / 2 ms (10,114 req/s);
 * "stats, simulation with 10,000 executions": SQLite 0 / 2 ms (8,747 req/s), PostgreSQL 0 / 2 ms
 * (11,228 req/s). An unknown simulation has no rows: zero counts and null durations (sim2l's answer).
 */
export const EXECUTION_STATS: NamedStatement = {
  name: 'catalog_execution_stats',
  sql: (() => {
    const sum = (condition: string, column = 'executions') => `CAST(COALESCE(SUM(CASE WHEN ${condition} THEN ${column} END), 0) AS BIGINT)`;
    const count = (status: string) => `${sum(`status = '${status}'`)} AS ${status === 'completed' ? 'successful' : status}`;
    const decided = sum(`status IN (${FINISHED})`);
    return `SELECT
      CAST(COALESCE(SUM(executions), 0) AS BIGINT) AS total_executions,
      ${['completed', 'failed', 'cached', 'cancelled', 'running', 'pending'].map(count).join(', ')},
      CASE WHEN ${decided} = 0 THEN 0.0
        ELSE CAST(${sum(`status IN ('completed', 'cached')`)} AS DOUBLE PRECISION) / ${decided} END AS success_rate,
      CAST(SUM(duration_sum) AS DOUBLE PRECISION) / (NULLIF(SUM(durations), 0) * 1000000.0) AS avg_duration,
      CAST(MIN(duration_min) AS DOUBLE PRECISION) / 1000000.0 AS min_duration,
      CAST(MAX(duration_max) AS DOUBLE PRECISION) / 1000000.0 AS max_duration
    FROM catalog_execution_stats WHERE simulation_id = $1`;
  })(),
};

// Registration — the catalog benchmark's load phase (10,000 registrations through the API, 32 at
// a time, SQLite; docs/benchmarks/2026-11-25.md): through the query builder 2,904 µs of service
// CPU each (324/s), through these statements 1,194–1,228 µs (640–680/s), as the hand-written SQL
// before TypeORM measured alongside (1,152–1,246 µs). TypeORM's SQLite driver writes numbers into
// the statement text, so every registration prepared new statements, and the words, tags and
// postings took a statement text per list length. Updates add to the search index with the same
// three index statements.

/**
 * A new simulation: its id, or no row when (name, version) is registered (on PostgreSQL also by a
 * registration committed concurrently). created_at and updated_at are one time ($5).
 */
export const REGISTER_SIMULATION: NamedStatement = {
  name: 'catalog_register_simulation',
  sql: `INSERT INTO catalog_simulations (name, version, version_sort_key, status, created_at, updated_at, author, description,
      tags, input_schema, output_schema, installation_id, workflow_type, workflow_hash, workflow_bundle, dependencies, metadata,
      auto_approve, visibility, license)
    VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
    ON CONFLICT (name, version) DO NOTHING RETURNING id`,
};

// The index statements take their lists as one JSON array parameter, so that their text does
// not depend on how many words or tags there are.

/**
 * Adds words ($1) to the vocabulary, in the order given (sorted by the caller, so that two
 * registrations cannot deadlock). The vocabulary only grows (see the migration), so this never
 * races with a deletion.
 */
export const ADD_SEARCH_WORDS: NamedStatement = {
  name: 'catalog_add_search_words',
  sql: {
    sqlite: 'INSERT INTO catalog_search_terms (term) SELECT value FROM json_each($1) WHERE true ON CONFLICT (term) DO NOTHING',
    postgresql: `INSERT INTO catalog_search_terms (term)
      SELECT w FROM json_array_elements_text($1::json) WITH ORDINALITY AS t (w, n) ORDER BY n ON CONFLICT (md5(term)) DO NOTHING`,
  },
};

/**
 * The postings of simulation $2 for its words $1 (in the vocabulary already). PostgreSQL keeps
 * words unique by md5(term), so that index finds them; SQLite's UNIQUE (term) does directly.
 */
export const ADD_SEARCH_POSTINGS: NamedStatement = {
  name: 'catalog_add_search_postings',
  sql: {
    sqlite: `INSERT INTO catalog_search_postings (term_id, simulation_id)
      SELECT v.id, $2 FROM json_each($1) AS w JOIN catalog_search_terms AS v ON v.term = w.value`,
    postgresql: `INSERT INTO catalog_search_postings (term_id, simulation_id)
      SELECT v.id, $2 FROM json_array_elements_text($1::json) AS w (term)
      JOIN catalog_search_terms AS v ON md5(v.term) = md5(w.term) AND v.term = w.term`,
  },
};

/** The tag rows of simulation $1: its tags $2, lower-cased and each once. */
export const ADD_SIMULATION_TAGS: NamedStatement = {
  name: 'catalog_add_simulation_tags',
  sql: {
    sqlite: 'INSERT INTO catalog_simulation_tags (simulation_id, tag) SELECT $1, value FROM json_each($2)',
    postgresql: 'INSERT INTO catalog_simulation_tags (simulation_id, tag) SELECT $1, json_array_elements_text($2::json)',
  },
};

/**
 * Executions recorded before their simulation was registered (simulation_id NULL, named by
 * unattached name $2 and version $3) join simulation $1; the statistics triggers count them then.
 */
export const ATTACH_EXECUTIONS: NamedStatement = {
  name: 'catalog_attach_executions',
  sql: `UPDATE catalog_executions SET simulation_id = $1, unattached_name = NULL, unattached_version = NULL
    WHERE simulation_id IS NULL AND unattached_name = $2 AND unattached_version = $3`,
};

export { searchPage, versionsPage } from './simulations/search-query.builder';
