import { expectError, useResultsService } from './support/results-test-service';

// Real services on real databases, on shared CI machines: more than jest's default 5 s.
jest.setTimeout(60_000);

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

// POST /search (contract §6). A fixed set of runs with every kind of value; each filter's answer
// is checked against a plain reference implementation of the contract's rules below.
describe('POST /search', () => {
  const results = useResultsService();

  /** Runs of simulation "search-sim", oldest first; `v` is the parameter most filters look at. */
  const RUNS: { id: string; inputs: Record<string, Json>; outputs: Record<string, Json>; version?: string; status?: string }[] = [
    { id: 's-int', inputs: { v: 1, n: 10 }, outputs: { peak: 100 } },
    { id: 's-float', inputs: { v: 1.5, n: 20 }, outputs: { peak: 250.5 } },
    { id: 's-neg', inputs: { v: -3, n: 30 }, outputs: { peak: -1 }, status: 'failed' },
    { id: 's-numeric-string', inputs: { v: '1', n: 40 }, outputs: { peak: '100' } },
    { id: 's-string', inputs: { v: 'fast', n: 50 }, outputs: { peak: 0 } },
    { id: 's-true', inputs: { v: true, n: 60 }, outputs: { peak: 1 }, version: '2.0.0' },
    { id: 's-false', inputs: { v: false }, outputs: { peak: 0 }, version: '2.0.0' },
    { id: 's-null', inputs: { v: null, n: 80 }, outputs: {} },
    { id: 's-array', inputs: { v: [1, 2, 3], n: 90 }, outputs: { peak: 5 } },
    { id: 's-object', inputs: { v: { b: 2, a: 1 }, n: 100 }, outputs: { peak: 5 } },
    { id: 's-long-string', inputs: { v: 'L'.repeat(2000), n: 110 }, outputs: { peak: 7 } },
    { id: 's-missing', inputs: { n: 120 }, outputs: { peak: 9 } },
    { id: 's-big', inputs: { v: 1e300, n: 130 }, outputs: { peak: 1e-300 } },
  ];
  const newestFirst = (ids: string[]) =>
    RUNS.map((run) => run.id)
      .filter((id) => ids.includes(id))
      .reverse();

  beforeAll(async () => {
    for (const run of RUNS) {
      await results.stored({
        execution_id: run.id,
        simulation_name: 'search-sim',
        simulation_version: run.version ?? '1.0.0',
        status: run.status ?? 'completed',
        input_params: run.inputs,
        output_params: run.outputs,
      });
    }
    await results.stored({ execution_id: 'other-sim-run', simulation_name: 'other-sim', input_params: { v: 1 } });
  });

  // ---- the reference: the contract's rules, written plainly ----
  const canonical = (value: Json): string =>
    Array.isArray(value)
      ? `[${value.map(canonical).join(',')}]`
      : value !== null && typeof value === 'object'
        ? `{${Object.keys(value)
            .sort()
            .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
            .join(',')}}`
        : JSON.stringify(value);
  const equal = (a: Json, b: Json) => typeof a === typeof b && canonical(a) === canonical(b);
  function holds(value: Json | undefined, condition: Json): boolean {
    if (value === undefined) return false; // lacking the parameter never matches
    const isOperators =
      condition !== null &&
      typeof condition === 'object' &&
      !Array.isArray(condition) &&
      Object.keys(condition).some((key) => key.startsWith('$'));
    if (!isOperators) return equal(value, condition);
    return Object.entries(condition as Record<string, Json>).every(([operator, operand]) => {
      const number = typeof value === 'number' && typeof operand === 'number';
      switch (operator) {
        case '$eq':
          return equal(value, operand);
        case '$ne':
          return !equal(value, operand);
        case '$gt':
          return number && (value as number) > (operand as number);
        case '$gte':
          return number && (value as number) >= (operand as number);
        case '$lt':
          return number && (value as number) < (operand as number);
        case '$lte':
          return number && (value as number) <= (operand as number);
        case '$in':
          return (operand as Json[]).some((candidate) => equal(value, candidate));
        default:
          throw new Error(operator);
      }
    });
  }
  const expected = (inputs: Record<string, Json> = {}, outputs: Record<string, Json> = {}) =>
    newestFirst(
      RUNS.filter(
        (run) =>
          Object.entries(inputs).every(([name, condition]) => holds(run.inputs[name], condition)) &&
          Object.entries(outputs).every(([name, condition]) => holds(run.outputs[name], condition)),
      ).map((run) => run.id),
    );

  // Always three columns: jest takes a test function with more parameters than a row has for a
  // done-callback test.
  const filterCases: [string, Record<string, Json>, Record<string, Json>][] = [
    ['number equality', { v: 1 }, {}],
    ['1 equals 1.0', { v: 1.0 }, {}],
    ['a float', { v: 1.5 }, {}],
    ['a numeric string is a string', { v: '1' }, {}],
    ['a string', { v: 'fast' }, {}],
    ['a long string', { v: 'L'.repeat(2000) }, {}],
    ['true', { v: true }, {}],
    ['false', { v: false }, {}],
    ['null', { v: null }, {}],
    ['an array', { v: [1, 2, 3] }, {}],
    ['an array in another order', { v: [3, 2, 1] }, {}],
    ['an object, keys in any order', { v: { a: 1, b: 2 } }, {}],
    ['$eq of a number', { v: { $eq: 1 } }, {}],
    ['$eq of an object', { v: { $eq: { b: 2, a: 1 } } }, {}],
    ['$ne of a number: has it and differs', { v: { $ne: 1 } }, {}],
    ['$ne of a string', { v: { $ne: 'fast' } }, {}],
    ['$ne of a long string', { v: { $ne: 'L'.repeat(2000) } }, {}],
    ['$ne of true', { v: { $ne: true } }, {}],
    ['$ne of null', { v: { $ne: null } }, {}],
    ['$ne of an array', { v: { $ne: [1, 2, 3] } }, {}],
    ['$gt', { v: { $gt: 1 } }, {}],
    ['$gte', { v: { $gte: 1 } }, {}],
    ['$lt', { v: { $lt: 1.5 } }, {}],
    ['$lte', { v: { $lte: 1.5 } }, {}],
    ['a range', { v: { $gt: -5, $lt: 1.5 } }, {}],
    ['a huge number', { v: { $gte: 1e299 } }, {}],
    ['$in of numbers', { v: { $in: [1, -3, 99] } }, {}],
    ['$in of mixed types', { v: { $in: [1.5, 'fast', false, null, { a: 1, b: 2 }, 'L'.repeat(2000)] } }, {}],
    ['$in with 1.0 and "1"', { v: { $in: [1.0, '1'] } }, {}],
    ['an empty $in', { v: { $in: [] } }, {}],
    ['a range and $ne together', { v: { $gte: -3, $ne: 1 } }, {}],
    ['$in and a range together', { v: { $in: [1, 1.5, 'fast'], $gt: 1 } }, {}],
    ['a range and a string: nothing', { v: { $gt: 0, $eq: 'fast' } }, {}],
    ['two inputs', { v: { $gte: 1 }, n: { $lt: 25 } }, {}],
    ['an input and an output', { n: { $gte: 20 } }, { peak: { $gte: 5 } }],
    ['an output numeric string', {}, { peak: '100' }],
    ['an output number vs string', {}, { peak: 100 }],
    ['a parameter nobody has', { nope: 1 }, {}],
    ['$ne on a parameter nobody has', { nope: { $ne: 1 } }, {}],
  ];

  it.each(filterCases)('%s', async (_name, inputs, outputs) => {
    const response = await results.search({ simulation_name: 'search-sim', input_filters: inputs, output_filters: outputs, limit: 1000 });
    expect(response.status).toBe(200);
    const want = expected(inputs, outputs);
    expect(response.body.results.map((hit: { execution_id: string }) => hit.execution_id)).toEqual(want);
    expect(response.body).toMatchObject({ count: want.length, total: want.length, limit: 1000, offset: 0 });
  });

  it('returns hits in the contract shape, newest first', async () => {
    const response = await results.search({ simulation_name: 'search-sim', input_filters: { n: { $in: [10, 20] } } });
    expect(response.status).toBe(200);
    const hit = (execution_id: string, input_params: object, output_params: object, created_at: unknown) => ({
      execution_id,
      simulation_name: 'search-sim',
      simulation_version: '1.0.0',
      squid_id: null,
      input_params,
      output_params,
      status: 'completed',
      created_at,
      completed_at: null,
      duration_seconds: null,
    });
    expect(response.body).toEqual({
      results: [
        hit('s-float', { v: 1.5, n: 20 }, { peak: 250.5 }, expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/)),
        hit('s-int', { v: 1, n: 10 }, { peak: 100 }, expect.any(String)),
      ],
      count: 2,
      total: 2,
      total_is_lower_bound: false,
      limit: 50,
      offset: 0,
      next_cursor: null,
    });
  });

  it('without filters returns every run of the simulation, and only of it', async () => {
    expect(await results.matches('search-sim')).toEqual(newestFirst(RUNS.map((run) => run.id)));
    expect(await results.matches('other-sim')).toEqual(['other-sim-run']);
    expect(await results.matches('no-such-sim')).toEqual([]);
  });

  it('narrows by simulation_version and status, with or without filters', async () => {
    expect(await results.matches('search-sim', { simulation_version: '2.0.0' })).toEqual(['s-false', 's-true']);
    expect(await results.matches('search-sim', { status: 'failed' })).toEqual(['s-neg']);
    expect(await results.matches('search-sim', { simulation_version: '2.0.0', input_filters: { v: true } })).toEqual(['s-true']);
    expect(await results.matches('search-sim', { status: 'completed', input_filters: { v: { $lt: 2 } } })).toEqual(['s-float', 's-int']);
    expect(
      await results.matches('search-sim', { status: 'failed', input_filters: { v: { $lt: 2 } }, output_filters: { peak: { $lt: 0 } } }),
    ).toEqual(['s-neg']);
    expect(
      await results.matches('search-sim', { simulation_version: null, status: null, input_filters: null, output_filters: null }),
    ).toHaveLength(RUNS.length);
  });

  describe('paging', () => {
    const all = () => newestFirst(RUNS.map((run) => run.id));

    it.each([
      ['no filter', {}],
      ['one filter', { input_filters: { n: { $gte: 0 } } }],
      ['two filters', { input_filters: { n: { $gte: 0 } }, output_filters: { peak: { $ne: 'x' } } }],
      ['a status', { status: 'completed' }],
    ])('pages with %s: count is the page, total all matches', async (_name, filters) => {
      const every = (await results.matches('search-sim', filters as Record<string, unknown>)).length;
      const first = await results.search({ simulation_name: 'search-sim', limit: 3, offset: 0, ...filters });
      const second = await results.search({ simulation_name: 'search-sim', limit: 3, offset: 3, ...filters });
      const beyond = await results.search({ simulation_name: 'search-sim', limit: 3, offset: 500, ...filters });
      expect(first.body).toMatchObject({ count: 3, total: every, limit: 3, offset: 0 });
      expect(second.body).toMatchObject({ count: 3, total: every, limit: 3, offset: 3 });
      expect(beyond.body).toEqual({
        results: [],
        count: 0,
        total: every,
        total_is_lower_bound: false,
        limit: 3,
        offset: 500,
        next_cursor: null,
      });
      const ids = [...first.body.results, ...second.body.results].map((hit: { execution_id: string }) => hit.execution_id);
      expect(ids).toEqual((await results.matches('search-sim', filters as Record<string, unknown>)).slice(0, 6));
    });

    it('defaults to limit 50, offset 0, and accepts limit 1000', async () => {
      expect((await results.search({ simulation_name: 'search-sim' })).body).toMatchObject({ limit: 50, offset: 0, total: all().length });
      expect((await results.search({ simulation_name: 'search-sim', limit: 1000 })).body.count).toBe(all().length);
    });
  });

  describe('malformed searches: 400 with details', () => {
    const operators = '$eq, $ne, $gt, $gte, $lt, $lte or $in';
    it.each([
      ['a numeric simulation_name', { simulation_name: 3 }, 'simulation_name must be a string of 1 to 256 characters'],
      ['an unknown operator', { input_filters: { v: { $regex: 'f' } } }, `input_filters.v has unknown operator $regex; use ${operators}`],
      [
        'a misspelt operator',
        { output_filters: { peak: { $gte: 1, $lt: 5, $lten: 3 } } },
        `output_filters.peak has unknown operator $lten; use ${operators}`,
      ],
      ['$in with a number', { input_filters: { v: { $in: 1 } } }, 'input_filters.v.$in must be an array'],
      ['$in with an object', { input_filters: { v: { $in: { a: 1 } } } }, 'input_filters.v.$in must be an array'],
      ['$gt with an object', { input_filters: { v: { $gt: { a: 1 } } } }, 'input_filters.v.$gt must be a number'],
      ['$lte with an array', { input_filters: { v: { $lte: [1] } } }, 'input_filters.v.$lte must be a number'],
      ['$lt with a string', { input_filters: { v: { $lt: 'z' } } }, 'input_filters.v.$lt must be a number'],
      ['$gte with null', { input_filters: { v: { $gte: null } } }, 'input_filters.v.$gte must be a number'],
      [
        'operators mixed with fields',
        { input_filters: { v: { $gt: 1, a: 2 } } },
        'input_filters.v mixes operators with the field a; use {"$eq": {...}} to match an object',
      ],
      ['filters that are an array', { input_filters: [{ v: 1 }] }, 'input_filters must be a JSON object of parameter conditions'],
      ['filters that are a string', { output_filters: 'peak=1' }, 'output_filters must be a JSON object of parameter conditions'],
      [
        'too many filters',
        { input_filters: Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`p${i}`, i])) },
        'input_filters must have at most 64 conditions',
      ],
      [
        'a huge $in',
        { input_filters: { v: { $in: Array.from({ length: 1001 }, (_, i) => i) } } },
        'input_filters.v.$in must have at most 1000 values',
      ],
      ['limit 0', { limit: 0 }, 'limit must be an integer from 1 to 1000'],
      ['limit 1001', { limit: 1001 }, 'limit must be an integer from 1 to 1000'],
      ['a fractional limit', { limit: 2.5 }, 'limit must be an integer from 1 to 1000'],
      ['a string limit', { limit: '10' }, 'limit must be an integer from 1 to 1000'],
      ['a negative offset', { offset: -1 }, 'offset must be a non-negative integer'],
      ['an astronomic offset', { offset: 1e300 }, 'offset must be a non-negative integer'],
      ['an unknown field', { sort: 'asc' }, 'property sort should not exist'],
    ])('refuses %s', async (_name, change, message) => {
      const error = expectError(await results.search({ simulation_name: 'search-sim', ...change }), 400, message);
      expect(error['details']).toEqual(expect.arrayContaining([message]));
    });

    it('lists every malformed condition', async () => {
      const error = expectError(
        await results.search({
          simulation_name: 'search-sim',
          input_filters: { a: { $foo: 1 }, b: { $in: 2 } },
          output_filters: { c: { $gt: 'x' } },
        }),
        400,
        `input_filters.a has unknown operator $foo; use ${operators}`,
      );
      expect(error['details']).toEqual([
        `input_filters.a has unknown operator $foo; use ${operators}`,
        'input_filters.b.$in must be an array',
        'output_filters.c.$gt must be a number',
      ]);
    });

    it('refuses more than 10,000 $in values in one search', async () => {
      const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`p${i}`, { $in: Array.from({ length: 1000 }, (_, k) => k) }]));
      expectError(
        await results.search({ simulation_name: 'search-sim', input_filters: many }),
        400,
        'a search may have at most 10000 $in values in all',
      );
    });

    it('accepts the most a search may hold: 64 filters per class, 10,000 $in values', async () => {
      const inputs = Object.fromEntries(
        Array.from({ length: 64 }, (_, i) => [
          `p${i}`,
          i < 10 ? { $in: Array.from({ length: 1000 }, (_, k) => k) } : { $gte: 0, $ne: 'x' },
        ]),
      );
      const outputs = Object.fromEntries(Array.from({ length: 64 }, (_, i) => [`q${i}`, { $ne: null, $lt: 5 }]));
      const response = await results.search({ simulation_name: 'search-sim', input_filters: inputs, output_filters: outputs });
      expect(response.status).toBe(200);
      expect(response.body.total).toBe(0);
    });
  });
});
