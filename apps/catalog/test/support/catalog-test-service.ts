import { SimulationResponse } from '@simsvc/contracts';
import { TestService, TestServiceOptions, useTestService } from '@simsvc/testing';
import { AppModule } from '../../src/app/app.module';
import { CATALOG_SERVICE, CatalogConfig } from '../../src/app/catalog-config';

export type CatalogTestService = TestService<CatalogConfig>;

export const startCatalogService = (options?: TestServiceOptions): Promise<CatalogTestService> =>
  TestService.start(CATALOG_SERVICE, (config) => AppModule.forRoot(config), options);

/** A catalog service started before the describe block's tests and closed after them (useTestService). */
export const useCatalogService = (options?: TestServiceOptions): CatalogTestService => useTestService(() => startCatalogService(options));

let sequence = 0;

/** A unique simulation name for one test (tests of a file share one database). */
export function uniqueName(prefix = 'sim'): string {
  sequence += 1;
  return `${prefix}-${sequence}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A valid POST /simulations body; a new name each call unless one is given. */
export function makeSimulation(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: uniqueName('heat'),
    version: '1.0.0',
    description: 'One-dimensional heat conduction in a rod',
    author: 'Ada Lovelace',
    tags: ['heat', 'pde'],
    input_schema: {
      length: { type: 'number', units: 'm', min: 0.1, max: 10, default: 1, description: 'rod length' },
      n_points: { type: 'integer', min: 2, max: 10000, default: 50 },
    },
    output_schema: { max_temperature: { type: 'number', units: 'K' } },
    ...overrides,
  };
}

/** A valid POST /executions body for a simulation; a new execution id each call unless given. */
export function makeExecution(simulationId: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  sequence += 1;
  return {
    execution_id: `exec-${sequence}-${Math.random().toString(36).slice(2, 8)}`,
    simulation_id: simulationId,
    status: 'pending',
    ...overrides,
  };
}

/** Registers a simulation as a developer and returns its body. */
export async function registerSimulation(svc: CatalogTestService, overrides: Record<string, unknown> = {}): Promise<SimulationResponse> {
  const token = await svc.tokenFor('developer');
  const response = await svc.http().post('/simulations').set('X-Session-ID', token).send(makeSimulation(overrides));
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as SimulationResponse;
}

/** Polls `check` until it returns a value (not undefined) or the time is up. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** GET /simulations/{id}/stats of a simulation with no executions. */
export const emptyStats = (simulationId: number): Record<string, unknown> => ({
  simulation_id: simulationId,
  total_executions: 0,
  successful: 0,
  failed: 0,
  cached: 0,
  cancelled: 0,
  running: 0,
  pending: 0,
  success_rate: 0,
  avg_duration: null,
  min_duration: null,
  max_duration: null,
});
