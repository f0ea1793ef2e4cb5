// The docker/ topology on loopback: one fresh PostgreSQL database, N replicas of each service
// from dist/, and nginx with docker/nginx.conf in front. Every resource it creates is registered
// with the caller's cleanup (see cleanup.js), newest first: nginx, replicas, database, run dir,
// and "PostgreSQL running again" last of all.

import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Cleanup } from './cleanup.ts';
import type { Credentials } from './auth.ts';
import { SERVICES, requireBuilt } from './dist.ts';
import { Nginx, findNginx } from './nginx.ts';
import { freePorts } from './ports.ts';
import * as postgres from './postgres.ts';
import { Replica } from './replica.ts';

// All replicas start at once; six Node processes plus their migrations on a busy 2-core machine
// have been seen to need 13 s. A replica that exits during start-up fails the run at once.
const STARTUP_TIMEOUT_MS = Number(process.env.SIMSVC_CLUSTER_STARTUP_MS ?? 60_000);

/** The parent environment without any simsvc setting that could override the topology's own. */
function cleanEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^SIMSVC_/.test(key) || /^(CACHE|CATALOG|RESULTS)_/.test(key)) continue;
    env[key] = value;
  }
  return env;
}

export interface TopologyOptions {
  /** Services to run (default all three). */
  services?: readonly string[];
  /** Replicas per service (default 2). */
  replicas?: number;
  cleanup: Pick<Cleanup, 'add' | 'addLastResort'>;
  log?: (line: string) => void;
  /** Service log level (default info). */
  logLevel?: string;
  /** Names the database and run directory. */
  label?: string;
}

export interface Topology {
  dir: string;
  /** Keeps the run directory at teardown (a run that failed, or --keep). */
  keepRunDir(): void;
  dbName: string;
  dbUrl: string;
  admin: Credentials;
  env: NodeJS.ProcessEnv;
  /** Service -> its replicas. */
  replicas: Record<string, Replica[]>;
  all: Replica[];
  /** Service -> the port nginx listens on for it. */
  listen: Record<string, number>;
  /** Starts an nginx in front of the first `count` replicas of each service (all by default). */
  startNginx(name?: string, count?: number): Promise<Nginx>;
}

export async function startTopology({
  services = SERVICES,
  replicas = 2,
  cleanup,
  log = () => undefined,
  logLevel = 'info',
  label = 'cluster',
}: TopologyOptions): Promise<Topology> {
  requireBuilt(services);
  const nginxBinary = findNginx();

  const startedPostgres = await postgres.ensureRunning();
  if (startedPostgres) log(`started PostgreSQL ${postgres.clusterVersion()}/main`);
  // Registered first, so it runs last: whatever happened, PostgreSQL is left running.
  cleanup.add('start PostgreSQL again', () => postgres.ensureRunning());

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `simsvc-${label}-`));
  let keepDir = false;
  cleanup.add(`remove ${dir}`, () => {
    if (!keepDir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const dbName = `simsvc_${label.replace(/[^a-z0-9]/g, '_')}_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const dbUrl = await postgres.createDatabase(dbName);
  // PostgreSQL may be stopped at this point (an interrupted outage assertion): start it first.
  cleanup.add(`drop database ${dbName}`, async () => {
    await postgres.ensureRunning();
    await postgres.dropDatabase(dbName);
  });

  const admin = { username: 'cluster-admin', password: crypto.randomBytes(12).toString('hex') };
  const runsRoot = path.join(dir, 'runs');
  const env: NodeJS.ProcessEnv = {
    ...cleanEnvironment(),
    SIMSVC_AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
    SIMSVC_ADMIN_USERNAME: admin.username,
    SIMSVC_ADMIN_PASSWORD: admin.password,
    SIMSVC_LOG_LEVEL: logLevel,
    // nginx runs on loopback in front of the replicas: its X-Forwarded-For names the client.
    SIMSVC_TRUSTED_PROXIES: 'loopback',
    SIMSVC_RESULTS_RUNS_ROOT: runsRoot,
  };
  fs.mkdirSync(runsRoot, { recursive: true });

  // Replica ports, nginx's three listeners, and one closed port standing in for any service left out.
  const ports = await freePorts(services.length * replicas + SERVICES.length + 1);
  const deadPort = ports.pop() ?? 0;
  const byService: Record<string, Replica[]> = {};
  const nextPort = (): number => {
    const port = ports.shift();
    if (port === undefined) throw new Error('ran out of free ports');
    return port;
  };
  for (const service of services) {
    byService[service] = Array.from({ length: replicas }, (_, index) => {
      const name = `${service}-${index + 1}`;
      const replica = new Replica({ service, name, port: nextPort(), dbUrl, dir: path.join(dir, name), env });
      cleanup.add(`stop ${name}`, () => replica.stop(10_000));
      cleanup.addLastResort(() => replica.killNow());
      return replica;
    });
  }
  const all = Object.values(byService).flat();

  const started = Date.now();
  for (const replica of all) replica.start();
  await Promise.all(all.map((replica) => replica.waitHealthy(STARTUP_TIMEOUT_MS)));
  log(
    `${all.length} replicas healthy in ${((Date.now() - started) / 1000).toFixed(1)} s (${all.map((r) => `${r.name}:${r.port}`).join(' ')})`,
  );

  const listen: Record<string, number> = Object.fromEntries(SERVICES.map((service) => [service, nextPort()]));
  const upstreamPorts = (count: number): Record<string, number[]> =>
    Object.fromEntries(
      SERVICES.map((service) => [service, byService[service] ? byService[service].slice(0, count).map((r) => r.port) : [deadPort]]),
    );

  const startNginx = async (name = 'nginx', count = replicas): Promise<Nginx> => {
    const nginx = new Nginx({ dir: path.join(dir, name), upstreams: upstreamPorts(count), listen, binary: nginxBinary });
    cleanup.add(`stop ${name}`, () => nginx.stop());
    cleanup.addLastResort(() => nginx.killNow());
    await nginx.start();
    return nginx;
  };

  return {
    dir,
    keepRunDir: () => {
      keepDir = true;
    },
    dbName,
    dbUrl,
    admin,
    env,
    replicas: byService,
    all,
    listen,
    startNginx,
  };
}
