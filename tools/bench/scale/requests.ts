// The scale benchmark's requests: searches over random ~1 % ranges, the cursor walk, aggregates
// and the whole simulation's export.
import { random } from '../harness.ts';
import { SIMULATION, type Client } from './store-loading.ts';

const PAGE_SIZE = 50;
const CURSOR_PAGE = 200;

export type Body = Record<string, unknown>;

/**
 * Bodies over a fresh ~1 % range of a random input x<k> each call: the simulation, the range's
 * filter, then what `rest` gives for k.
 */
function inRandomRanges(seed: number, rest: (k: number) => Body): () => Body {
  const next = random(seed);
  return () => {
    const x = Math.floor(next() * 99 * 1000) / 1000;
    const k = Math.floor(next() * 9);
    return { simulation_name: SIMULATION, input_filters: { [`x${k}`]: { $gte: x, $lt: x + 1 } }, ...rest(k) };
  };
}

/** (a): a fresh ~1 % range of a random input each request, the best 50 by the matching output. */
export const bestRuns = (seed: number): (() => Body) =>
  inRandomRanges(seed, (k) => ({ order_by: [{ class: 'output', name: `y${k}`, direction: 'desc' }], limit: PAGE_SIZE }));

/** (b): one fixed range keeping ~1.05 % (so that page 200 is not the last at 1,000,000 runs), best first, paged by cursor. */
export const CURSOR_SEARCH: Body = {
  simulation_name: SIMULATION,
  input_filters: { x0: { $gte: 37, $lt: 38.05 } },
  order_by: [{ class: 'output', name: 'y0', direction: 'desc' }],
  limit: PAGE_SIZE,
};

/** (c): 4 outputs and a 50-bin histogram under a fresh ~1 % range. */
export const aggregate = (seed: number): (() => Body) =>
  inRandomRanges(seed, (k) => ({
    params: [0, 1, 2, 3].map((j) => ({ class: 'output', name: `y${(k + j) % 10}` })),
    histogram: { class: 'output', name: `y${k}`, bins: 50 },
  }));

/** Walks the cursor pages of CURSOR_SEARCH to page CURSOR_PAGE (or the last); returns that page's number and cursor. */
export async function walkCursors(client: Client): Promise<{ page: number; cursor: string; matches: number }> {
  const first = await client.post('/search', CURSOR_SEARCH);
  const matches = Number(first.total);
  let cursor = first.next_cursor as string | null;
  if (cursor === null) throw new Error('the cursor search has a single page: too few runs');
  let page = 2;
  let seen = (first.results as unknown[]).length;
  while (page < CURSOR_PAGE) {
    const answer = await client.post('/search', { ...CURSOR_SEARCH, cursor });
    seen += (answer.results as unknown[]).length;
    const next = answer.next_cursor as string | null;
    if (next === null) break;
    cursor = next;
    page += 1;
  }
  if (page < CURSOR_PAGE && seen + PAGE_SIZE < matches)
    throw new Error(`cursor walk ended at page ${page} with ${seen} of ${matches} runs`);
  return { page, cursor, matches };
}

export interface Export {
  format: string;
  rows: number;
  rowsPerSecond: number;
}

/** POST /export of every run, counting the rows as they stream in; undefined when the service has no /export. */
export async function exportAll(client: Client, format: 'csv' | 'jsonl', expected: number): Promise<Export | undefined> {
  const started = process.hrtime.bigint();
  const response = await fetch(`${client.url}/export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-id': client.token },
    body: JSON.stringify({ simulation_name: SIMULATION, format }),
  });
  if (response.status === 404) return undefined;
  if (response.status !== 200 || !response.body) throw new Error(`POST /export: ${response.status} ${await response.text()}`);
  let newlines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    // indexOf rather than a JavaScript loop over every byte, which took the bench's own share of the cores.
    for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) newlines += 1;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const rows = format === 'csv' ? newlines - 1 : newlines;
  if (rows !== expected) throw new Error(`POST /export ${format}: ${rows} rows, ${expected} expected`);
  return { format, rows, rowsPerSecond: rows / seconds };
}
