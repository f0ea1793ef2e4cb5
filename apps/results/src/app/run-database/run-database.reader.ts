// Introspects one sim2l run database (contract §6). The file comes from outside the service, so
// it is treated as hostile: taken by one descriptor and copied somewhere private, checked before
// it is trusted, bounded before it is loaded, all of it in a worker process under a deadline,
// and any refusal or SQLite failure becomes a 4xx domain error, never a raw one.
import type { OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { IntrospectedRun } from './introspected-run.interface';
import { decodeParameters, type ParameterRow } from './parameter.decoder';
import { decodeRunMetadata, type RunMetadataRow } from './run-metadata.decoder';
import { assertWithinLimits } from './run-database-bounds';
import { PrivateDirectory } from './private-directory';
import { isCopyDirectoryMissing, refusalOf } from './run-database-file';
import { type RunDatabaseLimits, resolveRunDatabaseLimits } from './run-database-limits';
import { assertRunDatabaseStructure, type ParameterTable } from './run-database-structure';
import { RunDatabaseWorkers, type RunDatabaseSession } from './run-database-workers';
import { invalidRunDatabase } from './run-database.errors';

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

/** Reads run databases; owns the worker processes that SQLite runs in and the directory of private copies. */
export class RunDatabaseReader implements OnModuleDestroy {
  constructor(
    private readonly limits: Partial<RunDatabaseLimits> = {},
    private readonly workers = new RunDatabaseWorkers(),
    private readonly copies = new PrivateDirectory(),
  ) {}

  /**
   * Reads the run database at path, which resolveRunDatabasePath has confined to runsRoot by
   * name, for client (an address: see run-database-queue.ts), within the read deadline from now.
   */
  async read(runsRoot: string, path: string, limits: Partial<RunDatabaseLimits> = {}, client?: string): Promise<IntrospectedRun> {
    const bounds = resolveRunDatabaseLimits({ ...this.limits, ...limits });
    const lease = { client, arrivedAt: performance.now() };
    for (let attempt = 1; ; attempt += 1) {
      const target = join(await this.copies.path(), `${randomUUID()}.db`);
      const database = { source: path, root: runsRoot, target, maxFileBytes: bounds.maxFileBytes };
      try {
        return await translatingWorkerErrors(() =>
          this.workers.withDatabase(database, bounds.readDeadlineMs, (db) => introspect(db, bounds), lease),
        );
      } catch (error) {
        // The private directory disappeared (a tmp cleaner, say): the next path() makes a new one.
        if (attempt > 1 || !isCopyDirectoryMissing(error) || !this.copies.lost(error)) throw error;
      }
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.workers.onModuleDestroy();
    await this.copies.remove();
  }
}

async function introspect(db: RunDatabaseSession, bounds: RunDatabaseLimits): Promise<IntrospectedRun> {
  await assertRunDatabaseStructure(db, bounds.maxSchemaObjects);
  await assertWithinLimits(db, bounds);
  const [metadata, inputRows, outputRows] = await db.batch<[RunMetadataRow, ParameterRow, ParameterRow]>([
    { sql: SELECT_RUN_METADATA },
    { sql: selectParameters('inputs') },
    { sql: selectParameters('outputs') },
  ]);
  const runRow = metadata.rows[0];
  if (runRow === undefined) throw invalidRunDatabase('run database has no run_metadata row');
  const run = decodeRunMetadata(runRow);
  const inputs = decodeParameters('inputs', inputRows.rows, bounds.maxNestingDepth);
  const outputs = decodeParameters('outputs', outputRows.rows, bounds.maxNestingDepth);
  return {
    run,
    inputs: inputs.values,
    outputs: outputs.values,
    schema: { inputs: inputs.schema, outputs: outputs.schema },
  };
}

async function translatingWorkerErrors<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) throw refusal;
    if (!isSqliteError(error)) throw error;
    throw invalidRunDatabase(describeSqliteFailure(error.code), error);
  }
}

// Duck-typed: errors from the worker arrive as plain objects named after SQLite's error class.
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
