#!/usr/bin/env node
// npm run test:cluster — the docker/ topology natively: PostgreSQL, two replicas of each service
// from dist/, nginx with docker/nginx.conf; eight assertions, one line each; everything torn down
// on exit, failure, SIGINT or SIGTERM. Exit status 0 only when every assertion passed.
//
//   node tools/cluster/cluster-test.ts [--only cache,catalog] [--assertions 1,6] [--keep]
//     --only        run a subset of the services (assertions needing another one are skipped;
//                   the run then says it was partial)
//     --assertions  run only these assertions (by number)
//     --keep        keep the run directory (configs and logs) even when everything passed

import fs from 'node:fs';
import databaseOutage from './assertions/database-outage.ts';
import exactCacheCounts from './assertions/exact-cache-counts.ts';
import executionStateMachine from './assertions/execution-state-machine.ts';
import gracefulShutdown from './assertions/graceful-shutdown.ts';
import replicaCrash from './assertions/replica-crash.ts';
import rollingRestart from './assertions/rolling-restart.ts';
import sharedRunsRoot from './assertions/shared-runs-root.ts';
import sharedSessions from './assertions/shared-sessions.ts';
import { AssertionFailure, type Assertion } from './assertions/support.ts';
import { login } from './auth.ts';
import { createCleanup } from './cleanup.ts';
import { SERVICES } from './dist.ts';
import { findNginx, nginxVersion } from './nginx.ts';
import * as postgres from './postgres.ts';
import { startTopology, type Topology } from './topology.ts';

const ASSERTIONS: Assertion[] = [
  sharedSessions,
  exactCacheCounts,
  executionStateMachine,
  replicaCrash,
  databaseOutage,
  gracefulShutdown,
  rollingRestart,
  sharedRunsRoot,
];
const ASSERTION_TIMEOUT_MS = 180_000;

interface Options {
  services: readonly string[];
  keep: boolean;
  /** Numbers of the assertions to run; null: all. */
  assertions: Set<number> | null;
  help: boolean;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { services: SERVICES, keep: false, assertions: null, help: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--keep') options.keep = true;
    else if (arg === '--only' || arg.startsWith('--only=')) {
      const value = arg.includes('=') ? arg.slice('--only='.length) : argv[++i];
      const services = String(value ?? '')
        .split(',')
        .filter(Boolean);
      const unknown = services.filter((service) => !(SERVICES as readonly string[]).includes(service));
      if (services.length === 0 || unknown.length > 0) throw new Error(`--only takes a comma-separated subset of ${SERVICES.join(',')}`);
      options.services = SERVICES.filter((service) => services.includes(service));
    } else if (arg === '--assertions' || arg.startsWith('--assertions=')) {
      const value = arg.includes('=') ? arg.slice('--assertions='.length) : argv[++i];
      const numbers = String(value ?? '')
        .split(',')
        .filter(Boolean)
        .map(Number);
      if (numbers.length === 0 || numbers.some((n) => !Number.isInteger(n) || n < 1 || n > ASSERTIONS.length)) {
        throw new Error(`--assertions takes numbers 1..${ASSERTIONS.length}, comma-separated`);
      }
      options.assertions = new Set(numbers);
    } else if (arg === '--help' || arg === '-h') {
      options.help = true;
    } else throw new Error(`unknown argument ${arg} (use --only SERVICES, --assertions N,M, --keep)`);
  }
  return options;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${seconds(ms)}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function main(): Promise<number> {
  const started = Date.now();
  const options = parseArgs(process.argv.slice(2));
  if (options.help) {
    process.stdout.write(
      fs
        .readFileSync(import.meta.filename, 'utf8')
        .split('\n')
        .slice(1, 11)
        .join('\n')
        .replace(/^\/\/ ?/gm, '') + '\n',
    );
    return 0;
  }
  const log = (line: string): boolean => process.stdout.write(`${line}\n`);
  const cleanup = createCleanup({ log: (line) => process.stderr.write(`${line}\n`) });
  cleanup.installProcessHandlers();

  let failures = 0;
  let passed = 0;
  let skipped = 0;
  let topology: Topology | undefined;
  try {
    const nginxBinary = findNginx();
    log(
      `cluster test: ${options.services.join(', ')} × 2 replicas, ${nginxVersion(nginxBinary) ?? nginxBinary}, PostgreSQL ${postgres.clusterVersion()} at ${postgres.adminUrl()}`,
    );
    topology = await startTopology({ services: options.services, replicas: 2, cleanup, log: (line) => log(`  ${line}`) });
    const nginx = await topology.startNginx();
    log(
      `  nginx on ${Object.entries(nginx.urls)
        .map(([service, url]) => `${service} ${url}`)
        .join(', ')}; run directory ${topology.dir}`,
    );
    const token = await login(nginx.urls[options.services[0]], topology.admin);

    for (const [index, assertion] of ASSERTIONS.entries()) {
      const label = `${index + 1} ${assertion.title}`;
      if (options.assertions && !options.assertions.has(index + 1)) {
        skipped += 1;
        log(`SKIP ${label}: not selected (--assertions)`);
        continue;
      }
      const missing = assertion.needs.filter((service) => !options.services.includes(service));
      if (missing.length > 0) {
        skipped += 1;
        log(`SKIP ${label}: needs ${missing.join(', ')} (--only)`);
        continue;
      }
      const assertionStarted = Date.now();
      try {
        const figures = await withTimeout(assertion.run({ topology, nginx, token, log }), ASSERTION_TIMEOUT_MS, label);
        passed += 1;
        log(`PASS ${label} (${seconds(Date.now() - assertionStarted)}): ${figures}`);
      } catch (error) {
        failures += 1;
        const detail = error instanceof AssertionFailure ? error.message : ((error as Error).stack ?? (error as Error).message);
        log(`FAIL ${label} (${seconds(Date.now() - assertionStarted)}): ${detail}`);
        for (const replica of topology.all.filter((r) => !r.running))
          log(`      ${replica.name} is not running:\n${replica.describeTail()}`);
      }
    }
  } catch (error) {
    failures += 1;
    log(`FAIL setup: ${(error as Error).message}`);
  } finally {
    if (topology && (failures > 0 || options.keep)) {
      topology.keepRunDir();
      log(`  logs and configs kept in ${topology.dir}`);
    }
    await cleanup.run();
  }
  const partial = skipped > 0 ? ` (partial run: ${skipped} skipped)` : '';
  log(
    `${failures === 0 ? 'OK' : 'FAILED'}: ${passed}/${ASSERTIONS.length - skipped} assertions passed${partial} in ${seconds(Date.now() - started)}`,
  );
  return failures === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    process.stderr.write(`cluster test: ${error.stack ?? error.message}\n`);
    process.exit(2);
  },
);
