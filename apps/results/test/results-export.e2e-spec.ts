import { parse } from 'csv-parse/sync';
import type { Response } from 'supertest';
import { expectError, makeDirect, useResultsService } from './support/results-test-service';

jest.setTimeout(180_000);

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type Hit = { execution_id: string; simulation_name: string; simulation_version: string; status: string; created_at: string } & {
  input_params: Record<string, Json>;
  output_params: Record<string, Json>;
};

const RUN_COLUMNS = ['execution_id', 'simulation_name', 'simulation_version', 'status', 'created_at'];
const TODAY = () => new Date().toISOString().slice(0, 10);

// POST /export (issue 24.6, contract §8): every matching run streamed as CSV or JSON lines, in
// the order of the search body, compared with what POST /search answers for the same body.
describe('POST /export', () => {
  const results = useResultsService();
  const SIM = 'export-sim';

  /** Values a spreadsheet or a CSV reader can trip over, each in a run of its own. */
  const TRICKY: Record<string, Json> = {
    'x-comma': 'a, b',
    'x-quote': 'say "hi"',
    'x-newline': 'line one\r\nline two\nthree',
    'x-formula': '=SUM(A1:A9)',
    'x-plus': '+1',
    'x-minus-string': '-1',
    'x-at': '@cmd',
    'x-tab': '\tx',
    'x-number': -2.5,
    'x-boolean': true,
    'x-null': null,
    'x-array': [1, 'two'],
    'x-object': { a: 'b,c' },
  };

  beforeAll(async () => {
    let i = 0;
    for (const [id, label] of Object.entries(TRICKY)) {
      i += 1;
      await results.stored({
        execution_id: id,
        simulation_name: SIM,
        input_params: { group: i % 3, 'name, "quoted"': 'n' },
        output_params: { score: i % 4, label },
      });
    }
    // No label, and one parameter only it has.
    await results.stored({
      execution_id: 'x-lacking',
      simulation_name: SIM,
      input_params: { group: 0, extra: 'only here' },
      output_params: {},
    });
    await results.stored({ execution_id: 'x-other', simulation_name: 'export-other', input_params: { other: 1 }, output_params: {} });
  });

  /** POST /export with the body kept as text whatever its type. */
  async function exported(body: Record<string, unknown>): Promise<Response & { body: string }> {
    return (await results
      .http()
      .post('/export')
      .set('X-Session-ID', await results.token())
      .buffer(true)
      .parse((response, callback) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => callback(null, text));
      })
      .send(body)) as Response & { body: string };
  }

  /** Every hit of a search, page after page by cursor. */
  async function searchAll({ format: _format, ...body }: Record<string, unknown>): Promise<Hit[]> {
    const hits: Hit[] = [];
    let cursor: string | null = null;
    do {
      const response = await results.search({ ...body, limit: 1000, ...(cursor ? { cursor } : {}) });
      expect(response.status).toBe(200);
      hits.push(...(response.body.results as Hit[]));
      cursor = response.body.next_cursor as string | null;
    } while (cursor);
    return hits;
  }

  const csvRecords = (text: string): string[][] => parse(text, { relax_column_count: false }) as string[][];
  const jsonLines = (text: string): Hit[] =>
    text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Hit);
  const withoutSquid = ({ squid_id: _squid, ...hit }: Hit & { squid_id?: unknown }) => hit;

  describe('CSV', () => {
    const BODY = {
      simulation_name: SIM,
      input_filters: { group: { $in: [1, 2] } },
      order_by: [{ class: 'output', name: 'score', direction: 'desc' }],
      format: 'csv',
    };

    it('holds the runs a search finds, in its order, with a column per input and output', async () => {
      const response = await exported(BODY);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${SIM}-${TODAY()}.csv"`);
      expect(response.headers['x-accel-buffering']).toBe('no');

      const [header, ...rows] = csvRecords(response.body);
      expect(header).toEqual([...RUN_COLUMNS, 'in.group', 'in.name, "quoted"', 'out.label', 'out.score']);
      const hits = await searchAll(BODY);
      expect(hits.length).toBeGreaterThan(3);
      expect(rows.map((row) => row[0])).toEqual(hits.map((hit) => hit.execution_id));
      const byId = new Map(rows.map((row) => [row[0], row]));
      for (const hit of hits) {
        const row = byId.get(hit.execution_id) as string[];
        expect(row.slice(1, 5)).toEqual([hit.simulation_name, hit.simulation_version, hit.status, hit.created_at]);
        expect(row[5]).toBe(String(hit.input_params['group']));
        expect(row[8]).toBe(String(hit.output_params['score']));
      }
    });

    it('quotes commas, quotes and line breaks per RFC 4180 and ends records with CRLF', async () => {
      const response = await exported({ simulation_name: SIM, format: 'csv' });
      const text = response.body;
      expect(text).toContain('"a, b"');
      expect(text).toContain('"say ""hi"""');
      expect(text).toContain('"line one\r\nline two\nthree"');
      expect(text).toContain('"{""a"":""b,c""}"');
      expect(text.split('\r\n')[0]).toBe(`${RUN_COLUMNS.join(',')},in.extra,in.group,"in.name, ""quoted""",out.label,out.score`);
      expect(text.endsWith('\r\n')).toBe(true);

      const labels = Object.fromEntries(csvRecords(text).map((row) => [row[0], row[8]]));
      expect(labels['x-comma']).toBe('a, b');
      expect(labels['x-quote']).toBe('say "hi"');
      expect(labels['x-newline']).toBe('line one\r\nline two\nthree');
      expect(labels['x-number']).toBe('-2.5');
      expect(labels['x-boolean']).toBe('true');
      expect(labels['x-null']).toBe('');
      expect(labels['x-lacking']).toBe('');
      expect(labels['x-array']).toBe('[1,"two"]');
      expect(labels['x-object']).toBe('{"a":"b,c"}');
    });

    it('defuses formulas: a string cell beginning with = + - @ or TAB gets a leading quote, a negative number does not', async () => {
      const response = await exported({ simulation_name: SIM, format: 'csv' });
      const labels = Object.fromEntries(csvRecords(response.body).map((row) => [row[0], row[8]]));
      expect(labels['x-formula']).toBe("'=SUM(A1:A9)");
      expect(labels['x-plus']).toBe("'+1");
      expect(labels['x-minus-string']).toBe("'-1");
      expect(labels['x-at']).toBe("'@cmd");
      expect(labels['x-tab']).toBe("'\tx");
      expect(labels['x-number']).toBe('-2.5');
    });

    it('is the header alone when no run matches, and names the file after the results without a simulation', async () => {
      const empty = await exported({ simulation_name: SIM, output_filters: { score: { $gt: 100 } }, format: 'csv' });
      expect(empty.status).toBe(200);
      expect(empty.body).toBe(`${RUN_COLUMNS.join(',')}\r\n`);

      const all = await exported({ format: 'csv' });
      expect(all.headers['content-disposition']).toBe(`attachment; filename="results-${TODAY()}.csv"`);
      expect(csvRecords(all.body)[0]).toContain('in.other');
      expect(csvRecords(all.body)).toHaveLength(1 + Object.keys(TRICKY).length + 2);
    });
  });

  describe('JSON lines', () => {
    it('holds one object per run as search hits carry them, in the order of order_by and under its filters', async () => {
      const body = {
        simulation_name: SIM,
        output_filters: { score: { $gte: 1 } },
        order_by: [
          { class: 'input', name: 'group', direction: 'asc' },
          { field: 'execution_id', direction: 'desc' },
        ],
      };
      const response = await exported({ ...body, format: 'jsonl' });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${SIM}-${TODAY()}.jsonl"`);
      const hits = (await searchAll(body)).map(withoutSquid);
      expect(hits.length).toBeGreaterThan(3);
      expect(jsonLines(response.body)).toEqual(hits);
      expect(response.body.endsWith('\n')).toBe(true);
    });

    it('is empty when no run matches', async () => {
      const response = await exported({ simulation_name: 'no-such-simulation', format: 'jsonl' });
      expect(response.status).toBe(200);
      expect(response.body).toBe('');
    });
  });

  describe('refusals', () => {
    it.each([
      [{ simulation_name: SIM, format: 'xlsx' }, 'format must be one of csv, jsonl'],
      [{ simulation_name: SIM }, 'format must be one of csv, jsonl'],
      [{ format: 'csv', limit: 10 }, 'property limit should not exist'],
      [{ format: 'csv', output_filters: { score: { $gt: 'x' } } }, /score/],
      [{ format: 'csv', order_by: [{ class: 'output', name: 'score', direction: 'up' }] }, /order_by/],
    ])('%j → 400', async (body, message) => {
      expectError(await results.post('/export', body), 400, message);
    });

    it('refuses a body that is not JSON (415)', async () => {
      const response = await results
        .http()
        .post('/export')
        .set('X-Session-ID', await results.token())
        .set('Content-Type', 'text/plain')
        .send('format=csv');
      expectError(response, 415, /application\/json/);
    });
  });

  describe('many runs', () => {
    const MANY = 5000;
    const BIG = 'export-many';

    beforeAll(async () => {
      const lines = Array.from({ length: MANY }, (_, i) =>
        JSON.stringify(
          makeDirect({
            simulation_name: BIG,
            execution_id: `many-${String(i).padStart(5, '0')}`,
            input_params: { i },
            output_params: { v: i % 7 },
          }),
        ),
      );
      const response = await results
        .http()
        .post('/register_direct')
        .set('X-Session-ID', await results.token())
        .set('Content-Type', 'application/x-ndjson')
        .send(lines.join('\n'));
      expect(response.body).toEqual({ registered: MANY, updated: 0, failed: [] });
    });

    it('streams every one of 5,000 runs newest first as CSV, and as JSON lines in an order_by order across pages', async () => {
      const csv = await exported({ simulation_name: BIG, format: 'csv' });
      const [header, ...rows] = csvRecords(csv.body);
      expect(header).toEqual([...RUN_COLUMNS, 'in.i', 'out.v']);
      expect(rows.map((row) => row[0])).toEqual(Array.from({ length: MANY }, (_, i) => `many-${String(MANY - 1 - i).padStart(5, '0')}`));

      // Seven values for 5,000 runs: every page of 1,000 ends amid equal values, which result ids order.
      const jsonl = await exported({
        simulation_name: BIG,
        order_by: [{ class: 'output', name: 'v', direction: 'desc' }],
        format: 'jsonl',
      });
      const order = jsonLines(jsonl.body).map((hit) => hit.input_params['i'] as number);
      const expected = Array.from({ length: MANY }, (_, i) => i).sort((a, b) => (b % 7) - (a % 7) || b - a);
      expect(order).toEqual(expected);
    });

    it('stops reading for a client that goes away mid-stream, and serves the next requests', async () => {
      const controller = new AbortController();
      const response = await fetch(`${results.svc.url}/export`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Session-ID': await results.token() },
        body: JSON.stringify({ simulation_name: BIG, format: 'jsonl' }),
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const first = await reader.read();
      expect(first.done).toBe(false);
      controller.abort();
      await expect(reader.read()).rejects.toThrow();

      expect((await results.http().get('/health')).status).toBe(200);
      const again = await exported({ simulation_name: BIG, format: 'jsonl' });
      expect(jsonLines(again.body)).toHaveLength(MANY);
      expect((await results.search({ simulation_name: BIG, limit: 1 })).body.total).toBe(MANY);
    });
  });
});
