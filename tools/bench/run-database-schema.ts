// The tables of a sim2l run database (contract §6), as libs/run-database writes them, for the
// benchmarks that write thousands of run databases themselves. A copy of that lib's SCHEMA, kept
// here because tools cannot import a lib: tools are ES modules run by Node and typechecked with
// `verbatimModuleSyntax` (tools/tsconfig.json), under which the lib's CommonJS sources fail to
// compile, and @nx/enforce-module-boundaries refuses an import of another project by path (there
// is no @simsvc alias at run time).
export const RUN_DATABASE_SCHEMA = `
CREATE TABLE run_metadata (execution_id TEXT PRIMARY KEY, squid_id TEXT, simulation_name TEXT NOT NULL,
  simulation_version TEXT NOT NULL, simulation_id INTEGER, started_at TIMESTAMP NOT NULL,
  completed_at TIMESTAMP, duration_seconds REAL, status TEXT NOT NULL, executor_type TEXT NOT NULL,
  hostname TEXT, error_message TEXT);
CREATE TABLE inputs  (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE, type TEXT NOT NULL,
  value TEXT, value_blob BLOB, units TEXT, metadata TEXT);
CREATE TABLE outputs (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE, type TEXT NOT NULL,
  value TEXT, value_blob BLOB, units TEXT, file_reference TEXT, metadata TEXT, created_at TIMESTAMP);`;
