// Filling the scale benchmark's store: one simulation's runs as NDJSON lines and as uploaded
// sim2l run databases, and the store's size on disk.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inParallel, withPg, type BenchDatabase } from '../harness.ts';
import { sweepParameters } from '../sweep/parameters.ts';
import { writeSweepRunDatabase } from '../sweep/run-database.ts';

export const SIMULATION = 'scale-sim';
const NDJSON_LINES = 10_000;
const NDJSON_IN_FLIGHT = 2;
const UPLOADS_IN_FLIGHT = 4;

export const executionId = (index: number): string => `scale-${index}`;
const durationOf = (index: number): number => 1 + (index % 100) / 10;

export const prefillRun = (index: number) => ({
  executionId: executionId(index),
  durationSeconds: durationOf(index),
  ...sweepParameters(index),
});

function directLine(index: number): string {
  const { inputs, outputs } = sweepParameters(index);
  return JSON.stringify({
    execution_id: executionId(index),
    simulation_name: SIMULATION,
    simulation_version: '1.0.0',
    status: 'completed',
    squid_id: `${SIMULATION}/1.0.0/${executionId(index)}`,
    duration_seconds: durationOf(index),
    input_params: inputs,
    output_params: outputs,
  });
}

export class Client {
  readonly url: string;
  readonly token: string;

  constructor(url: string, token: string) {
    this.url = url;
    this.token = token;
  }

  async post(route: string, body: unknown): Promise<Record<string, unknown>> {
    const request = () =>
      fetch(`${this.url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-session-id': this.token },
        body: JSON.stringify(body),
      });
    // Once more when a kept-alive connection was closed by the server as the request went out
    // (after a long pause, such as a prefill): undici reports that as "fetch failed".
    const response = await request().catch(request);
    if (response.status !== 200) throw new Error(`POST ${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  }
}

export async function loadNdjson(client: Client, size: number): Promise<number> {
  const started = process.hrtime.bigint();
  await inParallel(Math.ceil(size / NDJSON_LINES), NDJSON_IN_FLIGHT, async (batch) => {
    const first = batch * NDJSON_LINES;
    const lines: string[] = [];
    for (let index = first; index < Math.min(size, first + NDJSON_LINES); index += 1) lines.push(directLine(index));
    const response = await fetch(`${client.url}/register_direct`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-ndjson', 'x-session-id': client.token },
      body: `${lines.join('\n')}\n`,
    }).catch((error: Error) => {
      throw new Error(`NDJSON batch ${batch}: ${error.message} (${String(error.cause)})`);
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`NDJSON batch ${batch}: ${response.status} ${text}`);
    const answer = JSON.parse(text) as { registered: number; updated: number; failed: { line: number; message: string }[] };
    // A line that timed out on an overloaded machine is sent again, once; any other failure is fatal.
    const timedOut = answer.failed.filter((failure) => /timeout/i.test(failure.message));
    let registered = answer.registered;
    if (timedOut.length > 0 && timedOut.length === answer.failed.length) {
      const again = await fetch(`${client.url}/register_direct`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-ndjson', 'x-session-id': client.token },
        body: `${timedOut.map((failure) => lines[failure.line - 1]).join('\n')}\n`,
      });
      const retried = (await again.json()) as { registered: number; updated: number; failed: unknown[] };
      registered += retried.registered + retried.updated;
      console.log(`  NDJSON batch ${batch}: ${timedOut.length} lines timed out and were sent again`);
    } else if (answer.failed.length > 0) {
      throw new Error(`NDJSON batch ${batch}: ${text.slice(0, 500)}`);
    }
    if (registered !== lines.length) throw new Error(`NDJSON batch ${batch}: ${text.slice(0, 500)}`);
  });
  return size / (Number(process.hrtime.bigint() - started) / 1e9);
}

/** Run `index` as a sim2l run database (contract §6) in `directory`; its path. */
function writeRunDatabase(directory: string, index: number): string {
  const file = path.join(directory, `${executionId(index)}.db`);
  writeSweepRunDatabase(file, {
    simulation: SIMULATION,
    executionId: executionId(index),
    index,
    day: '2026-11-27',
    durationSeconds: durationOf(index),
    described: false,
  });
  return file;
}

export async function uploadRuns(client: Client, size: number, count: number): Promise<number> {
  if (count === 0) return 0;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'simsvc-bench-uploads-'));
  try {
    const files = Array.from({ length: count }, (_, k) => writeRunDatabase(directory, size + k));
    const started = process.hrtime.bigint();
    await inParallel(count, UPLOADS_IN_FLIGHT, async (k) => {
      const response = await fetch(`${client.url}/runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/vnd.sqlite3', 'x-session-id': client.token },
        body: fs.readFileSync(files[k]),
      });
      if (response.status !== 200) throw new Error(`upload ${files[k]}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    });
    return count / (Number(process.hrtime.bigint() - started) / 1e9);
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

export async function storeBytes(database: BenchDatabase): Promise<number> {
  if (database.path) {
    return [database.path, `${database.path}-wal`].reduce((sum, file) => sum + (fs.existsSync(file) ? fs.statSync(file).size : 0), 0);
  }
  return withPg(database.url ?? '', async (pg) => {
    const { rows } = await pg.query<{ bytes: string }>('SELECT pg_database_size(current_database()) AS bytes');
    return Number(rows[0].bytes);
  });
}
