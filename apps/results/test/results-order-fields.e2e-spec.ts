import { expectError, useResultsService } from './support/results-test-service';

jest.setTimeout(120_000);

type Field = 'simulation_version' | 'status' | 'completed_at' | 'duration_seconds';

// POST /search ordered by a result's own columns (version, status, completion time, duration),
// hits carrying completed_at and duration_seconds, and POST /aggregate listing a text parameter's
// values (issue 26: the console's runs table sorts on any column; a text filter offers its values).
describe('POST /search by result columns, and POST /aggregate values', () => {
  const results = useResultsService();
  const SIM = 'heat-1d';

  /** Registered from run databases in this order; null completion and duration: a run still running. */
  const RUNS = [
    { id: 'f-1', version: '1.2.0', status: 'completed', completed: '2026-01-15T10:00:03.000000', duration: 3, solver: 'cg' },
    { id: 'f-2', version: '1.10.0', status: 'failed', completed: '2026-01-15T10:00:01.000000', duration: 1, solver: 'gmres' },
    { id: 'f-3', version: '1.2.0', status: 'running', completed: null, duration: null, solver: 'cg' },
    { id: 'f-4', version: '0.9.0', status: 'completed', completed: '2026-01-15T10:00:07.500000', duration: 7.5, solver: 'cg' },
    { id: 'f-5', version: '1.2.0', status: 'completed', completed: '2026-01-15T10:00:02.000000', duration: 2, solver: 'jacobi' },
  ];
  const order = new Map(RUNS.map((run, i) => [run.id, i]));

  beforeAll(async () => {
    for (const run of RUNS) {
      results.writeRun({
        execution_id: run.id,
        simulation_version: run.version,
        status: run.status,
        completed_at: run.completed,
        duration_seconds: run.duration,
        inputs: { solver: { value: run.solver, type: 'string', metadata: {} }, length: { value: 1, type: 'number', metadata: {} } },
      });
      const response = await results.register({ execution_id: run.id });
      if (response.status !== 200) throw new Error(JSON.stringify(response.body));
    }
  });

  /** The contract's rules: values ascending or descending, missing (null) last both ways, ties by result id in the key's direction. */
  function reference(field: Field, direction: 'asc' | 'desc'): string[] {
    const value = (run: (typeof RUNS)[number]) =>
      field === 'simulation_version'
        ? run.version
        : field === 'status'
          ? run.status
          : field === 'completed_at'
            ? run.completed
            : run.duration;
    const sign = direction === 'asc' ? 1 : -1;
    return [...RUNS]
      .sort((a, b) => {
        const [x, y] = [value(a), value(b)];
        if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
        if (x !== y) return sign * (x < y ? -1 : 1);
        return sign * ((order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      })
      .map((run) => run.id);
  }

  const CASES: [Field, 'asc' | 'desc'][] = (['simulation_version', 'status', 'completed_at', 'duration_seconds'] as const).flatMap(
    (field) => [
      [field, 'asc'],
      [field, 'desc'],
    ],
  );

  it.each(CASES)('orders by %s %s, the same by cursor pages of two', async (field, direction) => {
    const body = { simulation_name: SIM, order_by: [{ field, direction }] };
    const whole = await results.search({ ...body, limit: 100 });
    expect(whole.status).toBe(200);
    const ids = whole.body.results.map((hit: { execution_id: string }) => hit.execution_id);
    expect(ids).toEqual(reference(field, direction));
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { results: { execution_id: string }[]; next_cursor: string | null } } = await results.search({
        ...body,
        limit: 2,
        ...(cursor === null ? {} : { cursor }),
      });
      paged.push(...page.body.results.map((hit) => hit.execution_id));
      cursor = page.body.next_cursor;
    } while (cursor !== null && paged.length <= RUNS.length);
    expect(paged).toEqual(ids);
  });

  it('gives each hit its completion time and duration (null while running)', async () => {
    const response = await results.search({ simulation_name: SIM, input_filters: { solver: { $in: ['gmres'] } } });
    expect(response.body.results).toEqual([
      expect.objectContaining({ execution_id: 'f-2', completed_at: '2026-01-15T10:00:01.000000', duration_seconds: 1 }),
    ]);
    const running = await results.search({ simulation_name: SIM, status: 'running' });
    expect(running.body.results).toEqual([expect.objectContaining({ execution_id: 'f-3', completed_at: null, duration_seconds: null })]);
  });

  it('lists a text parameter’s values among the matching runs, most frequent first', async () => {
    const all = await results.post('/aggregate', { simulation_name: SIM, params: [], values: { class: 'input', name: 'solver' } });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      total: 5,
      params: [],
      values: {
        class: 'input',
        name: 'solver',
        values: [
          { value: 'cg', count: 3 },
          { value: 'gmres', count: 1 },
          { value: 'jacobi', count: 1 },
        ],
        more: false,
      },
    });
    const completed = await results.post('/aggregate', {
      simulation_name: SIM,
      status: 'completed',
      params: [],
      values: { class: 'input', name: 'solver' },
    });
    expect(completed.body.values.values).toEqual([
      { value: 'cg', count: 2 },
      { value: 'jacobi', count: 1 },
    ]);
    const numbers = await results.post('/aggregate', { simulation_name: SIM, params: [], values: { class: 'input', name: 'length' } });
    expect(numbers.body.values).toEqual({ class: 'input', name: 'length', values: [], more: false });
    const without = await results.post('/aggregate', { simulation_name: SIM, params: [] });
    expect(without.body).not.toHaveProperty('values');
  });

  it('says when there are more values than it lists', async () => {
    for (let i = 0; i < 101; i += 1) {
      await results.stored({
        execution_id: `many-${i}`,
        simulation_name: 'many-values',
        input_params: { tag: `t${String(i).padStart(3, '0')}` },
      });
    }
    const response = await results.post('/aggregate', {
      simulation_name: 'many-values',
      params: [],
      values: { class: 'input', name: 'tag' },
    });
    expect(response.status).toBe(200);
    expect(response.body.values.values).toHaveLength(100);
    expect(response.body.values.values[0]).toEqual({ value: 't000', count: 1 });
    expect(response.body.values.more).toBe(true);
  });

  it('refuses a malformed values request with 400 in the contract shape', async () => {
    const cases: [unknown, string][] = [
      [{ class: 'metric', name: 'solver' }, 'values.class must be input or output'],
      [{ class: 'input' }, 'values.name must be a string of 1 to 256 characters'],
      [{ class: 'input', name: 'solver', bins: 3 }, 'values has unknown field bins'],
      ['solver', 'values must be an object {class, name}'],
    ];
    for (const [values, message] of cases) {
      expectError(await results.post('/aggregate', { simulation_name: SIM, params: [], values }), 400, message);
    }
  });
});
