#!/usr/bin/env node
// `npm run bench -- <name> [--backend sqlite|postgresql]`: runs tools/bench/<name>.ts and prints its figures.
import fs from 'node:fs';
import path from 'node:path';
import type { BenchOptions } from './harness.ts';

/** The modules here that are parts of benchmarks, not benchmarks. */
const PARTS = ['run.ts', 'harness.ts', 'instructions.ts', 'run-database-schema.ts', 'thread-usage.ts'];

const BENCHES = fs
  .readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.ts') && !PARTS.includes(file))
  .map((file) => file.slice(0, -'.ts'.length));

async function main(): Promise<void> {
  const [name, ...rest] = process.argv.slice(2);
  if (!name || !BENCHES.includes(name)) {
    console.error(`usage: npm run bench -- <${BENCHES.join('|')}> [--backend sqlite|postgresql]`);
    process.exit(2);
  }
  const backendIndex = rest.indexOf('--backend');
  const backends = backendIndex >= 0 ? [rest[backendIndex + 1]] : ['sqlite', 'postgresql'];
  const bench = (await import(path.join(import.meta.dirname, `${name}.ts`))) as { run: (options: BenchOptions) => Promise<unknown> };
  await bench.run({
    backends,
    backend: backends[0],
    pgAdminUrl: process.env.SIMSVC_TEST_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
    log: console.log,
  });
}

main().catch((error: Error) => {
  console.error(error.stack ?? error);
  process.exit(1);
});
