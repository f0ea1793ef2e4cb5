import { expectError, makeDirect, useResultsService } from './support/results-test-service';

jest.setTimeout(120_000);

// POST /register_direct with application/x-ndjson (issue 24.5): one result per line; a bad line
// is reported by its number and never loses the others.
describe('POST /register_direct as application/x-ndjson', () => {
  const results = useResultsService();

  async function sendLines(lines: string[]) {
    return results
      .http()
      .post('/register_direct')
      .set('X-Session-ID', await results.token())
      .set('Content-Type', 'application/x-ndjson')
      .send(lines.join('\n') + '\n');
  }

  it('stores every good line and names each bad one by its line number', async () => {
    const again = await results.stored({ simulation_name: 'ndjson-sim', execution_id: 'ndjson-again' });
    const lines = [
      JSON.stringify(makeDirect({ simulation_name: 'ndjson-sim', execution_id: 'ndjson-1' })),
      '{"execution_id": "ndjson-broken", ',
      JSON.stringify(makeDirect({ simulation_name: 'ndjson-sim', execution_id: '../bad id' })),
      '',
      JSON.stringify({ ...again, output_params: { max_temperature: 1 } }),
      JSON.stringify(makeDirect({ simulation_name: 'ndjson-sim', execution_id: 'ndjson-2', status: 42 })),
      JSON.stringify(makeDirect({ simulation_name: 'ndjson-sim', execution_id: 'ndjson-3' })),
      '[1, 2]',
    ];
    const response = await sendLines(lines);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      registered: 2,
      updated: 1,
      failed: [
        { line: 2, message: 'malformed JSON' },
        { line: 3, message: expect.stringMatching(/^execution_id/) },
        { line: 6, message: expect.stringMatching(/status/) },
        { line: 8, message: expect.any(String) },
      ],
    });
    expect((await results.matches('ndjson-sim')).sort()).toEqual(['ndjson-1', 'ndjson-3', 'ndjson-again']);
    expect((await results.get('/results/ndjson-again')).body.output_params).toEqual({ max_temperature: 1 });
  });

  it('stores 2,500 lines across several transactions', async () => {
    const lines = Array.from({ length: 2500 }, (_, index) =>
      JSON.stringify(makeDirect({ simulation_name: 'ndjson-many', execution_id: `ndjson-many-${index}`, input_params: { i: index } })),
    );
    const response = await sendLines(lines);
    expect(response.body).toEqual({ registered: 2500, updated: 0, failed: [] });
    expect((await results.search({ simulation_name: 'ndjson-many', limit: 1 })).body.total).toBe(2500);
  });

  it('stores the batches in order: an execution_id repeated in a later batch ends with the later line, bad lines of both named', async () => {
    const line = (index: number, input_params: Record<string, unknown> = { i: index }) =>
      JSON.stringify(makeDirect({ simulation_name: 'ndjson-batches', execution_id: `ndjson-batches-${index}`, input_params }));
    const lines = Array.from({ length: 1500 }, (_, index) => line(index));
    lines[0] = line(0, { x: 1 });
    lines[1199] = line(0, { x: 2 });
    lines[500] = '{"execution_id": ';
    lines[1300] = '[]';
    const response = await sendLines(lines);
    expect(response.body).toEqual({
      registered: 1497,
      updated: 1,
      failed: [
        { line: 501, message: 'malformed JSON' },
        { line: 1301, message: expect.any(String) },
      ],
    });
    expect((await results.get('/results/ndjson-batches-0')).body.input_params).toEqual({ x: 2 });
    expect((await results.search({ simulation_name: 'ndjson-batches', limit: 1 })).body.total).toBe(1497);
  });

  it('stores an execution_id given on several lines of one transaction in turn: the last wins, the others count as updates', async () => {
    const line = (input_params: Record<string, unknown>) =>
      JSON.stringify(makeDirect({ simulation_name: 'ndjson-twice', execution_id: 'ndjson-twice-1', input_params }));
    const other = JSON.stringify(makeDirect({ simulation_name: 'ndjson-twice', execution_id: 'ndjson-twice-2', input_params: { x: 2 } }));
    const response = await sendLines([line({ x: 1 }), other, line({ x: 3, label: 'b' }), line({ x: 4 })]);
    expect(response.body).toEqual({ registered: 2, updated: 2, failed: [] });
    expect((await results.get('/results/ndjson-twice-1')).body.input_params).toEqual({ x: 4 });
    const search = (input_filters: Record<string, unknown>) =>
      results.search({ simulation_name: 'ndjson-twice', input_filters }).then((answer) => answer.body.total);
    expect([await search({ x: 4 }), await search({ x: 1 }), await search({ x: 3 }), await search({ label: 'b' })]).toEqual([1, 0, 0, 0]);
  });

  it('refuses a body of more than 10,000 lines with 413, storing none of them', async () => {
    const lines = Array.from({ length: 10_001 }, (_, index) =>
      JSON.stringify(makeDirect({ simulation_name: 'ndjson-over', execution_id: `ndjson-over-${index}` })),
    );
    expectError(await sendLines(lines), 413, 'application/x-ndjson body has more than 10000 lines');
    expect((await results.search({ simulation_name: 'ndjson-over', limit: 1 })).body.total).toBe(0);
  });

  it('keeps JSON bodies as they were, and refuses other types with 415', async () => {
    expect((await results.registerDirect({ simulation_name: 'ndjson-json' })).status).toBe(200);
    const response = await results
      .http()
      .post('/register_direct')
      .set('X-Session-ID', await results.token())
      .set('Content-Type', 'text/plain')
      .send('x');
    expectError(response, 415, 'request body must be application/json');
  });
});
