// Run-database fixtures for specs and benchmarks, on the writer of @simsvc/run-database (which
// `simsvc demo` ships): a ready-made heat-1d run, and SQL to damage a written file.
import {
  writeRunDatabase,
  type RunDatabaseContent,
  type RunJsonValue,
  type RunParam,
  type RunParamEntry,
  type RunParamMetadata,
} from '@simsvc/run-database';
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';

export { writeRunDatabase };
export type FixtureJsonValue = RunJsonValue;
export type ParamMetadataFixture = RunParamMetadata;
export type ParamFixture = RunParam;
export type ParamEntry = RunParamEntry;
export type RunDatabaseFixture = RunDatabaseContent;

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

/** Runs SQL on a written run database, the way a foreign or broken writer might change it. */
export function alterRunDatabase(filePath: string, sql: string): void {
  const db = new Database(filePath);
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}
