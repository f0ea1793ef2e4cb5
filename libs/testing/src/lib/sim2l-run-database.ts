// Writes run databases in sim2l's per-run format (contract §6) so that specs and benchmarks can
// give the results service real files to introspect.
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';

export type FixtureJsonValue = string | number | boolean | null | FixtureJsonValue[] | { [key: string]: FixtureJsonValue };

export interface ParamMetadataFixture {
  description?: string;
  min?: number;
  max?: number;
  default?: unknown;
  [key: string]: unknown;
}

export interface ParamFixture {
  value?: unknown;
  type?: string;
  units?: string;
  metadata?: ParamMetadataFixture;
  blob?: Buffer;
}

/**
 * A parameter given either in full or as a bare value. A plain object whose keys are all
 * ParamFixture keys is read as a ParamFixture; to store such an object as a value, wrap it:
 * `{ value: { type: 'x' } }`.
 */
export type ParamEntry = ParamFixture | FixtureJsonValue;

export interface RunDatabaseFixture {
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
  inputs?: Record<string, ParamEntry>;
  outputs?: Record<string, ParamEntry>;
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

const PARAM_FIXTURE_KEYS = new Set(['value', 'type', 'units', 'metadata', 'blob']);

interface ParamRow {
  name: string;
  type: string;
  value: string | null;
  value_blob: Buffer | null;
  units: string | null;
  metadata: string | null;
}

/** Writes (replacing any existing file) a run database at filePath and returns filePath. */
export function writeRunDatabase(filePath: string, run: RunDatabaseFixture): string {
  mkdirSync(dirname(filePath), { recursive: true });
  rmSync(filePath, { force: true });
  const db = new Database(filePath);
  try {
    db.exec(SCHEMA);
    const startedAt = run.started_at ?? runTimestamp(new Date());
    db.transaction(() => {
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

let fixtureSequence = 0;

/** A completed heat-1d run with two numeric inputs and two numeric outputs. */
export function makeRunFixture(overrides: Partial<RunDatabaseFixture> = {}): RunDatabaseFixture {
  fixtureSequence += 1;
  const executionId = overrides.execution_id ?? `run-${fixtureSequence}-${randomUUID()}`;
  return {
    execution_id: executionId,
    simulation_name: 'heat-1d',
    simulation_version: '1.0.0',
    status: 'completed',
    squid_id: `heat-1d/1.0.0/${executionId}`,
    simulation_id: 1,
    started_at: '2026-01-15T10:00:00.000000',
    completed_at: '2026-01-15T10:00:02.500000',
    duration_seconds: 2.5,
    executor_type: 'local',
    inputs: {
      length: {
        value: 2.5,
        type: 'number',
        units: 'm',
        metadata: { description: 'rod length', min: 0.1, max: 10, default: 1 },
      },
      n_points: {
        value: 100,
        type: 'integer',
        metadata: { description: 'grid points', min: 2, max: 10000, default: 50 },
      },
    },
    outputs: {
      max_temperature: { value: 373.15, type: 'number', units: 'K', metadata: { description: 'peak temperature' } },
      mean_temperature: { value: 310.5, type: 'number', units: 'K' },
    },
    ...overrides,
  };
}

/** A timestamp in the contract's form: UTC, no zone, six fractional digits. */
function runTimestamp(date: Date): string {
  return date.toISOString().replace('Z', '000');
}

function insertRunMetadata(db: Database.Database, run: RunDatabaseFixture, startedAt: string): void {
  db.prepare(
    `INSERT INTO run_metadata (execution_id, squid_id, simulation_name, simulation_version, simulation_id,
       started_at, completed_at, duration_seconds, status, executor_type)
     VALUES (@execution_id, @squid_id, @simulation_name, @simulation_version, @simulation_id,
       @started_at, @completed_at, @duration_seconds, @status, @executor_type)`,
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
  });
}

function paramRows(params: Record<string, ParamEntry> | undefined): ParamRow[] {
  return Object.entries(params ?? {}).map(([name, entry]) => {
    const param = isParamFixture(entry) ? entry : { value: entry };
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

function isParamFixture(entry: ParamEntry): entry is ParamFixture {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return false;
  const keys = Object.keys(entry);
  return keys.length > 0 && keys.every((key) => PARAM_FIXTURE_KEYS.has(key));
}

function inferType(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value === 'boolean' || typeof value === 'object' ? typeof value : 'string';
}

/** Runs SQL on a written run database, the way a foreign or broken writer might change it. */
export function alterRunDatabase(filePath: string, sql: string): void {
  const db = new Database(filePath);
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}
