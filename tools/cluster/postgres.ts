'use strict';
// The local PostgreSQL cluster (Debian's pg_ctlcluster): is it answering, start it, stop it,
// and create or drop one throw-away database. Admin URL: SIMSVC_TEST_PG_URL, default
// postgresql://postgres@127.0.0.1:5432/postgres (shared with the e2e tests).

const { execFile } = require('node:child_process');
const fs = require('node:fs');
const { Client } = require('pg');
const { adminUrl } = require('../testing/postgres-availability');

const CONFIG_ROOT = '/etc/postgresql';
const CLUSTER = process.env.SIMSVC_PG_CLUSTER ?? 'main';
const READY_TIMEOUT_MS = 30_000;

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The installed major version: SIMSVC_PG_VERSION, else the (highest) directory in /etc/postgresql. */
function clusterVersion() {
  if (process.env.SIMSVC_PG_VERSION) return process.env.SIMSVC_PG_VERSION;
  let versions = [];
  try {
    versions = fs.readdirSync(CONFIG_ROOT).filter((name) => /^\d+(\.\d+)?$/.test(name));
  } catch {
    // reported below
  }
  if (versions.length === 0) throw new Error(`no PostgreSQL cluster configured under ${CONFIG_ROOT} (is postgresql installed?)`);
  return versions.sort((a, b) => Number(b) - Number(a))[0];
}

function pgCtlCluster(action, extra = []) {
  const args = ['--skip-systemctl-redirect', clusterVersion(), CLUSTER, action, ...extra];
  return new Promise((resolve, reject) => {
    execFile('pg_ctlcluster', args, { timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) {
        const detail = (stderr || stdout || error.message).trim();
        reject(new Error(`pg_ctlcluster ${args.join(' ')} failed: ${detail}`));
      } else resolve();
    });
  });
}

function databaseUrl(database, base = adminUrl()) {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withClient(fn, { url = adminUrl(), timeoutMs = 2000 } = {}) {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: 30_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function isAnswering() {
  try {
    await withClient((client) => client.query('SELECT 1'));
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(wanted, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await isAnswering()) === wanted) return true;
    await sleep(250);
  }
  return false;
}

/** Starts the cluster unless it answers already. Resolves to true when this call started it. */
async function ensureRunning() {
  if (await isAnswering()) return false;
  await pgCtlCluster('start');
  if (!(await waitUntil(true, READY_TIMEOUT_MS))) throw new Error(`PostgreSQL was started but does not answer at ${adminUrl()}`);
  return true;
}

async function stop() {
  await pgCtlCluster('stop', ['-m', 'fast']);
  if (!(await waitUntil(false, READY_TIMEOUT_MS))) throw new Error('PostgreSQL still answers after pg_ctlcluster stop');
}

async function start() {
  return ensureRunning();
}

function quoteIdentifier(name) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`unsafe database name ${name}`);
  return `"${name}"`;
}

async function createDatabase(name) {
  await withClient((client) => client.query(`CREATE DATABASE ${quoteIdentifier(name)}`));
  return databaseUrl(name);
}

async function dropDatabase(name) {
  await withClient((client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`));
}

async function setting(name) {
  return withClient(async (client) => (await client.query(`SELECT current_setting($1) AS value`, [name])).rows[0].value);
}

module.exports = { adminUrl, clusterVersion, databaseUrl, isAnswering, ensureRunning, start, stop, createDatabase, dropDatabase, setting };
