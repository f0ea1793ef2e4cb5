// Writes run databases in sim2l's per-run format (contract §6): what a sim2l run leaves behind,
// for `simsvc demo` to give the results service real files, and for specs and benchmarks.
import Database from 'better-sqlite3';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';

export type RunJsonValue = string | number | boolean | null | RunJsonValue[] | { [key: string]: RunJsonValue };

export interface RunParamMetadata {
  description?: string;
  min?: number;
  max?: number;
  default?: unknown;
  [key: string]: unknown;
}

export interface RunParam {
  value?: unknown;
  type?: string;
  units?: string;
  metadata?: RunParamMetadata;
  blob?: Buffer;
}

/**
 * A parameter given either in full or as a bare value. A plain object whose keys are all
 * RunParam keys is read as a RunParam; to store such an object as a value, wrap it:
 * `{ value: { type: 'x' } }`.
 */
export type RunParamEntry = RunParam | RunJsonValue;

export interface RunDatabaseContent {
  execution_id: string;
  simulation_name: string;
  simulation_version: string;
  status?: string;
  squid_id?: string | null;
  simulation_id?: number | null;
  started_at?: string;
  completed_at?: string | null;
  duration_seconds?: number | null;
  executor_type?: string;
  error_message?: string | null;
  inputs?: Record<string, RunParamEntry>;
  outputs?: Record<string, RunParamEntry>;
}

// sim2l adds its own columns after the ones the contract names (the `...` there); two stand-ins
// keep readers honest about ignoring them.
const SCHEMA = `
CREATE TABLE run_metadata (execution_id TEXT PRIMARY KEY, squid_id TEXT, simulation_name TEXT NOT NULL,
  simulation_version TEXT NOT NULL, simulation_id INTEGER, started_at TIMESTAMP NOT NULL,
  completed_at TIMESTAMP, duration_seconds REAL, status TEXT NOT NULL, executor_type TEXT NOT NULL,
  hostname TEXT, error_message TEXT);
CREATE TABLE inputs  (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE, type TEXT NOT NULL,
  value TEXT, value_blob BLOB, units TEXT, metadata TEXT);
CREATE TABLE outputs (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE, type TEXT NOT NULL,
  value TEXT, value_blob BLOB, units TEXT, file_reference TEXT, metadata TEXT, created_at TIMESTAMP);
`;

const PARAM_KEYS = new Set(['value', 'type', 'units', 'metadata', 'blob']);

interface ParamRow {
  name: string;
  type: string;
  value: string | null;
  value_blob: Buffer | null;
  units: string | null;
  metadata: string | null;
}

/** Writes (replacing any existing file) a run database at filePath and returns filePath. */
export function writeRunDatabase(filePath: string, run: RunDatabaseContent): string {
  mkdirSync(dirname(filePath), { recursive: true });
  rmSync(filePath, { force: true });
  const db = new Database(filePath);
  try {
    // A new file written start to finish in one go: a crash midway leaves a file to write again,
    // so no rollback journal and no fsync (with them, thousands of files take minutes, not seconds).
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    const startedAt = run.started_at ?? runTimestamp(new Date());
    db.transaction(() => {
      db.exec(SCHEMA);
      insertRunMetadata(db, run, startedAt);
      const insertInput = db.prepare(
        'INSERT INTO inputs (name, type, value, value_blob, units, metadata) VALUES (@name, @type, @value, @value_blob, @units, @metadata)',
      );
      const insertOutput = db.prepare(
        'INSERT INTO outputs (name, type, value, value_blob, units, metadata, created_at) VALUES (@name, @type, @value, @value_blob, @units, @metadata, @created_at)',
      );
      for (const row of paramRows(run.inputs)) insertInput.run(row);
      for (const row of paramRows(run.outputs)) insertOutput.run({ ...row, created_at: run.completed_at ?? startedAt });
    })();
  } finally {
    db.close();
  }
  return filePath;
}

/** A timestamp in the contract's form: UTC, no zone, six fractional digits. */
export function runTimestamp(date: Date): string {
  return date.toISOString().replace('Z', '000');
}

function insertRunMetadata(db: Database.Database, run: RunDatabaseContent, startedAt: string): void {
  db.prepare(
    `INSERT INTO run_metadata (execution_id, squid_id, simulation_name, simulation_version, simulation_id,
       started_at, completed_at, duration_seconds, status, executor_type, error_message)
     VALUES (@execution_id, @squid_id, @simulation_name, @simulation_version, @simulation_id,
       @started_at, @completed_at, @duration_seconds, @status, @executor_type, @error_message)`,
  ).run({
    execution_id: run.execution_id,
    squid_id: run.squid_id ?? null,
    simulation_name: run.simulation_name,
    simulation_version: run.simulation_version,
    simulation_id: run.simulation_id ?? null,
    started_at: startedAt,
    completed_at: run.completed_at ?? null,
    duration_seconds: run.duration_seconds ?? null,
    status: run.status ?? 'completed',
    executor_type: run.executor_type ?? 'local',
    error_message: run.error_message ?? null,
  });
}

function paramRows(params: Record<string, RunParamEntry> | undefined): ParamRow[] {
  return Object.entries(params ?? {}).map(([name, entry]) => {
    const param = isRunParam(entry) ? entry : { value: entry };
    return {
      name,
      type: param.type ?? inferType(param.value),
      value: param.value === undefined ? null : JSON.stringify(param.value),
      value_blob: param.blob ?? null,
      units: param.units ?? null,
      metadata: param.metadata === undefined ? null : JSON.stringify(param.metadata),
    };
  });
}

function isRunParam(entry: RunParamEntry): entry is RunParam {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return false;
  const keys = Object.keys(entry);
  return keys.length > 0 && keys.every((key) => PARAM_KEYS.has(key));
}

function inferType(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value === 'boolean' || typeof value === 'object' ? typeof value : 'string';
}
