#!/usr/bin/env node
// node tools/cluster/check-compose.ts — static checks of docker/docker-compose.yml and
// docker/nginx.conf (see compose-rules.ts), `nginx -t` of the config when nginx is installed,
// and `docker compose config` when Docker's compose plugin is available. One line per problem;
// exit status 1 when there is any, 2 when the files cannot be read at all.
//   --compose FILE / --nginx-conf FILE check other files (default: those in docker/).

import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { REPO_ROOT, SERVICES } from './dist.ts';
import { checkCompose, checkNginxUpstreams, type ComposeFile } from './compose-rules.ts';
import { Nginx, findNginx } from './nginx.ts';
import { NGINX_CONF, readNginxConf } from './nginx-conf.ts';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(name);
  return index >= 0 && process.argv[index + 1] ? path.resolve(process.argv[index + 1]) : fallback;
}

const COMPOSE_FILE = option('--compose', path.join(REPO_ROOT, 'docker', 'docker-compose.yml'));
const CONF_FILE = option('--nginx-conf', NGINX_CONF);

function parseCompose(text: string): ComposeFile {
  // `merge: true` resolves the `<<: *anchor` keys the compose file uses (yaml 1.x and 2.x alike).
  const doc = parseDocument(text, { merge: true, prettyErrors: true });
  if (doc.errors.length > 0)
    throw new Error(`${path.basename(COMPOSE_FILE)} is not valid YAML: ${doc.errors.map((e) => e.message).join('; ')}`);
  return doc.toJSON() as ComposeFile;
}

/** nginx -t of the loopback rendering (proves the syntax; the replica names are not resolvable here). */
type CheckResult = { ok: true } | { skipped: string } | { problem: string };

function nginxSyntax(confText: string): CheckResult {
  let binary;
  try {
    binary = findNginx();
  } catch {
    return { skipped: 'nginx is not installed' };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simsvc-nginx-check-'));
  try {
    const ports = Object.fromEntries(SERVICES.map((service, i) => [service, 18001 + i]));
    const upstreams = Object.fromEntries(SERVICES.map((service, i) => [service, [19001 + 2 * i, 19002 + 2 * i]]));
    const site = { port: 18000, root: path.join(REPO_ROOT, 'dist', 'apps', 'console') };
    const nginx = new Nginx({ dir, upstreams, listen: ports, console: site, binary });
    nginx.writeConf(confText);
    nginx.test();
    return { ok: true };
  } catch (error) {
    return { problem: (error as Error).message };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function dockerComposeConfig(): CheckResult {
  try {
    execFileSync('docker', ['compose', 'version'], { stdio: ['ignore', 'pipe', 'pipe'], timeout: 20_000 });
  } catch {
    return { skipped: '`docker compose` is not available' };
  }
  try {
    const env = { ...process.env, SIMSVC_AUTH_SECRET: process.env.SIMSVC_AUTH_SECRET ?? crypto.randomBytes(32).toString('hex') };
    execFileSync('docker', ['compose', '-f', COMPOSE_FILE, 'config', '--quiet'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    });
    return { ok: true };
  } catch (error) {
    const { stderr, message } = error as Error & { stderr?: unknown };
    return { problem: `docker compose config failed: ${String(stderr ?? message).trim()}` };
  }
}

function main(): number {
  let doc: ComposeFile;
  let confText: string;
  try {
    doc = parseCompose(fs.readFileSync(COMPOSE_FILE, 'utf8'));
    confText = readNginxConf(CONF_FILE);
  } catch (error) {
    console.error(`check-compose: ${(error as Error).message}`);
    return 2;
  }
  const problems = [
    ...checkCompose(doc, { composeDir: path.dirname(COMPOSE_FILE) }).map((p) => `docker-compose.yml: ${p}`),
    ...checkNginxUpstreams(confText, doc),
  ];
  const notes = [];
  const checks: [string, CheckResult][] = [
    ['nginx -t', nginxSyntax(confText)],
    ['docker compose config', dockerComposeConfig()],
  ];
  for (const [label, result] of checks) {
    if ('problem' in result) problems.push(`${label}: ${result.problem}`);
    else notes.push(`${label}: ${'skipped' in result ? `skipped (${result.skipped})` : 'ok'}`);
  }
  for (const problem of problems) console.error(`problem: ${problem}`);
  for (const note of notes) console.log(note);
  if (problems.length > 0) {
    console.error(`check-compose: ${problems.length} problem(s)`);
    return 1;
  }
  console.log(
    `check-compose: ok (${Object.keys(doc.services ?? {}).length} services; postgres, 6 replicas and nginx as required; upstreams match the replicas)`,
  );
  return 0;
}

process.exitCode = main();
