// 8. The results replicas share one runs root: a run database uploaded through results-1
//    directly (POST /runs) is downloaded byte for byte through results-2 directly and through
//    nginx, and found by search through both, and by a CSV export (POST /export) through nginx.

import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { RUN_DATABASE_SCHEMA } from '../../bench/run-database-schema.ts';
import { client } from '../http.ts';
import { checker, uniqueId, type Assertion } from './support.ts';

const SIMULATION = 'cluster-upload';

/** A finished run of SIMULATION with one input and one output, written to `file`. */
function writeRunDatabase(file: string, executionId: string, length: number): void {
  const db = new Database(file);
  try {
    db.exec(RUN_DATABASE_SCHEMA);
    db.prepare(
      'INSERT INTO run_metadata (execution_id, simulation_name, simulation_version, started_at, completed_at, duration_seconds, status, executor_type) ' +
        "VALUES (?, ?, '1.0.0', '2026-11-27 00:00:00', '2026-11-27 00:00:02', 2.0, 'completed', 'local')",
    ).run(executionId, SIMULATION);
    db.prepare("INSERT INTO inputs (name, type, value) VALUES ('length', 'number', ?)").run(JSON.stringify(length));
    db.prepare("INSERT INTO outputs (name, type, value) VALUES ('energy', 'number', ?)").run(JSON.stringify(length * 2));
  } finally {
    db.close();
  }
}

/** The body of a GET as bytes, or why there is none. */
async function download(baseUrl: string, executionId: string, token: string): Promise<{ status: number; bytes?: Buffer; error?: string }> {
  try {
    const response = await fetch(`${baseUrl}/results/${executionId}/run-database`, {
      headers: { 'X-Session-ID': token },
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
  } catch (error) {
    return { status: 0, error: (error as Error).message };
  }
}

const assertion: Assertion = {
  title: 'one runs root for every results replica',
  needs: ['results'],
  async run({ topology, nginx, token }) {
    const c = checker();
    const [first, second] = topology.replicas['results'];
    const executionId = uniqueId('upload');
    const file = path.join(topology.dir, `${executionId}.db`);
    writeRunDatabase(file, executionId, 4.5);
    const original = fs.readFileSync(file);

    const uploaded = await fetch(`${first.url}/runs?execution_id=${executionId}`, {
      method: 'POST',
      headers: { 'X-Session-ID': token, 'Content-Type': 'application/vnd.sqlite3' },
      body: original,
      signal: AbortSignal.timeout(15_000),
    }).then(
      async (response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> }),
      (error: Error): { status: number; body: Record<string, unknown> } => ({ status: 0, body: { message: error.message } }),
    );
    c.check(
      uploaded.status === 200 && uploaded.body['execution_id'] === executionId,
      `POST /runs on ${first.name} answered ${uploaded.status} ${JSON.stringify(uploaded.body)}`,
    );

    const readers = [
      { name: second.name, url: second.url },
      { name: 'nginx', url: nginx.urls['results'] },
    ];
    for (const reader of readers) {
      const copy = await download(reader.url, executionId, token);
      c.check(
        copy.status === 200 && copy.bytes !== undefined && copy.bytes.equals(original),
        `GET /results/${executionId}/run-database through ${reader.name} answered ${copy.status || copy.error}` +
          (copy.bytes
            ? ` with ${copy.bytes.length} bytes (uploaded ${original.length}, ${copy.bytes.equals(original) ? 'equal' : 'different'})`
            : ''),
      );
      const found = await client(reader.url, { token }).post<{ total: number; results: { execution_id: string }[] }>('/search', {
        simulation_name: SIMULATION,
        input_filters: { length: { $gte: 4, $lt: 5 } },
      });
      c.check(
        found.status === 200 && (found.body?.results ?? []).some((hit) => hit.execution_id === executionId),
        `POST /search through ${reader.name} answered ${found.status || found.error} without ${executionId}: ${found.text ?? ''}`,
      );
    }
    const exported = await client(nginx.urls['results'], { token }).post('/export', { simulation_name: SIMULATION, format: 'csv' });
    const rows = (exported.text ?? '').split('\r\n').filter(Boolean);
    c.check(
      exported.status === 200 && rows[0]?.startsWith('execution_id,') === true && rows.some((row) => row.startsWith(`${executionId},`)),
      `POST /export through nginx answered ${exported.status || exported.error} without a row of ${executionId}: ${(exported.text ?? '').slice(0, 300)}`,
    );
    return c.done(
      `${original.length}-byte run database uploaded through ${first.name}; downloaded byte-identical and found by search through ${readers
        .map((reader) => reader.name)
        .join(' and ')}, exported through nginx`,
    );
  },
};

export default assertion;
