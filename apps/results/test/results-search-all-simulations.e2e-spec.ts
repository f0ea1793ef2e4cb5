import { expectError, useResultsService } from './support/results-test-service';

// Real services on real databases, on shared CI machines: more than jest's default 5 s.
jest.setTimeout(60_000);

// POST /search without simulation_name (absent or null, as sim2l's ResultsClient sends it when
// not given one): every simulation's results, paged and filtered as within one (contract §7).
// A filter names a parameter by class and name in every simulation; values compare by their JSON
// type, whatever schema type each simulation gives the parameter.
describe('POST /search across simulations', () => {
  const results = useResultsService();

  // Oldest first. alpha's runs come from run databases whose schema says `integer`; beta's are
  // registered inline (schema inferred: `number`, `string`); gamma has `v` only as an output.
  const ALL = ['a-1', 'a-2', 'b-1', 'b-2', 'a-3', 'c-1', 'b-3'];
  const newestFirst = (ids: string[]) => ALL.filter((id) => ids.includes(id)).reverse();

  beforeAll(async () => {
    const alpha = (id: string, v: number, status = 'completed') => {
      results.writeRun({
        execution_id: id,
        simulation_name: 'alpha',
        status,
        inputs: { v: { value: v, type: 'integer' } },
        outputs: { y: v * 10 },
      });
      return results.register({ execution_id: id }).then((r) => expect(r.status).toBe(200));
    };
    const inline = (id: string, simulation: string, inputs: Record<string, unknown>, outputs: Record<string, unknown>, extra = {}) =>
      results.stored({ execution_id: id, simulation_name: simulation, input_params: inputs, output_params: outputs, ...extra });

    await alpha('a-1', 1);
    await alpha('a-2', 2, 'failed');
    await inline('b-1', 'beta', { v: 2.5 }, { y: 7 });
    await inline('b-2', 'beta', { v: '2' }, { y: 8 }, { simulation_version: '2.0.0' });
    await alpha('a-3', 3);
    await inline('c-1', 'gamma', { w: 1 }, { v: 5 });
    await inline('b-3', 'beta', { v: 4 }, {}, { status: 'failed' });
  });

  const ids = async (body: Record<string, unknown>): Promise<string[]> => {
    const response = await results.search({ limit: 1000, ...body });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ count: response.body.results.length, total: response.body.results.length });
    return (response.body.results as { execution_id: string }[]).map((hit) => hit.execution_id);
  };

  it('without filters returns every result, newest first, for simulation_name absent or null', async () => {
    expect(await ids({})).toEqual(newestFirst(ALL));
    // What ResultsClient.search() sends when given no simulation and no filters.
    expect(await ids({ simulation_name: null, input_filters: {}, output_filters: {}, limit: 100 })).toEqual(newestFirst(ALL));
  });

  it('applies a filter in every simulation having the parameter in that class, comparing JSON types', async () => {
    expect(await ids({ input_filters: { v: { $gte: 2 } } })).toEqual(newestFirst(['a-2', 'b-1', 'a-3', 'b-3']));
    expect(await ids({ input_filters: { v: 2 } })).toEqual(['a-2']);
    expect(await ids({ input_filters: { v: '2' } })).toEqual(['b-2']);
    expect(await ids({ input_filters: { v: { $in: [1, '2', 4] } } })).toEqual(newestFirst(['a-1', 'b-2', 'b-3']));
    expect(await ids({ input_filters: { v: { $ne: 2 } } })).toEqual(newestFirst(['a-1', 'b-1', 'b-2', 'a-3', 'b-3']));
    expect(await ids({ output_filters: { v: 5 } })).toEqual(['c-1']);
    expect(await ids({ input_filters: { v: 5 } })).toEqual([]);
  });

  it('intersects several filters, and input with output filters', async () => {
    expect(await ids({ input_filters: { v: { $gte: 2 } }, output_filters: { y: { $lt: 25 } } })).toEqual(['b-1', 'a-2']);
    expect(await ids({ input_filters: { v: { $gte: 1 }, w: 1 } })).toEqual([]);
  });

  it('narrows by simulation_version and status, with or without filters', async () => {
    expect(await ids({ status: 'failed' })).toEqual(['b-3', 'a-2']);
    expect(await ids({ simulation_version: '2.0.0' })).toEqual(['b-2']);
    expect(await ids({ status: 'completed', input_filters: { v: { $gte: 2 } } })).toEqual(['a-3', 'b-1']);
    expect(await ids({ status: 'failed', input_filters: { v: { $gt: 3 } }, output_filters: {} })).toEqual(['b-3']);
  });

  it('answers an impossible condition with no hits', async () => {
    expect(await ids({ input_filters: { v: { $gt: 1, $eq: 'x' } } })).toEqual([]);
  });

  it.each([
    ['no filter', {}],
    ['one filter', { input_filters: { v: { $ne: 'nothing' } } }],
    ['two filters', { input_filters: { v: { $ne: 'nothing' } }, output_filters: { y: { $gte: 0 } } }],
  ])('pages with %s: count is the page, total all matches', async (_name, filters) => {
    const every = await ids(filters);
    const first = await results.search({ limit: 2, offset: 0, ...filters });
    const second = await results.search({ limit: 2, offset: 2, ...filters });
    expect(first.body).toMatchObject({ count: 2, total: every.length, limit: 2, offset: 0 });
    expect(second.body).toMatchObject({ total: every.length, offset: 2 });
    const paged = [...first.body.results, ...second.body.results].map((hit: { execution_id: string }) => hit.execution_id);
    expect(paged).toEqual(every.slice(0, 4));
  });

  it('still refuses a simulation_name that is not a name', async () => {
    for (const simulation_name of ['', 3, ['alpha']]) {
      expectError(await results.search({ simulation_name }), 400, 'simulation_name must be a string of 1 to 256 characters');
    }
  });
});
