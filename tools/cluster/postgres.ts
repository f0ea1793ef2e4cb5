// The local PostgreSQL cluster (Debian's pg_ctlcluster): is it answering, start it, stop it,
// and create or drop one throw-away database. Admin URL: SIMSVC_TEST_PG_URL, default
// postgresql://postgres@127.0.0.1:5432/postgres (shared with the e2e tests).

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { adminUrl } from '../testing/postgres-availability.ts';

const CONFIG_ROOT = '/etc/postgresql';
const CLUSTER = process.env.SIMSVC_PG_CLUSTER ?? 'main';
const READY_TIMEOUT_MS = 30_000;

/** The installed major version: SIMSVC_PG_VERSION, else the (highest) directory in /etc/postgresql. */
export function clusterVersion(): string {
  if (process.env.SIMSVC_PG_VERSION) return process.env.SIMSVC_PG_VERSION;
  let versions: string[] = [];
  try {
    versions = fs.readdirSync(CONFIG_ROOT).filter((name) => /^\d+(\.\d+)?$/.test(name));
  } catch {
    // reported below
  }
  const [highest] = versions.sort((a, b) => Number(b) - Number(a));
  if (highest === undefined) throw new Error(`no PostgreSQL cluster configured under ${CONFIG_ROOT} (is postgresql installed?)`);
  return highest;
}

function pgCtlCluster(action: string, extra: string[] = []): Promise<void> {
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

export function databaseUrl(database: string, base = adminUrl()): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withClient<T>(fn: (client: Client) => Promise<T>, { url = adminUrl(), timeoutMs = 2000 } = {}): Promise<T> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: 30_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function isAnswering(): Promise<boolean> {
  try {
    await withClient((client) => client.query('SELECT 1'));
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(wanted: boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await isAnswering()) === wanted) return true;
    await sleep(250);
  }
  return false;
}

/** Starts the cluster unless it answers already. Resolves to true when this call started it. */
export async function ensureRunning(): Promise<boolean> {
  if (await isAnswering()) return false;
  await pgCtlCluster('start');
  if (!(await waitUntil(true, READY_TIMEOUT_MS))) throw new Error(`PostgreSQL was started but does not answer at ${adminUrl()}`);
  return true;
}

export async function stop(): Promise<void> {
  await pgCtlCluster('stop', ['-m', 'fast']);
  if (!(await waitUntil(false, READY_TIMEOUT_MS))) throw new Error('PostgreSQL still answers after pg_ctlcluster stop');
}

export async function start(): Promise<boolean> {
  return ensureRunning();
}

function quoteIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`unsafe database name ${name}`);
  return `"${name}"`;
}

export async function createDatabase(name: string): Promise<string> {
  await withClient((client) => client.query(`CREATE DATABASE ${quoteIdentifier(name)}`));
  return databaseUrl(name);
}

export async function dropDatabase(name: string): Promise<void> {
  await withClient(async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`)));
}

export async function setting(name: string): Promise<string> {
  return withClient(async (client) => (await client.query<{ value: string }>(`SELECT current_setting($1) AS value`, [name])).rows[0].value);
}

export { adminUrl };
