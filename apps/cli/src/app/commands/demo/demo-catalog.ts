// The demo's part in the catalog: the simulation with its schema (registered once), and one
// execution per run (recorded once; the ones the catalog already has are left as they are).
import { SimsvcError, type SimsvcClient } from '@simsvc/client';
import { BEAM_SIMULATION, INPUT_SCHEMA, OUTPUT_SCHEMA } from './beam-model';
import { forEachConcurrently } from './concurrently';
import type { DemoRun } from './demo-sweep';

const PAGE = 1000;

export type DemoSimulation = { id: number; registered: boolean } | undefined;

export const DEMO_SIMULATION_BODY = {
  name: BEAM_SIMULATION.name,
  version: BEAM_SIMULATION.version,
  description:
    'simsvc demo: a cantilever beam under a tip load (Euler–Bernoulli, closed form), swept over length, load, section and material',
  author: 'simsvc demo',
  tags: ['demo', 'structures', 'beam'],
  input_schema: INPUT_SCHEMA,
  output_schema: OUTPUT_SCHEMA,
};

/** The demo simulation's id: found, or registered when the session may; undefined when it is missing and may not be registered. */
export async function ensureDemoSimulation(client: SimsvcClient, mayRegister: boolean): Promise<DemoSimulation> {
  const existing = await findDemoSimulation(client);
  if (existing !== undefined) return { id: existing, registered: false };
  if (!mayRegister) return undefined;
  try {
    const created = await client.catalog.POST('/simulations', { body: DEMO_SIMULATION_BODY });
    return { id: created.id, registered: true };
  } catch (error) {
    // Registered by a demo running at the same time.
    if (error instanceof SimsvcError && error.status === 409) {
      const id = await findDemoSimulation(client);
      if (id !== undefined) return { id, registered: false };
    }
    throw error;
  }
}

async function findDemoSimulation(client: SimsvcClient): Promise<number | undefined> {
  try {
    const simulation = await client.catalog.GET('/simulations/{simulation}', {
      params: { path: { simulation: BEAM_SIMULATION.name }, query: { version: BEAM_SIMULATION.version } },
    });
    return simulation.id;
  } catch (error) {
    if (error instanceof SimsvcError && error.status === 404) return undefined;
    throw error;
  }
}

/** Records an execution per run the catalog does not have yet; resolves to how many were recorded. */
export async function recordDemoExecutions(
  client: SimsvcClient,
  simulationId: number,
  runs: DemoRun[],
  concurrency: number,
): Promise<number> {
  const known = await knownExecutions(client, simulationId);
  const missing = runs.filter((run) => !known.has(run.execution_id));
  await forEachConcurrently(missing, concurrency, async (run) => {
    await client.catalog.POST('/executions', {
      body: {
        execution_id: run.execution_id,
        simulation_id: simulationId,
        squid_id: run.squid_id,
        status: run.status,
        executor_type: 'local',
        started_at: run.started_at,
        completed_at: run.completed_at,
        duration_seconds: run.duration_seconds,
        cache_hit: false,
        input_hash: run.input_hash,
        run_db_path: run.file,
        output_count: Object.keys(run.outputs).length,
        error_count: run.status === 'failed' ? 1 : 0,
      },
    });
  });
  return missing.length;
}

async function knownExecutions(client: SimsvcClient, simulationId: number): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let offset = 0; ; offset += PAGE) {
    const page = await client.catalog.GET('/simulations/{id}/executions', {
      params: { path: { id: simulationId }, query: { limit: PAGE, offset } },
    });
    for (const execution of page) ids.add(execution.execution_id);
    if (page.length < PAGE) return ids;
  }
}
