#!/usr/bin/env node
// `npm run bench -- <name> [--backend sqlite|postgresql]`: runs tools/bench/<name>.js and prints its figures.
const path = require('node:path');
const fs = require('node:fs');

const BENCHES = fs
  .readdirSync(__dirname)
  .filter((file) => file.endsWith('.js') && !['run.js', 'harness.js'].includes(file))
  .map((file) => file.slice(0, -3));

async function main() {
  const [name, ...rest] = process.argv.slice(2);
  if (!name || !BENCHES.includes(name)) {
    console.error(`usage: npm run bench -- <${BENCHES.join('|')}> [--backend sqlite|postgresql]`);
    process.exit(2);
  }
  const backendIndex = rest.indexOf('--backend');
  const backends = backendIndex >= 0 ? [rest[backendIndex + 1]] : ['sqlite', 'postgresql'];
  const bench = require(path.join(__dirname, `${name}.js`));
  await bench.run({
    backends,
    backend: backends[0],
    pgAdminUrl: process.env.SIMSVC_TEST_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
    log: console.log,
  });
}

main().catch((error) => {
  console.error(error.stack ?? error);
  process.exit(1);
});
