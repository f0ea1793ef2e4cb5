import { useResultsService } from './support/results-test-service';

jest.setTimeout(600_000);

// POST /search with order_by over more than 10,000 runs: the page is found either by sorting the
// filters' matches or by walking the sort parameter's index and keeping the matches, whichever
// the estimated cost says (README "Sorting and cursors"); both must give the reference order,
// page by page. Totals of order_by searches stop counting at 10,000 (total_is_lower_bound).
describe('POST /search order_by over 10,050 runs: both plans, capped totals', () => {
  const results = useResultsService();
  const SIM = 'plans-sim';
  const RUNS = 10_050;
  // x: 100 groups of ~100 runs; y: distinct except every 97th run, which ties with its neighbour.
  const xOf = (i: number) => i % 100;
  const yOf = (i: number) => (i % 97 === 0 ? ((i + 1) * 7919) % 100_003 : (i * 7919) % 100_003);
  const id = (i: number) => `plan-${String(i).padStart(5, '0')}`;

  beforeAll(async () => {
    const token = await results.token();
    for (let first = 0; first < RUNS; first += 5_000) {
      const lines = Array.from({ length: Math.min(5_000, RUNS - first) }, (_, k) =>
        JSON.stringify({
          execution_id: id(first + k),
          simulation_name: SIM,
          simulation_version: '1.0.0',
          status: 'completed',
          input_params: { x: xOf(first + k) },
          output_params: { y: yOf(first + k) },
        }),
      );
      const response = await results
        .http()
        .post('/register_direct')
        .set('X-Session-ID', token)
        .set('Content-Type', 'application/x-ndjson')
        .send(lines.join('\n'));
      expect({ status: response.status, failed: response.body.failed }).toEqual({ status: 200, failed: [] });
    }
  });

  /** y descending, ties by registration order descending (result id, the last key's direction). */
  function reference(keep: (i: number) => boolean): string[] {
    const kept = Array.from({ length: RUNS }, (_, i) => i).filter(keep);
    return kept.sort((a, b) => yOf(b) - yOf(a) || b - a).map(id);
  }

  async function everyPage(body: Record<string, unknown>): Promise<{ ids: string[]; totals: unknown[] }> {
    const ids: string[] = [];
    const totals: unknown[] = [];
    let cursor: string | null = null;
    do {
      const response = await results.search({ ...body, ...(cursor === null ? {} : { cursor }) });
      expect(response.status).toBe(200);
      ids.push(...(response.body.results as { execution_id: string }[]).map((hit) => hit.execution_id));
      totals.push([response.body.total, response.body.total_is_lower_bound]);
      cursor = response.body.next_cursor;
    } while (cursor !== null);
    return { ids, totals };
  }

  const byY = { simulation_name: SIM, order_by: [{ class: 'output', name: 'y', direction: 'desc' }] };

  it('pages a selective filter (sorting its ~100 matches) in the reference order', async () => {
    const { ids, totals } = await everyPage({ ...byY, input_filters: { x: 7 }, limit: 30 });
    expect(ids).toEqual(reference((i) => xOf(i) === 7));
    expect(new Set(totals.map((total) => JSON.stringify(total)))).toEqual(new Set([JSON.stringify([101, false])]));
  });

  it('pages a broad filter (walking the index of y) in the reference order', async () => {
    const { ids, totals } = await everyPage({ ...byY, input_filters: { x: { $lt: 60 } }, limit: 700 });
    expect(ids).toEqual(reference((i) => xOf(i) < 60));
    expect(totals[0]).toEqual([6_050, false]);
  });

  it('pages a filter whose matches lie at the far end of the walk (on PostgreSQL past its stretch) in the reference order', async () => {
    // ~200 matches, the lowest values of y, ordered by y descending: the walk from the top of y
    // meets none of them first (PostgreSQL: none within the stretch it reads), so the page is
    // found by sorting the matches.
    const { ids } = await everyPage({ ...byY, output_filters: { y: { $lt: 2_000 } }, limit: 40 });
    const expected = reference((i) => yOf(i) < 2_000);
    expect(expected.length).toBeGreaterThan(150);
    expect(ids).toEqual(expected);
  });

  it('pages an ascending order under a filter on the sort parameter by offset the same as by cursor', async () => {
    const body = {
      simulation_name: SIM,
      output_filters: { y: { $gt: 20_000 } },
      order_by: [{ class: 'output', name: 'y', direction: 'asc' }],
      limit: 900,
    };
    const { ids } = await everyPage(body);
    const expected = Array.from({ length: RUNS }, (_, i) => i)
      .filter((i) => yOf(i) > 20_000)
      .sort((a, b) => yOf(a) - yOf(b) || a - b)
      .map(id);
    expect(ids).toEqual(expected);
    const third = await results.search({ ...body, offset: 1_800 });
    expect((third.body.results as { execution_id: string }[]).map((hit) => hit.execution_id)).toEqual(expected.slice(1_800, 2_700));
  });

  it('counts an order_by search up to 10,000 and says when the total is a lower bound; newest first stays exact', async () => {
    const sorted = await results.search({ ...byY, limit: 5 });
    expect(sorted.body).toMatchObject({ total: 10_000, total_is_lower_bound: true, count: 5 });
    expect((sorted.body.results as { execution_id: string }[]).map((hit) => hit.execution_id)).toEqual(reference(() => true).slice(0, 5));
    const newest = await results.search({ simulation_name: SIM, limit: 5 });
    expect(newest.body).toMatchObject({ total: RUNS, total_is_lower_bound: false });
    const filtered = await results.search({ ...byY, input_filters: { x: { $lte: 99 } }, limit: 5 });
    expect(filtered.body).toMatchObject({ total: 10_000, total_is_lower_bound: true });
    const under = await results.search({ ...byY, input_filters: { x: { $lt: 99 } }, limit: 5 });
    expect(under.body).toMatchObject({ total: 9_950, total_is_lower_bound: false });
  });
});
