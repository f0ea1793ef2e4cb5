// `simsvc results register` benchmark (issue 15: ≥ 200 runs/s for 1,000 small run databases on
// SQLite, through the CLI).
//
// Per backend: start dist/apps/results/main.js on a fresh database with a fresh runs root, write
// 1,000 small run databases into it (2 inputs, 2 outputs each), then time the built CLI
// (`node dist/apps/cli/main.js results register RUNS --root RUNS`, process start included) at the
// default concurrency (8) and a few others, each into a fresh results database; then the same
// directory again, where every run is skipped. For reference, the same files registered with
// plain fetch (POST /register, 8 in flight, no CLI) into a fresh database: what the service
// gives on this machine at this moment. Prints runs/s.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { RUN_DATABASE_SCHEMA } from './run-database-schema.ts';
import { createDatabase, inParallel, login, startService, type BenchOptions } from './harness.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLI = path.join(ROOT, 'dist/apps/cli/main.js');
const RUNS = Number(process.env.BENCH_RUN_DATABASES ?? 1_000);
const CONCURRENCIES = (process.env.BENCH_CLI_CONCURRENCY ?? '8,1,16').split(',').map(Number);

/** A small run database in the format of contract §6, 100 to a directory. */
function writeRuns(runsRoot: string): void {
  for (let index = 0; index < RUNS; index += 1) {
    const directory = path.join(runsRoot, `batch-${Math.floor(index / 100)}`);
    fs.mkdirSync(directory, { recursive: true });
    const executionId = `cli-bench-${index}`;
    const db = new Database(path.join(directory, `${executionId}.db`));
    try {
      db.exec(RUN_DATABASE_SCHEMA);
      db.prepare(
        `INSERT INTO run_metadata VALUES (?, ?, 'cli-bench', '1.0.0', 1, '2026-01-15T10:00:00.000000', '2026-01-15T10:00:02.500000', 2.5, 'completed', 'local')`,
      ).run(executionId, `cli-bench/1.0.0/${executionId}`);
      db.prepare(`INSERT INTO inputs (name, type, value, units) VALUES ('length', 'number', ?, 'm'), ('mode', 'string', ?, NULL)`).run(
        JSON.stringify(1 + (index % 10)),
        JSON.stringify(index % 2 === 0 ? 'exact' : 'fast'),
      );
      db.prepare(
        `INSERT INTO outputs (name, type, value, units) VALUES ('max_temperature', 'number', ?, 'K'), ('steps', 'integer', ?, NULL)`,
      ).run(JSON.stringify(300 + index / 10), JSON.stringify(index));
    } finally {
      db.close();
    }
  }
}

/** Runs the built CLI; resolves to its wall time (ms) and output; rejects on an unexpected exit. */
function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<{ ms: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('close', (code) => {
      const ms = performance.now() - started;
      if (code === 0) resolve({ ms, stdout });
      else reject(new Error(`simsvc ${args.join(' ')} exited ${code}: ${stderr}`));
    });
  });
}

async function benchBackend(backend: string, pgAdminUrl: string, log: (line: string) => void): Promise<void> {
  if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`);
  const runsRoot = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'simsvc-bench-cli-runs-')));
  try {
    writeRuns(runsRoot);
    for (const concurrency of CONCURRENCIES) {
      const database = await createDatabase('results', backend, pgAdminUrl);
      const service = await startService('results', database.args, ['--runs-root', runsRoot]);
      try {
        // The session endpoints are on every service: the CLI's "cache URL" is the results service here.
        const env = { SIMSVC_RESULTS_URL: service.url, SIMSVC_CACHE_URL: service.url, SIMSVC_SESSION: await login(service.url) };
        const args = ['results', 'register', runsRoot, '--root', runsRoot, '--concurrency', String(concurrency)];
        const first = await runCli(args, env);
        const expected = `registered ${RUNS}, skipped 0, failed 0`;
        if (first.stdout.trim() !== expected) throw new Error(`expected "${expected}", got "${first.stdout.trim()}"`);
        log(
          `${backend.padEnd(10)} register ${RUNS} run databases, concurrency ${String(concurrency).padStart(2)}: ${(RUNS / (first.ms / 1000)).toFixed(0)} runs/s (${(first.ms / 1000).toFixed(2)} s)`,
        );
        if (concurrency === CONCURRENCIES[0]) {
          const again = await runCli(args, env);
          log(
            `${backend.padEnd(10)} again, every run skipped,    concurrency ${String(concurrency).padStart(2)}: ${(RUNS / (again.ms / 1000)).toFixed(0)} runs/s`,
          );
        }
      } finally {
        await service.stop();
        await database.drop();
      }
    }
    await directBaseline(backend, pgAdminUrl, runsRoot, log);
  } finally {
    fs.rmSync(runsRoot, { recursive: true, force: true });
  }
}

/** POST /register of every file with plain fetch, 8 in flight: the service's own rate right now. */
async function directBaseline(backend: string, pgAdminUrl: string, runsRoot: string, log: (line: string) => void): Promise<void> {
  const database = await createDatabase('results', backend, pgAdminUrl);
  const service = await startService('results', database.args, ['--runs-root', runsRoot]);
  try {
    const token = await login(service.url);
    const started = performance.now();
    await inParallel(RUNS, 8, async (index) => {
      const body = { execution_id: `cli-bench-${index}`, run_db_path: `batch-${Math.floor(index / 100)}/cli-bench-${index}.db` };
      const response = await fetch(`${service.url}/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-session-id': token },
        body: JSON.stringify(body),
      });
      if (response.status !== 200) throw new Error(`POST /register: ${response.status} ${await response.text()}`);
    });
    const seconds = (performance.now() - started) / 1000;
    log(`${backend.padEnd(10)} reference: POST /register with fetch, 8 in flight, no CLI: ${(RUNS / seconds).toFixed(0)} runs/s`);
  } finally {
    await service.stop();
    await database.drop();
  }
}

export async function run({ backends = ['sqlite'], pgAdminUrl = '', log = console.log }: BenchOptions): Promise<void> {
  log(`simsvc results register through the CLI (dist/apps/cli/main.js, process start included), ${os.cpus().length} cores`);
  for (const backend of backends) await benchBackend(backend, pgAdminUrl, log);
}
