import { expectError, useResultsService } from './support/results-test-service';

jest.setTimeout(120_000);

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

// POST /aggregate (contract §8): the figures of the runs a filter keeps, compared with a
// brute-force computation of the documented definitions over the same data.
describe('POST /aggregate', () => {
  const results = useResultsService();
  const SIM = 'aggregate-sim';

  /** A small deterministic generator, so the data has ties, negatives and every kind of value. */
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const RUNS = Array.from({ length: 120 }, (_, i) => {
    const energy: Json = i % 17 === 0 ? 'n/a' : i % 23 === 0 ? null : Math.round((random() * 200 - 50) * 100) / 100;
    const outputs: Record<string, Json> = { energy, flux: Math.round(random() * 1e6) / 1e3 };
    if (i % 11 === 0) delete outputs.flux;
    if (i % 13 === 0) outputs.flux = true;
    return { id: `ag-${i}`, inputs: { length: i % 10, mode: i % 3 === 0 ? 'fast' : 'slow' }, outputs };
  });

  beforeAll(async () => {
    for (const run of RUNS) {
      await results.stored({
        execution_id: run.id,
        simulation_name: SIM,
        status: run.inputs.length === 9 ? 'failed' : 'completed',
        input_params: run.inputs,
        output_params: run.outputs,
      });
    }
    await results.stored({ execution_id: 'ag-other', simulation_name: 'aggregate-other', output_params: { energy: 1e9 } });
  });

  // ---- the reference: the README's definitions, written plainly ----
  function figures(values: number[]) {
    const n = values.length;
    if (n === 0) return { count: 0, min: null, max: null, avg: null, stddev: null, p05: null, p50: null, p95: null };
    const sorted = [...values].sort((a, b) => a - b);
    // Over x / max|x|, so that values near the double's limits do not overflow the sums.
    const scale = Math.max(...values.map(Math.abs)) || 1;
    const mean = values.reduce((sum, x) => sum + x / scale, 0) / n;
    const variance = values.reduce((sum, x) => sum + (x / scale - mean) ** 2, 0) / n;
    const percentile = (p: number) => {
      const h = (n - 1) * p;
      const low = Math.floor(h + 1e-9);
      const f = h - low;
      return low + 1 >= n || f < 1e-9 ? sorted[low] : sorted[low] * (1 - f) + sorted[low + 1] * f;
    };
    return {
      count: n,
      min: sorted[0],
      max: sorted[n - 1],
      avg: mean * scale,
      stddev: Math.sqrt(variance) * scale,
      p05: percentile(0.05),
      p50: percentile(0.5),
      p95: percentile(0.95),
    };
  }
  function histogram(values: number[], bins: number, scale: 'linear' | 'log') {
    const used = scale === 'log' ? values.filter((x) => x > 0) : values;
    const f = scale === 'log' ? Math.log : (x: number) => x / 2;
    if (used.length === 0) return { edges: [], counts: [], count: 0, excluded: values.length };
    const [lo, hi] = [Math.min(...used), Math.max(...used)];
    const counts = new Array(bins).fill(0);
    for (const x of used) counts[hi === lo ? 0 : Math.min(bins - 1, Math.floor(((f(x) - f(lo)) / (f(hi) - f(lo))) * bins))] += 1;
    const edges = Array.from({ length: bins + 1 }, (_, i) =>
      scale === 'log' ? Math.exp(f(lo) + ((f(hi) - f(lo)) * i) / bins) : lo + ((hi - lo) * i) / bins,
    );
    return { edges, counts, count: used.length, excluded: values.length - used.length };
  }
  const numbersOf = (runs: typeof RUNS, name: string) =>
    runs.map((run) => run.outputs[name]).filter((value): value is number => typeof value === 'number');

  function expectClose(actual: Record<string, unknown>, expected: Record<string, unknown>) {
    for (const [key, value] of Object.entries(expected)) {
      if (typeof value === 'number')
        expect(Math.abs((actual[key] as number) - value)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(value)));
      else expect(actual[key]).toEqual(value);
    }
  }

  it.each([
    ['no filter', {}, () => true],
    [
      'an input range and a status',
      { input_filters: { length: { $gte: 2, $lt: 8 } }, status: 'completed' },
      (run: (typeof RUNS)[number]) => run.inputs.length >= 2 && run.inputs.length < 8,
    ],
    [
      'an input equality and an output range',
      { input_filters: { mode: 'fast' }, output_filters: { energy: { $gt: 0 } } },
      (run: (typeof RUNS)[number]) => run.inputs.mode === 'fast' && typeof run.outputs.energy === 'number' && run.outputs.energy > 0,
    ],
    ['a filter nothing matches', { input_filters: { length: 99 } }, () => false],
  ])('matches a brute-force computation under %s', async (_, filters, keep) => {
    const kept = RUNS.filter(keep);
    const response = await results.post('/aggregate', {
      simulation_name: SIM,
      ...filters,
      params: [
        { class: 'output', name: 'energy' },
        { class: 'output', name: 'flux' },
        { class: 'input', name: 'length' },
        { class: 'output', name: 'missing' },
      ],
      histogram: { class: 'output', name: 'energy', bins: 7 },
    });
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(kept.length);
    const [energy, flux, length, missing] = response.body.params;
    expectClose(energy, { class: 'output', name: 'energy', ...figures(numbersOf(kept, 'energy')) });
    expectClose(flux, { class: 'output', name: 'flux', ...figures(numbersOf(kept, 'flux')) });
    expectClose(length, { class: 'input', name: 'length', ...figures(kept.map((run) => run.inputs.length)) });
    expect(missing).toEqual({ class: 'output', name: 'missing', ...figures([]) });
    const expected = histogram(numbersOf(kept, 'energy'), 7, 'linear');
    expect(response.body.histogram).toMatchObject({
      class: 'output',
      name: 'energy',
      scale: 'linear',
      counts: expected.counts,
      count: expected.count,
      excluded: 0,
    });
    expect(response.body.histogram.edges).toHaveLength(expected.edges.length);
    response.body.histogram.edges.forEach((edge: number, i: number) => expect(edge).toBeCloseTo(expected.edges[i], 9));
  });

  it('bins on a log scale, leaving out and counting the values that are not positive', async () => {
    const response = await results.post('/aggregate', {
      simulation_name: SIM,
      params: [],
      histogram: { class: 'output', name: 'energy', bins: 200, scale: 'log' },
    });
    expect(response.status).toBe(200);
    const expected = histogram(numbersOf(RUNS, 'energy'), 200, 'log');
    expect(expected.excluded).toBeGreaterThan(0);
    expect(response.body.histogram).toMatchObject({
      scale: 'log',
      counts: expected.counts,
      count: expected.count,
      excluded: expected.excluded,
    });
    response.body.histogram.edges.forEach((edge: number, i: number) =>
      expect(Math.abs(edge - expected.edges[i])).toBeLessThanOrEqual(1e-9 * expected.edges[i]),
    );
  });

  it('aggregates across simulations without simulation_name, and keeps huge values finite', async () => {
    await results.stored({ execution_id: 'ag-huge-1', simulation_name: 'aggregate-huge', output_params: { big: 1.5e308 } });
    await results.stored({ execution_id: 'ag-huge-2', simulation_name: 'aggregate-huge', output_params: { big: -1.7e308 } });
    await results.stored({ execution_id: 'ag-huge-3', simulation_name: 'aggregate-huge', output_params: { big: 1.6e308 } });
    const huge = await results.post('/aggregate', {
      simulation_name: 'aggregate-huge',
      params: [{ class: 'output', name: 'big' }],
      histogram: { class: 'output', name: 'big', bins: 4 },
    });
    expect(huge.status).toBe(200);
    expectClose(huge.body.params[0], figures([1.5e308, -1.7e308, 1.6e308]));
    expect(huge.body.histogram.counts).toEqual(histogram([1.5e308, -1.7e308, 1.6e308], 4, 'linear').counts);
    const all = await results.post('/aggregate', { params: [{ class: 'output', name: 'energy' }] });
    expect(all.status).toBe(200);
    expectClose(all.body.params[0], figures([...numbersOf(RUNS, 'energy'), 1e9]));
    expect(all.body).not.toHaveProperty('histogram');
  });

  it('refuses malformed requests with 400 in the contract shape', async () => {
    const param = { class: 'output', name: 'energy' };
    const cases: [Record<string, unknown>, string][] = [
      [{ params: Array.from({ length: 17 }, () => param) }, 'params must be an array of at most 16 parameters {class, name}'],
      [{ params: [{ class: 'metric', name: 'energy' }] }, 'params[0].class must be input or output'],
      [{ params: [param], histogram: { ...param, bins: 201 } }, 'histogram.bins must be an integer from 1 to 200'],
      [{ params: [param], histogram: { ...param, bins: 0 } }, 'histogram.bins must be an integer from 1 to 200'],
      [{ params: [param], histogram: { ...param, bins: 10, scale: 'sqrt' } }, 'histogram.scale must be linear or log'],
      [{ params: [param], histogram: { class: 'inputs', name: 'x', bins: 10 } }, 'histogram.class must be input or output'],
      [{ params: [param], input_filters: { length: { $gt: 'a' } } }, 'input_filters.length.$gt must be a number'],
      [{ params: [param], limit: 5 }, 'property limit should not exist'],
      [{}, 'params must be an array of at most 16 parameters {class, name}'],
    ];
    for (const [body, message] of cases) {
      const refused = expectError(await results.post('/aggregate', { simulation_name: SIM, ...body }), 400, message);
      expect(refused.details).toEqual(expect.arrayContaining([message]));
    }
  });

  it('needs read_results', async () => {
    const anonymous = await results.http().post('/aggregate').set('X-Session-ID', 'not-a-session').send({ params: [] });
    expect(anonymous.status).toBe(401);
  });
});
