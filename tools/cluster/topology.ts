'use strict';
// The docker/ topology on loopback: one fresh PostgreSQL database, N replicas of each service
// from dist/, and nginx with docker/nginx.conf in front. Every resource it creates is registered
// with the caller's cleanup (see cleanup.js), newest first: nginx, replicas, database, run dir,
// and "PostgreSQL running again" last of all.

const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { SERVICES, requireBuilt } = require('./dist');
const { Nginx, findNginx } = require('./nginx');
const { freePorts } = require('./ports');
const postgres = require('./postgres');
const { Replica } = require('./replica');

// All replicas start at once; six Node processes plus their migrations on a busy 2-core machine
// have been seen to need 13 s. A replica that exits during start-up fails the run at once.
const STARTUP_TIMEOUT_MS = Number(process.env.SIMSVC_CLUSTER_STARTUP_MS ?? 60_000);

/** The parent environment without any simsvc setting that could override the topology's own. */
function cleanEnvironment() {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^SIMSVC_/.test(key) || /^(CACHE|CATALOG|RESULTS)_/.test(key)) continue;
    env[key] = value;
  }
  return env;
}

/**
 * @param {object} options
 * @param {string[]} [options.services] services to run (default all three)
 * @param {number} [options.replicas] replicas per service (default 2)
 * @param {{add: Function, addLastResort: Function}} options.cleanup
 * @param {(line: string) => void} [options.log]
 * @param {string} [options.logLevel] service log level (default info)
 * @param {string} [options.label] names the database and run directory
 */
async function startTopology({ services = SERVICES, replicas = 2, cleanup, log = () => undefined, logLevel = 'info', label = 'cluster' }) {
  requireBuilt(services);
  const nginxBinary = findNginx();

  const startedPostgres = await postgres.ensureRunning();
  if (startedPostgres) log(`started PostgreSQL ${postgres.clusterVersion()}/main`);
  // Registered first, so it runs last: whatever happened, PostgreSQL is left running.
  cleanup.add('start PostgreSQL again', () => postgres.ensureRunning());

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `simsvc-${label}-`));
  const topology = { dir, keepDir: false };
  cleanup.add(`remove ${dir}`, () => {
    if (!topology.keepDir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const dbName = `simsvc_${label.replace(/[^a-z0-9]/g, '_')}_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const dbUrl = await postgres.createDatabase(dbName);
  // PostgreSQL may be stopped at this point (an interrupted outage assertion): start it first.
  cleanup.add(`drop database ${dbName}`, async () => {
    await postgres.ensureRunning();
    await postgres.dropDatabase(dbName);
  });

  const admin = { username: 'cluster-admin', password: crypto.randomBytes(12).toString('hex') };
  const env = {
    ...cleanEnvironment(),
    SIMSVC_AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
    SIMSVC_ADMIN_USERNAME: admin.username,
    SIMSVC_ADMIN_PASSWORD: admin.password,
    SIMSVC_LOG_LEVEL: logLevel,
    // nginx runs on loopback in front of the replicas: its X-Forwarded-For names the client.
    SIMSVC_TRUSTED_PROXIES: 'loopback',
    SIMSVC_RESULTS_RUNS_ROOT: path.join(dir, 'runs'),
  };
  fs.mkdirSync(env.SIMSVC_RESULTS_RUNS_ROOT, { recursive: true });

  // Replica ports, nginx's three listeners, and one closed port standing in for any service left out.
  const ports = await freePorts(services.length * replicas + SERVICES.length + 1);
  const deadPort = ports.pop();
  const byService = {};
  for (const service of services) {
    byService[service] = Array.from({ length: replicas }, (_, index) => {
      const name = `${service}-${index + 1}`;
      const replica = new Replica({ service, name, port: ports.shift(), dbUrl, dir: path.join(dir, name), env });
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

  const listen = Object.fromEntries(SERVICES.map((service) => [service, ports.shift()]));
  const upstreamPorts = (count) =>
    Object.fromEntries(
      SERVICES.map((service) => [service, byService[service] ? byService[service].slice(0, count).map((r) => r.port) : [deadPort]]),
    );

  /** Starts an nginx in front of the first `count` replicas of each service (all by default). */
  const startNginx = async (name = 'nginx', count = replicas) => {
    const nginx = new Nginx({ dir: path.join(dir, name), upstreams: upstreamPorts(count), listen, binary: nginxBinary });
    cleanup.add(`stop ${name}`, () => nginx.stop());
    cleanup.addLastResort(() => nginx.killNow());
    await nginx.start();
    return nginx;
  };

  Object.assign(topology, { dbName, dbUrl, admin, env, replicas: byService, all, listen, startNginx });
  return topology;
}

module.exports = { startTopology };
