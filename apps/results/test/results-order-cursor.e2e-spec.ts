import type { Response } from 'supertest';
import { expectError, useResultsService } from './support/results-test-service';

jest.setTimeout(120_000);

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type Key =
  | { class: 'input' | 'output'; name: string; direction: 'asc' | 'desc' }
  | { field: 'created_at' | 'execution_id'; direction: 'asc' | 'desc' };

// POST /search with order_by and cursors (contract §8): every order is checked against a plain
// reference sort of the contract's rules, page by page, by cursor and by offset.
describe('POST /search order_by and cursors', () => {
  const results = useResultsService();
  const SIM = 'order-sim';

  /** Registered in this order, so a run's index is the order of its result id. */
  const RUNS: { id: string; score?: Json; group?: Json }[] = [
    { id: 'o-01', score: 3, group: 1 },
    { id: 'o-02', score: -2.5, group: 2 },
    { id: 'o-03', score: 'b', group: 1 },
    { id: 'o-04', score: 3, group: 2 },
    { id: 'o-05', group: 1 },
    { id: 'o-06', score: true, group: 2 },
    { id: 'o-07', score: 1e300, group: 1 },
    { id: 'o-08', score: 'Z', group: 2 },
    { id: 'o-09', score: null, group: 1 },
    { id: 'o-10', score: 3.0, group: 1 },
    { id: 'o-11', score: '\u{1F600}', group: 2 },
    { id: 'o-12', score: '\uFFFD', group: 'x' },
    { id: 'o-13', score: [1, 2] },
    { id: 'o-14', score: 0, group: 2 },
    { id: 'o-15', score: 'é', group: 1 },
    { id: 'o-16' },
    { id: 'o-17', score: -2.5, group: 1 },
    { id: 'o-18', score: { a: 1 }, group: 2 },
    { id: 'o-19', score: 'L'.repeat(600), group: 1 },
    { id: 'o-20', score: 'L'.repeat(601), group: 2 },
  ];
  const index = new Map(RUNS.map((run, i) => [run.id, i]));
  const registered = (id: string) => index.get(id) ?? -1;

  beforeAll(async () => {
    for (const run of RUNS) {
      const outputs: Record<string, Json> = run.score === undefined ? {} : { score: run.score };
      const inputs: Record<string, Json> = run.group === undefined ? {} : { group: run.group };
      await results.stored({ execution_id: run.id, simulation_name: SIM, input_params: inputs, output_params: outputs });
    }
    await results.stored({ execution_id: 'o-other', simulation_name: 'order-other', output_params: { score: 100 } });
  });

  // ---- the reference ----
  const codePoints = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
  const rank = (value: Json | undefined) => (value === undefined ? 3 : typeof value === 'number' ? 0 : typeof value === 'string' ? 1 : 2);
  function valueOf(run: (typeof RUNS)[number], key: Key): Json | undefined {
    if ('field' in key) return key.field === 'execution_id' ? run.id : registered(run.id);
    if (key.class === 'output') return key.name === 'score' ? run.score : undefined;
    return key.name === 'group' ? run.group : undefined;
  }
  function reference(keys: Key[], subset = RUNS): string[] {
    const tieDirection = keys.length === 0 ? 'desc' : keys[keys.length - 1].direction;
    return [...subset]
      .sort((a, b) => {
        for (const key of keys) {
          const [x, y] = [valueOf(a, key), valueOf(b, key)];
          if (rank(x) !== rank(y)) return rank(x) - rank(y);
          const sign = key.direction === 'asc' ? 1 : -1;
          if (typeof x === 'number' && typeof y === 'number' && x !== y) return sign * (x - y);
          if (typeof x === 'string' && typeof y === 'string' && x !== y) return sign * codePoints(x, y);
        }
        return (tieDirection === 'asc' ? 1 : -1) * (registered(a.id) - registered(b.id));
      })
      .map((run) => run.id);
  }

  async function byCursor(body: Record<string, unknown>, limit: number): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page += 1) {
      const response = await results.search({ ...body, limit, ...(cursor === null ? {} : { cursor }) });
      expect(response.status).toBe(200);
      seen.push(...response.body.results.map((hit: { execution_id: string }) => hit.execution_id));
      expect(response.body.total).toBe(RUNS.length);
      cursor = response.body.next_cursor;
      if (cursor === null) return seen;
    }
    throw new Error('too many pages');
  }

  async function byOffset(body: Record<string, unknown>, limit: number): Promise<string[]> {
    const seen: string[] = [];
    for (let offset = 0; offset < RUNS.length + limit; offset += limit) {
      const response = await results.search({ ...body, limit, offset });
      expect(response.status).toBe(200);
      seen.push(...response.body.results.map((hit: { execution_id: string }) => hit.execution_id));
    }
    return seen;
  }

  const ORDERS: [string, Key[]][] = [
    ['an output ascending (mixed types, missing last)', [{ class: 'output', name: 'score', direction: 'asc' }]],
    ['an output descending (missing still last, ties by id descending)', [{ class: 'output', name: 'score', direction: 'desc' }]],
    [
      'two keys: input ascending, then output descending',
      [
        { class: 'input', name: 'group', direction: 'asc' },
        { class: 'output', name: 'score', direction: 'desc' },
      ],
    ],
    [
      'three keys with a field',
      [
        { class: 'input', name: 'group', direction: 'desc' },
        { class: 'output', name: 'score', direction: 'asc' },
        { field: 'execution_id', direction: 'desc' },
      ],
    ],
    ['created_at ascending', [{ field: 'created_at', direction: 'asc' }]],
    ['execution_id descending', [{ field: 'execution_id', direction: 'desc' }]],
    ['a parameter no run has: all tie, by id', [{ class: 'output', name: 'nothing', direction: 'asc' }]],
    ['none (newest first)', []],
  ];

  it.each(ORDERS)('orders by %s, the same by cursor pages, offset pages and one page', async (_, keys) => {
    const expected = reference(keys);
    const body = { simulation_name: SIM, order_by: keys };
    const whole = await results.search({ ...body, limit: 1000 });
    expect(whole.status).toBe(200);
    expect(whole.body.results.map((hit: { execution_id: string }) => hit.execution_id)).toEqual(expected);
    expect(whole.body.next_cursor).toBeNull();
    expect(await byCursor(body, 3)).toEqual(expected);
    expect(await byOffset(body, 4)).toEqual(expected);
  });

  it('pages through heavy ties on the first key the same by cursor and by offset, at every page size', async () => {
    const sim = 'order-ties';
    const runs = Array.from({ length: 40 }, (_, i) => ({
      id: `ot-${String(i).padStart(2, '0')}`,
      energy: i % 9 === 0 ? undefined : i % 4,
      mass: i % 3,
    }));
    for (const run of runs) {
      await results.stored({
        execution_id: run.id,
        simulation_name: sim,
        output_params: run.energy === undefined ? { mass: run.mass } : { energy: run.energy, mass: run.mass },
      });
    }
    const order = (a: (typeof runs)[number], b: (typeof runs)[number]) => {
      const [x, y] = [a.energy ?? -Infinity, b.energy ?? -Infinity];
      if (x !== y) return y - x; // desc, missing last
      if (a.mass !== b.mass) return a.mass - b.mass; // asc
      return runs.indexOf(a) - runs.indexOf(b); // ties by id in the last key's direction (asc)
    };
    const expected = [...runs].sort(order).map((run) => run.id);
    const body = {
      simulation_name: sim,
      order_by: [
        { class: 'output', name: 'energy', direction: 'desc' },
        { class: 'output', name: 'mass', direction: 'asc' },
      ],
    };
    for (const limit of [1, 2, 5, 7]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const response = await results.search({ ...body, limit, ...(cursor === null ? {} : { cursor }) });
        seen.push(...response.body.results.map((hit: { execution_id: string }) => hit.execution_id));
        cursor = response.body.next_cursor;
      } while (cursor !== null);
      expect(seen).toEqual(expected);
      const offsets: string[] = [];
      for (let offset = 0; offset < runs.length; offset += limit) {
        const response = await results.search({ ...body, limit, offset });
        offsets.push(...response.body.results.map((hit: { execution_id: string }) => hit.execution_id));
      }
      expect(offsets).toEqual(expected);
    }
  });

  it('orders the runs a filter keeps, with the filter on the sort parameter too', async () => {
    const keys: Key[] = [{ class: 'output', name: 'score', direction: 'desc' }];
    const kept = RUNS.filter((run) => typeof run.group === 'number' && run.group >= 2);
    const response = await results.search({ simulation_name: SIM, input_filters: { group: { $gte: 2 } }, order_by: keys, limit: 1000 });
    expect(response.body.results.map((hit: { execution_id: string }) => hit.execution_id)).toEqual(reference(keys, kept));
    const numeric = RUNS.filter((run) => typeof run.score === 'number' && run.score > -3 && typeof run.group === 'number');
    const search = {
      simulation_name: SIM,
      input_filters: { group: { $in: [1, 2] } },
      output_filters: { score: { $gt: -3 } },
      status: 'completed',
      order_by: [{ class: 'output', name: 'score', direction: 'asc' }],
      limit: 2,
    };
    const both = await results.search(search);
    const expected = reference([{ class: 'output', name: 'score', direction: 'asc' }], numeric);
    expect(both.body.total).toBe(numeric.length);
    let page = both;
    const seen = page.body.results.map((hit: { execution_id: string }) => hit.execution_id);
    while (page.body.next_cursor !== null) {
      page = await results.search({ ...search, cursor: page.body.next_cursor });
      expect(page.status).toBe(200);
      seen.push(...page.body.results.map((hit: { execution_id: string }) => hit.execution_id));
    }
    expect(seen).toEqual(expected);
  });

  it('answers a cursor page with offset null and a last page with next_cursor null', async () => {
    const first = await results.search({ simulation_name: SIM, limit: 19 });
    expect(first.body).toMatchObject({ count: 19, offset: 0, next_cursor: expect.any(String) });
    const last = await results.search({ simulation_name: SIM, limit: 19, cursor: first.body.next_cursor });
    expect(last.body).toMatchObject({ count: 1, offset: null, next_cursor: null, total: RUNS.length });
    expect(last.body.results[0].execution_id).toBe('o-01');
  });

  it('refuses tampered, foreign and malformed cursors with 400, and cursor with offset', async () => {
    const body = { simulation_name: SIM, order_by: [{ class: 'output', name: 'score', direction: 'desc' }], limit: 3 };
    const cursor: string = (await results.search(body)).body.next_cursor;
    const [payload, mac] = cursor.split('.');
    const flipped = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    expectError(await results.search({ ...body, cursor: `${flipped(payload, 5)}.${mac}` }), 400, 'cursor is not valid');
    expectError(await results.search({ ...body, cursor: `${payload}.${flipped(mac, 3)}` }), 400, 'cursor is not valid');
    const forged = Buffer.from(JSON.stringify({ v: 1, q: 'x', k: [], id: 1 })).toString('base64url');
    expectError(await results.search({ ...body, cursor: `${forged}.${mac}` }), 400, 'cursor is not valid');
    expectError(await results.search({ ...body, cursor: 'garbage' }), 400, 'cursor is not valid');
    expectError(await results.search({ ...body, cursor: '' }), 400, /cursor must be a string/);
    // A cursor belongs to its search: another order or other filters refuse it.
    expectError(
      await results.search({ ...body, order_by: [{ class: 'output', name: 'score', direction: 'asc' }], cursor }),
      400,
      'cursor belongs to another search (filters or order_by differ)',
    );
    expectError(
      await results.search({ ...body, input_filters: { group: 1 }, cursor }),
      400,
      'cursor belongs to another search (filters or order_by differ)',
    );
    expectError(await results.search({ ...body, cursor, offset: 0 }), 400, 'send cursor or offset, not both');
    // Limit may change between pages.
    expect((await results.search({ ...body, limit: 5, cursor })).status).toBe(200);
  });

  it('refuses malformed order_by with 400 in the contract shape', async () => {
    const key = { class: 'output', name: 'score', direction: 'asc' };
    const cases: [unknown, string][] = [
      [[key, key, key, key], 'order_by must be an array of at most 3 sort keys'],
      [key, 'order_by must be an array of at most 3 sort keys'],
      [[{ ...key, class: 'metric' }], 'order_by[0].class must be input or output'],
      [[{ ...key, direction: 'up' }], 'order_by[0].direction must be asc or desc'],
      [[{ class: 'output', direction: 'asc' }], 'order_by[0].name must be a string of 1 to 256 characters'],
      [
        [key, { field: 'squid_id', direction: 'asc' }],
        'order_by[1].field must be created_at, execution_id, simulation_version, status, completed_at or duration_seconds',
      ],
      [
        [{ field: 'created_at', direction: 'asc', name: 'x' }],
        'order_by[0] has unknown field name; a key is {class, name, direction} or {field, direction}',
      ],
      [[{ ...key, extra: 1 }], 'order_by[0] has unknown field extra'],
      [['score desc'], 'order_by[0] must be an object {class, name, direction}'],
    ];
    for (const [orderBy, message] of cases) {
      const body = expectError(await results.search({ simulation_name: SIM, order_by: orderBy }), 400, message);
      expect(body.details).toEqual([message]);
    }
  });

  it('pages by cursor without duplicates or skips while runs are registered concurrently', async () => {
    const sim = 'order-concurrent';
    const initial: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      const id = `oc-${String(i).padStart(2, '0')}`;
      initial.push(id);
      await results.stored({ execution_id: id, simulation_name: sim, output_params: { energy: i % 7 } });
    }
    for (const keys of [[{ class: 'output', name: 'energy', direction: 'desc' }], []] as Key[][]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let extra = 0;
      do {
        const [response]: [Response, ...unknown[]] = await Promise.all([
          results.search({ simulation_name: sim, order_by: keys, limit: 4, ...(cursor === null ? {} : { cursor }) }),
          // New runs sort everywhere: before, inside and after the pages already read.
          ...[0, 3.5, 6, 9].map((energy) =>
            results.stored({ execution_id: `oc-new-${keys.length}-${extra++}`, simulation_name: sim, output_params: { energy } }),
          ),
        ]);
        expect(response.status).toBe(200);
        seen.push(...response.body.results.map((hit: { execution_id: string }) => hit.execution_id));
        cursor = response.body.next_cursor;
      } while (cursor !== null);
      expect(new Set(seen).size).toBe(seen.length);
      expect(initial.filter((id) => !seen.includes(id))).toEqual([]);
    }
  });
});
