'use strict';
// Is dist/ up to date? A service needs a build when its bundle is missing or older than any
// source it is built from: its app (tests and specs aside), the libraries, and the root
// build configuration. Run as a script (`npm test` does, before jest: some e2e tests run the
// built services), it builds what is stale.

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { REPO_ROOT, SERVICES, distMain } = require('../cluster/dist');

const ROOT_INPUTS = ['package-lock.json', 'tsconfig.base.json', 'nx.json'];
/**
 * Touched after a successful `nx run-many -t build`: Nx leaves a bundle untouched when its cached
 * output already matches, so the bundle's own time can stay older than an unrelated source.
 */
const BUILD_STAMP = path.join(REPO_ROOT, 'dist', '.start-all-build-stamp');
const MAX_FILES = 20_000;

function isBuildInput(name) {
  return !/\.(spec|e2e-spec)\.[cm]?[jt]s$/.test(name) && !/^jest\.config\./.test(name) && name !== 'tsconfig.spec.json';
}

/** Newest modification time (ms) under dir, skipping tests; bounded in the number of files. */
function newestMtime(dir, budget = { files: MAX_FILES }) {
  let newest = { mtime: 0, file: null };
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return newest;
  }
  for (const entry of entries) {
    if (budget.files <= 0) break;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'test' || entry.name.startsWith('.')) continue;
      const inner = newestMtime(full, budget);
      if (inner.mtime > newest.mtime) newest = inner;
    } else if (entry.isFile() && isBuildInput(entry.name)) {
      budget.files -= 1;
      const { mtimeMs } = fs.statSync(full);
      if (mtimeMs > newest.mtime) newest = { mtime: mtimeMs, file: full };
    }
  }
  return newest;
}

/** One reason per service that needs a build; empty when dist is current. */
function staleServices(services) {
  const shared = [newestMtime(path.join(REPO_ROOT, 'libs')), ...ROOT_INPUTS.map(fileMtime)].reduce((a, b) => (b.mtime > a.mtime ? b : a), {
    mtime: 0,
    file: null,
  });
  const reasons = [];
  for (const service of services) {
    const bundle = distMain(service);
    if (!fs.existsSync(bundle)) {
      reasons.push({ service, reason: `${path.relative(REPO_ROOT, bundle)} is missing` });
      continue;
    }
    const built = Math.max(fs.statSync(bundle).mtimeMs, fileMtime(path.relative(REPO_ROOT, BUILD_STAMP)).mtime);
    const own = newestMtime(path.join(REPO_ROOT, 'apps', service));
    const newest = own.mtime > shared.mtime ? own : shared;
    if (newest.mtime > built)
      reasons.push({ service, reason: `${path.relative(REPO_ROOT, newest.file)} is newer than ${path.relative(REPO_ROOT, bundle)}` });
  }
  return reasons;
}

function fileMtime(relative) {
  const full = path.join(REPO_ROOT, relative);
  try {
    return { mtime: fs.statSync(full).mtimeMs, file: full };
  } catch {
    return { mtime: 0, file: null };
  }
}

/** @param {Date} startedAt when the build began: sources changed during it still count as newer. */
function markBuilt(startedAt) {
  fs.mkdirSync(path.dirname(BUILD_STAMP), { recursive: true });
  fs.writeFileSync(BUILD_STAMP, `${startedAt.toISOString()}\n`);
  fs.utimesSync(BUILD_STAMP, startedAt, startedAt);
}

/** Builds the services whose bundle is stale (one `nx run-many`); throws when the build fails. */
function buildIfStale(services, note) {
  const stale = staleServices(services);
  if (stale.length === 0) return;
  for (const { service, reason } of stale) note(`${service} needs a build: ${reason}`);
  const args = ['nx', 'run-many', '-t', 'build', '-p', ...services];
  note(`running npx ${args.join(' ')}`);
  const startedAt = new Date();
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const result = spawnSync(npx, args, {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
  if (result.error) throw new Error(`could not run npx: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`the build failed (exit status ${result.status ?? result.signal})`);
  markBuilt(startedAt);
  const still = staleServices(services).filter(({ reason }) => reason.endsWith('is missing'));
  if (still.length > 0) throw new Error(`the build did not produce ${still.map((s) => s.reason.replace(/ is missing$/, '')).join(', ')}`);
}

module.exports = { staleServices, newestMtime, markBuilt, buildIfStale };

if (require.main === module) {
  try {
    buildIfStale(SERVICES, (line) => process.stdout.write(`[build] ${line}\n`));
  } catch (error) {
    process.stderr.write(`[build] ${error.message}\n`);
    process.exit(1);
  }
}
