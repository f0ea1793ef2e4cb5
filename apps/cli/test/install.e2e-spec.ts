// Issue 25.3: `simsvc --version` answers in < 1 s, `npx simsvc` in the workspace runs the built CLI
// at once (no walk of node_modules), and the packed build output installs with `npm install -g`
// and works outside the workspace.
import { makeRunFixture, writeRunDatabase } from '@simsvc/testing';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { CliServices, REPO_ROOT, runCli } from './support/cli-services';

jest.setTimeout(120_000);

const run = promisify(execFile);
const rootPackage = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));

/** The fastest of three runs, in milliseconds (the machine is shared: one slow run says little). */
async function fastest(command: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const started = performance.now();
    await command();
    times.push(performance.now() - started);
  }
  return Math.min(...times);
}

describe('simsvc start-up and install (issue 25.3)', () => {
  let services: CliServices;
  let scratch: string;

  beforeAll(async () => {
    services = await CliServices.start();
    scratch = mkdtempSync(join(tmpdir(), 'simsvc-install-'));
  }, 120_000);
  afterAll(async () => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    await services?.close();
  });

  it('the built CLI answers --version with the package version in < 1 s', async () => {
    const answer = await runCli(['--version']);
    expect(answer).toMatchObject({ code: 0, stdout: `${rootPackage.version}\n`, stderr: '' });
    expect(await fastest(() => runCli(['--version']))).toBeLessThan(1000);
  });

  it('npx simsvc in the workspace runs node_modules/.bin/simsvc, not npm’s install of the workspace into its npx cache', async () => {
    expect(rootPackage.bin).toBeUndefined();
    expect(existsSync(join(REPO_ROOT, 'node_modules/.bin/simsvc'))).toBe(true);
    const npx = () => run('npx', ['--no-install', 'simsvc', '--version'], { cwd: join(REPO_ROOT, 'apps/cli') });
    // --no-install: npx fails rather than install the workspace into its cache (which took ~6 s).
    expect((await npx()).stdout).toBe(`${rootPackage.version}\n`);
  });

  it('the packed build output installs with npm install -g and works outside the workspace', async () => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'dist/apps/cli/package.json'), 'utf8'));
    expect(manifest).toMatchObject({ name: 'simsvc', version: rootPackage.version, bin: { simsvc: 'main.js' } });
    expect(Object.keys(manifest.dependencies)).toEqual(['better-sqlite3']);

    const { stdout: packed } = await run('npm', ['pack', join(REPO_ROOT, 'dist/apps/cli'), '--pack-destination', scratch, '--silent']);
    const tarball = join(scratch, packed.trim().split('\n').pop() as string);
    const prefix = join(scratch, 'prefix');
    await run('npm', ['install', '-g', '--prefix', prefix, tarball, '--prefer-offline', '--no-audit', '--no-fund'], { cwd: scratch });
    const simsvc = join(prefix, 'bin', 'simsvc');
    // Only the installed package's directory and node: nothing of the workspace is on the way.
    const env = { PATH: `${join(prefix, 'bin')}:${dirname(process.execPath)}`, HOME: scratch, XDG_CONFIG_HOME: join(scratch, 'config') };

    const version = await run('simsvc', ['--version'], { cwd: scratch, env });
    expect(version.stdout).toBe(`${rootPackage.version}\n`);
    expect(await fastest(() => run(simsvc, ['--version'], { cwd: scratch, env }))).toBeLessThan(1000);

    // A real command through the installed package: better-sqlite3 reads the run database, the client talks HTTP.
    const fixture = makeRunFixture({ execution_id: 'installed-1', simulation_name: 'heat-installed' });
    writeRunDatabase(join(services.runsRoot, 'installed', 'installed-1.db'), fixture);
    const urls = [`--cache-url=${services.urls.cache}`, `--catalog-url=${services.urls.catalog}`, `--results-url=${services.urls.results}`];
    await run('simsvc', [...urls, 'login', '--anonymous'], { cwd: scratch, env });
    const registered = await run('simsvc', [...urls, 'results', 'register', 'installed', '--root', services.runsRoot], {
      cwd: services.runsRoot,
      env,
    });
    expect(registered.stdout).toBe('registered 1, skipped 0, failed 0\n');
  });
});
