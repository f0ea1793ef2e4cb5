import { expectError, parameterStats, useResultsService } from './support/results-test-service';

// Real services on real databases, on shared CI machines: more than jest's default 5 s.
jest.setTimeout(60_000);

// The requests sim2l's ResultsClient sends (sim2l/database/results_client.py), field for field,
// and what it needs back (contract §6, §7; docs/compatibility.md). The client raises on any
// status of 400 or more, except a 404 from get_result, which it maps to None.

/** ResultsClient.register_result's body: squid_id and metadata null unless given. */
const registerResult = (executionId: string, squidId: string | null = null, metadata: Record<string, unknown> | null = null) => ({
  execution_id: executionId,
  squid_id: squidId,
  metadata,
});

/** ResultsClient.register_direct's body with its defaults: run_db_path "", the optional fields null. */
function registerDirect(executionId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    execution_id: executionId,
    simulation_name: 'sim2l-beam',
    simulation_version: '0.3.1',
    squid_id: null,
    input_params: { load: 1200, material: 'steel' },
    output_params: { deflection: 0.0042 },
    status: 'completed',
    duration_seconds: null,
    run_db_path: '',
    metadata: null,
    ...overrides,
  };
}

/** ResultsClient.search's body: filters default to {}, limit to 100. */
const search = (
  simulationName: string | null,
  inputFilters: Record<string, unknown> = {},
  outputFilters: Record<string, unknown> = {},
) => ({
  simulation_name: simulationName,
  input_filters: inputFilters,
  output_filters: outputFilters,
  limit: 100,
});

