import { CatalogStore, openCatalogStore, specBackends } from '../../../test/support/catalog-store';
import { ExecutionsRepository } from '../executions/executions.repository';
import { SimulationErrorCode } from './simulation.errors';
import { NewSimulation, newSimulationFrom } from './simulation-registration';
import { SimulationsRepository } from './simulations.repository';

const NOW = 1_767_312_000_000_000;

const simulation = (name: string, version: string, changes: Record<string, unknown> = {}): NewSimulation =>
  newSimulationFrom({
    name,
    version,
    description: `${name} ${version}`,
    tags: ['Heat'],
    input_schema: { x: { type: 'number' } },
    ...changes,
  });

describe.each(specBackends())('SimulationsRepository on %s', (backend) => {
  let store: CatalogStore;
  let simulations: SimulationsRepository;
  let executions: ExecutionsRepository;
  const insert = (value: NewSimulation, now = NOW) => store.db.transaction((manager) => simulations.insert(manager, value, now));

  beforeAll(async () => {
    store = await openCatalogStore(backend);
    simulations = new SimulationsRepository(store.db);
    executions = new ExecutionsRepository(store.db);
  }, 60_000);
  afterAll(() => store?.close());

  it('registers a simulation with its columns, and refuses its (name, version) again', async () => {
    const record = await insert(simulation('rod', '1.0.0', { auto_approve: true, license: 'MIT' }));
    expect(record).toMatchObject({ name: 'rod', version: '1.0.0', tags: '["Heat"]', inputSchema: '{"x":{"type":"number"}}' });
    expect(await simulations.findVersion('rod', '1.0.0')).toEqual(record);
    expect(await store.db.run((manager) => simulations.existsNamed(manager, 'rod', '1.0.0'))).toBe(true);
    await expect(insert(simulation('rod', '1.0.0'))).rejects.toMatchObject({ code: SimulationErrorCode.Exists });
  });

  it('attaches the executions recorded for the simulation before it was registered', async () => {
    await executions.insert(
      {
        executionId: 'early',
        simulationId: null,
        status: 'completed',
        squidId: 'beam/2.0.0/ab',
        executorType: null,
        startedAt: null,
        completedAt: null,
        durationMicros: 2_000_000,
        cacheHit: null,
        inputHash: null,
        runDbPath: null,
        userId: null,
        counts: { outputCount: null, artifactCount: null, errorCount: null, warningCount: null },
        unattached: { name: 'beam', version: '2.0.0' },
      },
      NOW,
    );
    const record = await insert(simulation('beam', '2.0.0'));
    expect((await executions.find('early'))?.simulationId).toBe(record.id);
    expect(await executions.figures(record.id)).toMatchObject({ total_executions: 1, successful: 1, avg_duration: 2 });
  });

  it('finds the latest version: the highest semantic version, else the newest registration', async () => {
    for (const version of ['1.9.0', '1.10.0', '1.10.0-rc.1', 'nightly']) await insert(simulation('wave', version));
    expect(await simulations.findLatest('wave')).toMatchObject({ version: '1.10.0', autoApprove: false });
    expect(await simulations.findLatest('no-such-name')).toBeUndefined();
  });

  it('updates a simulation read for update, keeping its identity and creation time', async () => {
    const created = await insert(simulation('flux', '1.0.0'));
    const updated = await store.db.transaction(async (manager) => {
      const current = await simulations.findForUpdate(manager, created.id);
      return simulations.update(
        manager,
        current,
        {
          description: 'changed',
          author: 'Grace',
          tags: ['a', 'b'],
          inputSchema: '{}',
          outputSchema: '{"y":{"type":"integer"}}',
          status: 'deprecated',
          provenance: { ...simulation('x', '1').provenance, visibility: 'public' },
        },
        NOW + 5,
      );
    });
    expect(updated).toMatchObject({ id: created.id, name: 'flux', createdAt: NOW, updatedAt: NOW + 5, tags: '["a","b"]' });
    expect(await simulations.findVersion('flux', '1.0.0')).toEqual(updated);
    await expect(store.db.transaction((manager) => simulations.findForUpdate(manager, 999_999))).rejects.toMatchObject({
      code: SimulationErrorCode.NotFound,
    });
  });

  it('deletes a simulation without executions only', async () => {
    const free = await insert(simulation('gone', '1.0.0'));
    expect(await simulations.delete(free.id)).toEqual({ id: free.id, name: 'gone', version: '1.0.0' });
    expect(await simulations.findVersion('gone', '1.0.0')).toBeNull();
    await expect(simulations.delete(free.id)).rejects.toMatchObject({ code: SimulationErrorCode.NotFound });
    const used = await simulations.findVersion('beam', '2.0.0');
    await expect(simulations.delete(used?.id ?? 0)).rejects.toMatchObject({ code: SimulationErrorCode.HasExecutions });
  });
});
