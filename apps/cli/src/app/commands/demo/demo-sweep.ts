// The demo's runs: one per sweep point, the same every time for the same N (idempotent), each
// written as a run database the way a sim2l run leaves it.
import { runTimestamp, writeRunDatabase, type RunParam } from '@simsvc/run-database';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import {
  BEAM_SIMULATION,
  INPUT_SCHEMA,
  OUTPUT_SCHEMA,
  runDuration,
  solveBeam,
  sweepInputs,
  type BeamInputs,
  type ParamSchema,
} from './beam-model';

/** The sweep's runs start here, 90 s apart: fixed, so that running the demo again writes the same files. */
const SWEEP_START_MS = Date.UTC(2026, 0, 5, 8, 0, 0);
const SWEEP_SPACING_MS = 90_000;

export interface DemoRun {
  execution_id: string;
  squid_id: string;
  input_hash: string;
  /** The cache key of a run with these inputs. */
  cache_key: string;
  status: 'completed' | 'failed';
  inputs: BeamInputs;
  outputs: Record<string, number>;
  error_message: string | null;
  started_at: string;
  completed_at: string;
  duration_seconds: number;
  file: string;
}

export function executionId(index: number): string {
  return `${BEAM_SIMULATION.name}-${String(index).padStart(5, '0')}`;
}

/** What a run of these inputs is known by: the hash of its inputs, and the squid id and cache key built on it. */
export function inputIdentity(inputs: BeamInputs): { input_hash: string; squid_id: string; cache_key: string } {
  const canonical = JSON.stringify(
    Object.keys(inputs)
      .sort()
      .map((name) => [name, inputs[name as keyof BeamInputs]]),
  );
  const input_hash = createHash('sha256').update(canonical).digest('hex').slice(0, 16);
  const prefix = `${BEAM_SIMULATION.name}/${BEAM_SIMULATION.version}/${input_hash}`;
  return { input_hash, squid_id: prefix, cache_key: prefix };
}

/** Run number `index` (1-based) of the sweep, its database to be at `<runsDir>/<execution_id>.db`. */
export function demoRun(index: number, runsDir: string): DemoRun {
  const inputs = sweepInputs(index);
  const solution = solveBeam(inputs);
  const duration = runDuration(inputs);
  const started = SWEEP_START_MS + (index - 1) * SWEEP_SPACING_MS;
  const execution_id = executionId(index);
  return {
    execution_id,
    ...inputIdentity(inputs),
    status: solution.ok ? 'completed' : 'failed',
    inputs,
    outputs: solution.ok ? { ...solution.outputs } : {},
    error_message: solution.ok ? null : solution.error,
    started_at: runTimestamp(new Date(started)),
    completed_at: runTimestamp(new Date(started + Math.round(duration * 1000))),
    duration_seconds: duration,
    file: join(runsDir, `${execution_id}.db`),
  };
}

export function demoSweep(count: number, runsDir: string): DemoRun[] {
  return Array.from({ length: count }, (_, i) => demoRun(i + 1, runsDir));
}

/** Writes the run's database (replacing the file): inputs and outputs with their units and bounds. */
export function writeDemoRun(run: DemoRun, simulationId: number | null): void {
  const param = (schema: ParamSchema, value: unknown): RunParam => ({
    value,
    type: schema.type,
    units: schema.units,
    metadata: { description: schema.description, min: schema.min, max: schema.max, default: schema.default },
  });
  writeRunDatabase(run.file, {
    execution_id: run.execution_id,
    simulation_name: BEAM_SIMULATION.name,
    simulation_version: BEAM_SIMULATION.version,
    simulation_id: simulationId,
    squid_id: run.squid_id,
    status: run.status,
    started_at: run.started_at,
    completed_at: run.completed_at,
    duration_seconds: run.duration_seconds,
    executor_type: 'local',
    error_message: run.error_message,
    inputs: Object.fromEntries(
      Object.entries(run.inputs).map(([name, value]) => [name, param(INPUT_SCHEMA[name as keyof BeamInputs], value)]),
    ),
    outputs: Object.fromEntries(
      Object.entries(run.outputs).map(([name, value]) => [name, param(OUTPUT_SCHEMA[name as keyof typeof OUTPUT_SCHEMA], value)]),
    ),
  });
}
