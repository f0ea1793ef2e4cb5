// Introspects one sim2l run database (contract §6). The file comes from outside the service, so
// it is treated as hostile: opened read-only, checked before it is trusted, bounded before it
// is loaded, and any SQLite failure becomes a 4xx domain error, never a raw one.
import Database from 'better-sqlite3';
import type { IntrospectedRun } from './introspected-run.interface';
import { decodeParameters, type ParameterRow } from './parameter.decoder';
import { decodeRunMetadata, type RunMetadataRow } from './run-metadata.decoder';
import { assertWithinLimits } from './run-database-bounds';
import { assertSqliteFile } from './run-database-file';
import { type RunDatabaseLimits, resolveRunDatabaseLimits } from './run-database-limits';
import { assertRunDatabaseStructure, type ParameterTable } from './run-database-structure';
import { InvalidRunDatabaseError } from './run-database.errors';

const SELECT_RUN_METADATA = `
  SELECT CAST(execution_id AS TEXT) AS execution_id, CAST(squid_id AS TEXT) AS squid_id,
    CAST(simulation_name AS TEXT) AS simulation_name, CAST(simulation_version AS TEXT) AS simulation_version,
    CASE WHEN typeof(simulation_id) = 'integer' THEN simulation_id END AS simulation_id,
    CAST(started_at AS TEXT) AS started_at, CAST(completed_at AS TEXT) AS completed_at,
    CASE WHEN typeof(duration_seconds) IN ('integer', 'real') THEN duration_seconds END AS duration_seconds,
    CAST(status AS TEXT) AS status, CAST(executor_type AS TEXT) AS executor_type
  FROM run_metadata LIMIT 1`;

const selectParameters = (table: ParameterTable): string => `
  SELECT CAST(name AS TEXT) AS name, CAST(type AS TEXT) AS type, CAST(value AS TEXT) AS value,
    octet_length(value_blob) AS blob_bytes, CAST(units AS TEXT) AS units, CAST(metadata AS TEXT) AS metadata
  FROM ${table}`;

/** Reads the run database at path, which the caller has already confined to the runs root. */
export function readRunDatabase(path: string, limits: Partial<RunDatabaseLimits> = {}): IntrospectedRun {
  const bounds = resolveRunDatabaseLimits(limits);
  assertSqliteFile(path);
  const db = translatingSqliteErrors(() => new Database(path, { readonly: true, fileMustExist: true }));
  try {
    return translatingSqliteErrors(() => {
      db.pragma('query_only = ON');
      assertRunDatabaseStructure(db);
      assertWithinLimits(db, bounds);
      const runRow = db.prepare<[], RunMetadataRow>(SELECT_RUN_METADATA).get();
      if (runRow === undefined) throw new InvalidRunDatabaseError('run database has no run_metadata row');
      const run = decodeRunMetadata(runRow);
      const inputs = decodeParameters('inputs', readParameterRows(db, 'inputs'), bounds.maxNestingDepth);
      const outputs = decodeParameters('outputs', readParameterRows(db, 'outputs'), bounds.maxNestingDepth);
      return {
        run,
        inputs: inputs.values,
        outputs: outputs.values,
        schema: { inputs: inputs.schema, outputs: outputs.schema },
      };
    });
  } finally {
    db.close();
  }
}

function readParameterRows(db: Database.Database, table: ParameterTable): ParameterRow[] {
  return db.prepare<[], ParameterRow>(selectParameters(table)).all();
}

function translatingSqliteErrors<T>(operation: () => T): T {
  try {
    return operation();
  } catch (error) {
    if (!isSqliteError(error)) throw error;
    throw new InvalidRunDatabaseError(describeSqliteFailure(error.code), error);
  }
}

// Duck-typed rather than `instanceof Database.SqliteError` (or even `instanceof Error`): the
// native addon keeps the error class of the first copy of better-sqlite3 loaded in the process,
// and test runners that give each file its own module registry and globals load several copies.
function isSqliteError(error: unknown): error is { code: string } {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === 'SqliteError' && typeof code === 'string';
}

function describeSqliteFailure(code: string): string {
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return 'run database is corrupt';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'run database is locked by another process';
  return 'run database could not be read';
}
