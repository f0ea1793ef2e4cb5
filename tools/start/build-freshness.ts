// Is dist/ up to date? A service needs a build when its bundle is missing or older than any
// source it is built from: its app (tests and specs aside), the libraries it can bundle, the
// services' webpack configuration (tools/build) and the root build configuration. Run as a script (`npm test` does, before jest: some e2e tests run the
// built services), it builds what is stale.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, SERVICES, distMain } from '../cluster/dist.ts';

const ROOT_INPUTS = ['package-lock.json', 'tsconfig.base.json', 'nx.json'];
/** libs/testing is for tests only; libs/client and libs/run-database are bundled by the apps named here only. */
const TEST_LIBRARY = 'testing';
const LIBRARY_APPS: Record<string, ReadonlySet<string>> = { client: new Set(['cli', 'console']), 'run-database': new Set(['cli']) };
/**
 * Touched after a successful `nx run-many -t build`: Nx leaves a bundle untouched when its cached
 * output already matches, so the bundle's own time can stay older than an unrelated source.
 */
const BUILD_STAMP = path.join(REPO_ROOT, 'dist', '.start-all-build-stamp');
const MAX_FILES = 20_000;

function isBuildInput(name: string): boolean {
  return (
    !/\.(spec|e2e-spec|browser|bench)\.[cm]?[jt]sx?$/.test(name) &&
    !/^(jest|vitest\.browser)\.config\./.test(name) &&
    name !== 'tsconfig.spec.json' &&
    name !== 'README.md'
  );
}

/** A modification time (ms) and the file that has it (null: none found). */
export interface Mtime {
  mtime: number;
  file: string | null;
}

/** One service whose bundle needs a build, and why. */
export interface StaleService {
  service: string;
  reason: string;
}

/** Newest modification time (ms) under dir, skipping tests; bounded in the number of files. */
export function newestMtime(dir: string, budget = { files: MAX_FILES }): Mtime {
  let newest: Mtime = { mtime: 0, file: null };
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
export function staleServices(services: readonly string[]): StaleService[] {
  const shared = newest([newestMtime(path.join(REPO_ROOT, 'tools', 'build')), ...ROOT_INPUTS.map(fileMtime)]);
  const reasons: StaleService[] = [];
  for (const service of services) {
    const bundle = builtArtifact(service);
    if (!fs.existsSync(bundle)) {
      reasons.push({ service, reason: `${path.relative(REPO_ROOT, bundle)} is missing` });
      continue;
    }
    const built = Math.max(fs.statSync(bundle).mtimeMs, fileMtime(path.relative(REPO_ROOT, BUILD_STAMP)).mtime);
    const inputs = newest([newestMtime(path.join(REPO_ROOT, 'apps', service)), libraryInputs(service), shared]);
    if (inputs.mtime > built && inputs.file !== null)
      reasons.push({ service, reason: `${path.relative(REPO_ROOT, inputs.file)} is newer than ${path.relative(REPO_ROOT, bundle)}` });
  }
  return reasons;
}

/** The newest file of the libraries an app can bundle. */
function libraryInputs(app: string): Mtime {
  const libraries = fs
    .readdirSync(path.join(REPO_ROOT, 'libs'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== TEST_LIBRARY && (LIBRARY_APPS[entry.name]?.has(app) ?? true));
  return newest(libraries.map((entry) => newestMtime(path.join(REPO_ROOT, 'libs', entry.name))));
}

function newest(times: Mtime[]): Mtime {
  return times.reduce<Mtime>((a, b) => (b.mtime > a.mtime ? b : a), { mtime: 0, file: null });
}

function fileMtime(relative: string): Mtime {
  const full = path.join(REPO_ROOT, relative);
  try {
    return { mtime: fs.statSync(full).mtimeMs, file: full };
  } catch {
    return { mtime: 0, file: null };
  }
}

/** `startedAt`: when the build began (sources changed during it still count as newer). */
export function markBuilt(startedAt: Date): void {
  fs.mkdirSync(path.dirname(BUILD_STAMP), { recursive: true });
  fs.writeFileSync(BUILD_STAMP, `${startedAt.toISOString()}\n`);
  fs.utimesSync(BUILD_STAMP, startedAt, startedAt);
}

/** What `npm start` and `npm test` keep built: the three services, the `simsvc` command line (apps/cli) and the console. */
export const BUILT_APPS = [...SERVICES, 'cli', 'console'] as const;

/** The file whose age says when an app was built: its bundle, or the console's index.html (Vite). */
function builtArtifact(app: string): string {
  return app === 'console' ? path.join(REPO_ROOT, 'dist', 'apps', 'console', 'index.html') : distMain(app);
}

/** Builds the services whose bundle is stale (one `nx run-many`); throws when the build fails. */
export function buildIfStale(services: readonly string[], note: (line: string) => void): void {
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

if (import.meta.filename === process.argv[1]) {
  try {
    buildIfStale(BUILT_APPS, (line) => process.stdout.write(`[build] ${line}\n`));
  } catch (error) {
    process.stderr.write(`[build] ${(error as Error).message}\n`);
    process.exit(1);
  }
}
