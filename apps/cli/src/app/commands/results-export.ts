// `simsvc results export`: every match of a search, paged through (1,000 a page). JSON lines are
// written page by page (each line one hit exactly as the service sent it); CSV needs every
// parameter name for its header, so it is written once all pages are in.
import type { ResultsComponents, SimsvcClient } from '@simsvc/client';
import { cell } from '../output';

type SearchBody = ResultsComponents['schemas']['SearchResultsDto'];
type Hit = ResultsComponents['schemas']['SearchHit'];

const FIELDS = ['execution_id', 'simulation_name', 'simulation_version', 'squid_id', 'status', 'created_at'] as const;

export async function exportResults(
  client: SimsvcClient,
  search: Omit<SearchBody, 'limit' | 'offset'>,
  format: 'csv' | 'jsonl',
  write: (text: string) => boolean,
  pageSize = 1000,
): Promise<void> {
  const hits: Hit[] = [];
  // A run registered while paging shifts the pages (newest first): a hit seen twice is written once.
  const seen = new Set<string>();
  for (let offset = 0; ; offset += pageSize) {
    const page = await client.results.POST('/search', { body: { ...search, limit: pageSize, offset } });
    const fresh = page.results.filter((hit) => !seen.has(hit.execution_id));
    for (const hit of fresh) seen.add(hit.execution_id);
    if (format === 'jsonl') {
      if (fresh.length > 0 && !write(fresh.map((hit) => `${JSON.stringify(hit)}\n`).join(''))) await drained();
    } else hits.push(...fresh);
    if (page.results.length < pageSize || offset + pageSize >= page.total) break;
  }
  if (format === 'csv') write(toCsv(hits));
}

function drained(): Promise<void> {
  return new Promise((resolve) => process.stdout.once('drain', () => resolve()));
}

/** A header of the result fields then `in.NAME` and `out.NAME` columns (in order of first appearance). */
export function toCsv(hits: Hit[]): string {
  const inputs = new Set<string>();
  const outputs = new Set<string>();
  for (const hit of hits) {
    for (const name of Object.keys(hit.input_params)) inputs.add(name);
    for (const name of Object.keys(hit.output_params)) outputs.add(name);
  }
  const header = [...FIELDS, ...[...inputs].map((name) => `in.${name}`), ...[...outputs].map((name) => `out.${name}`)];
  const lines = [header.map(csvField).join(',')];
  for (const hit of hits) {
    const row = [
      ...FIELDS.map((field) => hit[field]),
      ...[...inputs].map((name) => (name in hit.input_params ? hit.input_params[name] : undefined)),
      ...[...outputs].map((name) => (name in hit.output_params ? hit.output_params[name] : undefined)),
    ];
    lines.push(row.map((value) => csvField(cell(value))).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
