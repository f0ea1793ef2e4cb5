import { expectError, makeDirect, useResultsService } from './support/results-test-service';

// Real services on real databases, on shared CI machines: more than jest's default 5 s.
jest.setTimeout(60_000);

// POST /register_direct (contract §6): a result given inline; the schema is inferred from the values.
describe('POST /register_direct', () => {
  const results = useResultsService();

  async function expectRefused(body: Record<string, unknown>, status: number, message: string | RegExp): Promise<Record<string, unknown>> {
    const before = await results.snapshot(['heat-1d', 'direct-sim']);
    const error = expectError(await results.post('/register_direct', body), status, message);
    expect(await results.snapshot(['heat-1d', 'direct-sim'])).toEqual(before);
    return error;
  }

  it('stores the values with a schema inferred from them', async () => {
    const response = await results.registerDirect({
      execution_id: 'direct-full',
      simulation_name: 'direct-sim',
      simulation_version: '2.1.0',
      status: 'completed',
      squid_id: 'direct-sim/2.1.0/abc',
      duration_seconds: 12.5,
      run_db_path: '/anywhere/it/was/run.db',
      metadata: { user: 'bob' },
      input_params: { n: 3, x: 1.5, name: 'alpha', on: false, grid: [1, 2], opts: { a: 1 }, none: null },
      output_params: { y: -2 },
    });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      result_id: expect.any(Number),
      execution_id: 'direct-full',
      input_count: 7,
      output_count: 1,
      schema_id: expect.any(Number),
    });
    const inferred = (type: string) => ({ type, units: null, description: null, min: null, max: null, default: null });
    expect((await results.get('/results/direct-full')).body).toEqual({
      id: response.body.result_id,
      execution_id: 'direct-full',
      simulation_name: 'direct-sim',
      simulation_version: '2.1.0',
      squid_id: 'direct-sim/2.1.0/abc',
      status: 'completed',
      duration_seconds: 12.5,
      input_params: { n: 3, x: 1.5, name: 'alpha', on: false, grid: [1, 2], opts: { a: 1 }, none: null },
      output_params: { y: -2 },
      schema: {
        inputs: {
          n: inferred('number'),
          x: inferred('number'),
          name: inferred('string'),
          on: inferred('boolean'),
          grid: inferred('array'),
          opts: inferred('object'),
          none: inferred('null'),
        },
        outputs: { y: inferred('number') },
      },
      run_db_path: '/anywhere/it/was/run.db',
      metadata: { user: 'bob' },
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/),
      completed_at: null,
      schema_id: response.body.schema_id,
    });
  });

  it('treats null optional fields as absent and accepts empty parameter maps', async () => {
    const response = await results.registerDirect({
      execution_id: 'direct-nulls',
      squid_id: null,
      duration_seconds: null,
      run_db_path: null,
      metadata: null,
      replace: null,
      input_params: {},
      output_params: {},
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ input_count: 0, output_count: 0 });
    expect((await results.get('/results/direct-nulls')).body).toMatchObject({
      squid_id: null,
      duration_seconds: null,
      run_db_path: null,
      metadata: null,
      input_params: {},
      output_params: {},
    });
  });

  it('keeps values exactly, unicode and large numbers included', async () => {
    const values = { text: 'λ → 🚀', big: 1.7976931348623157e308, tiny: 5e-324, negative_zero: 0, long: 'z'.repeat(5000), nul: 'a\u0000b' };
    await results.registerDirect({ execution_id: 'direct-exact', input_params: values }).then((r) => expect(r.status).toBe(200));
    expect((await results.get('/results/direct-exact')).body.input_params).toEqual(values);
  });

  it("reads an empty run_db_path, the client's default, as absent", async () => {
    await results.registerDirect({ execution_id: 'direct-empty-path', run_db_path: '' }).then((r) => expect(r.status).toBe(200));
    expect((await results.get('/results/direct-empty-path')).body.run_db_path).toBeNull();
  });

  it('updates an execution_id already registered in place (same result_id, created_at kept), replace or not', async () => {
    const first = await results.registerDirect({ execution_id: 'direct-dup', output_params: { v: 1 } });
    const before = (await results.get('/results/direct-dup')).body;

    const again = await results.registerDirect({ execution_id: 'direct-dup', output_params: { v: 2 } });
    expect({ status: again.status, body: again.body }).toEqual({ status: 200, body: first.body });
    expect((await results.get('/results/direct-dup')).body).toMatchObject({
      id: first.body.result_id,
      created_at: before.created_at,
      output_params: { v: 2 },
    });

    for (const replace of [true, false, null]) {
      const replaced = await results.registerDirect({ execution_id: 'direct-dup', output_params: { v: 3 }, replace });
      expect({ status: replaced.status, body: replaced.body }).toEqual({ status: 200, body: first.body });
    }
    expect((await results.get('/results/direct-dup')).body).toMatchObject({
      id: first.body.result_id,
      created_at: before.created_at,
      output_params: { v: 3 },
    });
    expect(await results.matches('heat-1d', { output_filters: { v: { $in: [1, 2, 3] } } })).toEqual(['direct-dup']);
  });

  describe('a malformed body: 400, nothing stored', () => {
    const long = 'n'.repeat(257);
    it.each([
      ['no execution_id', { execution_id: undefined }, 'execution_id must match ^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$'],
      ['a bad execution_id', { execution_id: 'a b' }, 'execution_id must match ^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$'],
      ['no simulation_name', { simulation_name: undefined }, 'simulation_name must be a string of 1 to 256 characters'],
      ['an empty simulation_name', { simulation_name: '' }, 'simulation_name must be a string of 1 to 256 characters'],
      ['a long simulation_name', { simulation_name: long }, 'simulation_name must be a string of 1 to 256 characters'],
      ['a simulation_name with NUL', { simulation_name: 'a\u0000' }, 'simulation_name must not contain U+0000 or unpaired surrogates'],
      ['a numeric simulation_version', { simulation_version: 1 }, 'simulation_version must be a string of 1 to 256 characters'],
      ['no status', { status: undefined }, 'status must be a string of 1 to 64 characters'],
      ['a long status', { status: 's'.repeat(65) }, 'status must be a string of 1 to 64 characters'],
      ['no input_params', { input_params: undefined }, 'input_params must be a JSON object of parameter values'],
      ['null output_params', { output_params: null }, 'output_params must be a JSON object of parameter values'],
      ['array input_params', { input_params: [1, 2] }, 'input_params must be a JSON object of parameter values'],
      ['string output_params', { output_params: 'x' }, 'output_params must be a JSON object of parameter values'],
      ['a long parameter name', { input_params: { [long]: 1 } }, 'input_params parameter names must be at most 256 characters'],
      [
        'a parameter name with NUL',
        { output_params: { 'a\u0000': 1 } },
        'output_params parameter names must not contain U+0000 or unpaired surrogates',
      ],
      [
        'a value nested 65 levels',
        { input_params: { deep: JSON.parse('['.repeat(65) + ']'.repeat(65)) } },
        'input_params values must not be nested more than 64 levels deep',
      ],
      [
        'more than 10000 parameters',
        { output_params: Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`p${i}`, i])) },
        'output_params must have at most 10000 parameters',
      ],
      ['a negative duration', { duration_seconds: -1 }, 'duration_seconds must be a non-negative number'],
      ['a string duration', { duration_seconds: '5' }, 'duration_seconds must be a non-negative number'],
      ['a numeric squid_id', { squid_id: 5 }, 'squid_id must be a string of 1 to 1024 characters'],
      ['a long run_db_path', { run_db_path: 'p'.repeat(4097) }, 'run_db_path must be a string of 1 to 4096 characters'],
      ['array metadata', { metadata: ['a'] }, 'metadata must be a JSON object of at most 65536 bytes'],
      [
        'metadata nested too deep',
        { metadata: { a: JSON.parse('['.repeat(65) + ']'.repeat(65)) } },
        'metadata must not be nested more than 64 levels deep',
      ],
      ['a numeric replace', { replace: 1 }, 'replace must be a boolean'],
      ['an unknown field', { colour: 'blue' }, 'property colour should not exist'],
    ])('refuses %s', async (_name, change, message) => {
      const body = { ...makeDirect({ execution_id: 'direct-bad' }), ...change };
      const error = await expectRefused(body, 400, message);
      expect(error['details']).toEqual(expect.arrayContaining([message]));
      expect((await results.get('/results/direct-bad')).status).toBe(404);
    });

    it('accepts a value nested exactly 64 levels', async () => {
      const deep = JSON.parse('['.repeat(64) + ']'.repeat(64)) as unknown;
      await results.registerDirect({ execution_id: 'direct-deep', input_params: { deep } }).then((r) => expect(r.status).toBe(200));
      expect((await results.get('/results/direct-deep')).body.input_params).toEqual({ deep });
    });

    it('reports every failed rule in details', async () => {
      const error = await expectRefused({ execution_id: '', simulation_name: '', input_params: 1 }, 400, /must/);
      expect(error['details']).toEqual(
        expect.arrayContaining([
          'execution_id must match ^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$',
          'simulation_name must be a string of 1 to 256 characters',
          'input_params must be a JSON object of parameter values',
          'status must be a string of 1 to 64 characters',
        ]),
      );
    });
  });
});