describe('sim2l ResultsClient compatibility (contract §7)', () => {
  const results = useResultsService();

  /** A run as sim2l writes it: its field classes as types, units and metadata on the rows. */
  const writeSim2lRun = (executionId: string, load: number, deflection: number) =>
    results.writeRun({
      execution_id: executionId,
      simulation_name: 'sim2l-heat',
      simulation_version: '1.2.0',
      squid_id: `sim2l-heat/1.2.0/${executionId}`,
      inputs: { load: { value: load, type: 'Number', units: 'N', metadata: { min: 0 } }, mesh: { value: 'tri', type: 'Text' } },
      outputs: { deflection: { value: deflection, type: 'Number', units: 'm' } },
    });

  it('health_check: GET /health answers 200 with a status', async () => {
    const response = await results.http().get('/health');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'healthy', service: 'results' });
  });

  it('register_result: 200 with the result_id; registering again updates the result in place', async () => {
    writeSim2lRun('sim2l-run-1', 100, 0.5);
    const first = await results.post('/register', registerResult('sim2l-run-1'));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      result_id: expect.any(Number),
      execution_id: 'sim2l-run-1',
      input_count: 2,
      output_count: 1,
      schema_id: expect.any(Number),
    });

    // sim2l's examples register a run again after it changed: the values are read again.
    writeSim2lRun('sim2l-run-1', 150, 0.75);
    const again = await results.post('/register', registerResult('sim2l-run-1', 'sim2l-heat/1.2.0/other', { note: 'rerun' }));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await results.get('/results/sim2l-run-1')).body).toMatchObject({
      id: first.body.result_id,
      squid_id: 'sim2l-heat/1.2.0/sim2l-run-1',
      input_params: { load: 150, mesh: 'tri' },
      output_params: { deflection: 0.75 },
      metadata: { note: 'rerun' },
      schema: { inputs: { load: { type: 'Number', units: 'N', min: 0 } } },
    });
  });

  it('register_direct with its defaults: run_db_path "" and nulls are absent', async () => {
    const response = await results.post('/register_direct', registerDirect('sim2l-direct-1'));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, execution_id: 'sim2l-direct-1', input_count: 2, output_count: 1 });
    expect((await results.get('/results/sim2l-direct-1')).body).toMatchObject({
      run_db_path: null,
      squid_id: null,
      duration_seconds: null,
      metadata: null,
      input_params: { load: 1200, material: 'steel' },
    });
  });

  // Issue 23.6: sim2l updates a re-sent execution_id; so does simsvc (no 409).
  it('register_direct of an execution_id registered already: 200, updated in place (same result_id, created_at kept)', async () => {
    const first = await results.post('/register_direct', registerDirect('sim2l-direct-2'));
    expect(first.status).toBe(200);
    const before = (await results.get('/results/sim2l-direct-2')).body;
    const again = await results.post(
      '/register_direct',
      registerDirect('sim2l-direct-2', { output_params: { deflection: 1 }, status: 'failed' }),
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await results.get('/results/sim2l-direct-2')).body).toMatchObject({
      id: first.body.result_id,
      created_at: before.created_at,
      status: 'failed',
      output_params: { deflection: 1 },
    });
    expect((await results.post('/search', search(null, {}, { deflection: 0.0042 }))).body.results).not.toContainEqual(
      expect.objectContaining({ execution_id: 'sim2l-direct-2' }),
    );
  });

  it('search with a simulation_name and the default empty filters', async () => {
    const response = await results.post('/search', search('sim2l-heat'));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ count: 1, total: 1, limit: 100, offset: 0 });
    expect(response.body.results[0]).toMatchObject({ execution_id: 'sim2l-run-1', input_params: { load: 150 } });
  });

  it('search with simulation_name null: every simulation, filters still applied', async () => {
    const every = await results.post('/search', search(null));
    expect(every.status).toBe(200);
    const ids = (every.body.results as { execution_id: string }[]).map((hit) => hit.execution_id);
    expect(ids).toEqual(expect.arrayContaining(['sim2l-run-1', 'sim2l-direct-1', 'sim2l-direct-2']));
    expect(every.body.total).toBe(ids.length);

    const heavy = await results.post('/search', search(null, { load: { $gte: 1000 } }));
    expect((heavy.body.results as { execution_id: string }[]).map((hit) => hit.execution_id).sort()).toEqual([
      'sim2l-direct-1',
      'sim2l-direct-2',
    ]);
    // sim2l-direct-2 was registered again with deflection 1.
    const small = await results.post('/search', search(null, {}, { deflection: { $lt: 0.01 } }));
    expect((small.body.results as { execution_id: string }[]).map((hit) => hit.execution_id)).toEqual(['sim2l-direct-1']);
  });

  it('get_result: 200 with the result, 404 (mapped to None) for an unknown one', async () => {
    expect((await results.get('/results/sim2l-run-1')).status).toBe(200);
    expectError(await results.get('/results/never-registered'), 404, 'result not found');
  });

  it('get_parameter_stats: ?class=output and ?class=input', async () => {
    const output = await results.get('/stats/sim2l-heat/deflection?class=output');
    expect(output.status).toBe(200);
    expect(output.body).toEqual(
      parameterStats('sim2l-heat', 'deflection', 'output', 'Number', { count: 1, avg_value: 0.75, min_value: 0.75, max_value: 0.75 }),
    );
    expect((await results.get('/stats/sim2l-heat/load?class=input')).body).toMatchObject({
      param_type: 'Number',
      count: 1,
      avg_value: 150,
    });
  });

  it('get_parameter_stats of a simulation with no results: 200, count 0 and the rest null (the client raises on a 404)', async () => {
    const response = await results.get('/stats/never-ran/deflection?class=output');
    expect(response.status).toBe(200);
    expect(response.body).toEqual(parameterStats('never-ran', 'deflection', 'output', null));
  });

  // Issue 23.9 (last: its runs join sim2l-heat, which the tests above count): the client documents "result_id and schema_id".
  it('register_result, register_direct and get_result carry schema_id: one per parameter set of a simulation', async () => {
    writeSim2lRun('sim2l-schema-1', 10, 0.1);
    writeSim2lRun('sim2l-schema-2', 20, 0.2);
    const one = await results.post('/register', registerResult('sim2l-schema-1'));
    const two = await results.post('/register', registerResult('sim2l-schema-2'));
    expect(one.body.schema_id).toEqual(expect.any(Number));
    expect(two.body.schema_id).toBe(one.body.schema_id);
    expect((await results.get('/results/sim2l-schema-1')).body.schema_id).toBe(one.body.schema_id);

    const registerInHeat = (executionId: string, input_params: object, output_params: object) =>
      results.post('/register_direct', registerDirect(executionId, { simulation_name: 'sim2l-heat', input_params, output_params }));
    // Another parameter set (a new output) of the same simulation: a new schema_id.
    const wider = await registerInHeat('sim2l-schema-3', { load: 1, mesh: 'tri' }, { deflection: 1, stress: 2 });
    expect(wider.status).toBe(200);
    expect(wider.body.schema_id).toEqual(expect.any(Number));
    expect(wider.body.schema_id).not.toBe(one.body.schema_id);
    // The same names with another type: another parameter set too.
    const typed = await registerInHeat('sim2l-schema-4', { load: 'heavy', mesh: 'tri' }, { deflection: 1, stress: 2 });
    expect(typed.body.schema_id).not.toBe(wider.body.schema_id);
    // The same set again: the same id, and the same id when a result is registered again.
    const same = await registerInHeat('sim2l-schema-5', { load: 7, mesh: 'quad' }, { deflection: 3, stress: 4 });
    expect(same.body.schema_id).toBe(wider.body.schema_id);
    expect((await results.get('/results/sim2l-schema-5')).body.schema_id).toBe(wider.body.schema_id);
  });
});
