#!/usr/bin/env node
'use strict';
// npm start — cache (8001), catalog (8002) and results (8003) in one command, on their defaults
// (sqlite, data in ./data). Builds first when dist/ is missing or older than the sources.
// Extra arguments go to every service (`npm start -- --log-level debug`); the environment is
// passed through (SIMSVC_*; SIMSVC_ADMIN_USERNAME/PASSWORD create a first admin).
// Once all three listen, it prints each one's URL and docs URL and the admin user created.
// Ctrl-C stops all three (SIGTERM, waiting for each to exit); if one exits on its own, the
// others are stopped and the exit status is non-zero.

const { spawnSync } = require('node:child_process');
const { REPO_ROOT, SERVICES, distMain } = require('../cluster/dist');
const { markBuilt, staleServices } = require('./build-freshness');
const { useColor, paint } = require('./log-format');
const { createReadySummary } = require('./ready-summary');
const { supervise } = require('./supervisor');

const BUILD_ARGS = ['nx', 'run-many', '-t', 'build', '-p', ...SERVICES];

function buildIfStale(note) {
  const stale = staleServices(SERVICES);
  if (stale.length === 0) return;
  for (const { service, reason } of stale) note(`${service} needs a build: ${reason}`);
  note(`running npx ${BUILD_ARGS.join(' ')}`);
  const startedAt = new Date();
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const result = spawnSync(npx, BUILD_ARGS, {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
  if (result.error) throw new Error(`could not run npx: ${result.error.message}`);
  if (result.status !== 0)
    throw new Error(`the build failed (exit status ${result.status ?? result.signal}); fix it and run npm start again`);
  markBuilt(startedAt);
  const still = staleServices(SERVICES).filter(({ reason }) => reason.endsWith('is missing'));
  if (still.length > 0) throw new Error(`the build did not produce ${still.map((s) => s.reason.replace(/ is missing$/, '')).join(', ')}`);
}

async function main() {
  const color = useColor(process.stdout);
  const note = (line) => process.stdout.write(`${paint(color, 'bold', '[start]')} ${line}\n`);
  try {
    buildIfStale(note);
  } catch (error) {
    note(error.message);
    return 1;
  }
  const extraArgs = process.argv.slice(2);
  note(`starting ${SERVICES.join(', ')}${extraArgs.length > 0 ? ` with ${extraArgs.join(' ')}` : ''} (Ctrl-C stops them)`);
  const ready = createReadySummary(SERVICES, process.env.SIMSVC_ADMIN_USERNAME || undefined);
  let announced = false;
  return supervise({
    processes: SERVICES.map((service) => ({
      name: service,
      command: process.execPath,
      args: [distMain(service), ...extraArgs],
      cwd: REPO_ROOT,
    })),
    out: (line) => process.stdout.write(`${line}\n`),
    note,
    color,
    onLine: (service, line) => {
      if (announced) return;
      ready.observe(service, line);
      const summary = ready.summary();
      if (!summary) return;
      announced = true;
      for (const text of summary) note(paint(color, 'bold', text));
    },
  });
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`start: ${error.stack ?? error.message}\n`);
    process.exit(1);
  },
);
