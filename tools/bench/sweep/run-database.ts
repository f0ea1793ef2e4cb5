// A run of the results benchmarks' sweep as a sim2l run database (contract §6), written with
// raw inserts: the benchmarks write thousands of them.
import Database from 'better-sqlite3';
import { RUN_DATABASE_SCHEMA } from '../run-database-schema.ts';
import { sweepParameters } from './parameters.ts';

export interface SweepRun {
  simulation: string;
  executionId: string;
  /** The sweep index of its parameters (sweepParameters). */
  index: number;
  /** The day it ran, `YYYY-MM-DD`; it starts at midnight and completes 2.5 s later. */
  day: string;
  durationSeconds: number;
  /** With units (m, K) and input metadata, as sim2l writes them for described fields. */
  described: boolean;
}

export function writeSweepRunDatabase(file: string, run: SweepRun): void {
  const { inputs, outputs } = sweepParameters(run.index);
  const completedAt = `${run.day}T00:00:02.500000`;
  const db = new Database(file);
  try {
    db.exec(RUN_DATABASE_SCHEMA);
    db.transaction(() => {
      db.prepare(
        `INSERT INTO run_metadata (execution_id, squid_id, simulation_name, simulation_version, simulation_id, started_at,
           completed_at, duration_seconds, status, executor_type) VALUES (?, ?, ?, '1.0.0', 1, ?, ?, ?, 'completed', 'local')`,
      ).run(
        run.executionId,
        `${run.simulation}/1.0.0/${run.executionId}`,
        run.simulation,
        `${run.day}T00:00:00.000000`,
        completedAt,
        run.durationSeconds,
      );
      const input = db.prepare('INSERT INTO inputs (name, type, value, units, metadata) VALUES (?, ?, ?, ?, ?)');
      for (const [name, value] of Object.entries(inputs)) {
        const numeric = typeof value === 'number';
        const metadata = run.described ? JSON.stringify({ description: `input ${name}`, min: 0, max: 100 }) : null;
        input.run(name, numeric ? 'number' : 'string', JSON.stringify(value), numeric && run.described ? 'm' : null, metadata);
      }
      const output = db.prepare('INSERT INTO outputs (name, type, value, units, created_at) VALUES (?, ?, ?, ?, ?)');
      for (const [name, value] of Object.entries(outputs))
        output.run(name, 'number', JSON.stringify(value), run.described ? 'K' : null, completedAt);
    })();
  } finally {
    db.close();
  }
}
