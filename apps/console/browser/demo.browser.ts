// Issue 25's first run as a new user has it: `npm start` (tools/start/start-all.ts, as package.json
// runs it), then `simsvc demo` (the built CLI as a child process) with nothing but what `npm start`
// reads (ports, a session), then the URL the demo prints, opened in chromium, shows the sweep: its
// runs in the table and the scatter plot of deflection against length. The stores, the runs root
// and the demo's working directory are a scratch directory instead of the workspace's data/.

import { createSimsvcClient } from '@simsvc/client';
import type { BrowserContext } from 'playwright-core';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './chromium';
import { bluePixels, openPage, signIn } from './pages';
import { ADMIN, freePort, REPO_ROOT } from './stack';

const RUNS = 600;
const CLI = path.join(REPO_ROOT, 'dist/apps/cli/main.js');
const SERVICES = ['cache', 'catalog', 'results', 'console'] as const;

let context: BrowserContext;
let closeBrowser: () => Promise<void>;
let workspace: string;
let npmStart: ChildProcess | undefined;
let startOutput = '';
const env: Record<string, string> = {};

/** package.json's `start` script as npm runs it: node, its flags, tools/start/start-all.ts. */
function startCommand(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const [, ...words] = scripts.start.split(/\s+/);
  return words.map((word) => (word.endsWith('.ts') ? path.join(REPO_ROOT, word) : word));
}

async function waitForSummary(withinMs = 150_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!/^\[start\] next: /m.test(startOutput)) {
    if (npmStart?.exitCode !== null) throw new Error(`npm start exited (${npmStart?.exitCode}):\n${startOutput}`);
    if (Date.now() > deadline) throw new Error(`npm start printed no summary within ${withinMs} ms:\n${startOutput}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  ({ context, close: closeBrowser } = await launchChromium());
  if (!existsSync(CLI)) throw new Error('not built: dist/apps/cli/main.js (run npm run build first)');
  workspace = mkdtempSync(path.join(tmpdir(), 'simsvc-first-run-'));
  mkdirSync(path.join(workspace, 'data', 'runs'), { recursive: true });
  for (const service of SERVICES) env[`SIMSVC_${service.toUpperCase()}_PORT`] = String(await freePort());
  for (const store of ['cache', 'catalog', 'results', 'auth'])
    env[`SIMSVC_${store.toUpperCase()}_DB_PATH`] = path.join(workspace, 'data', `${store}.db`);
  Object.assign(env, {
    SIMSVC_RESULTS_RUNS_ROOT: path.join(workspace, 'data', 'runs'),
    SIMSVC_ADMIN_USERNAME: ADMIN.username,
    SIMSVC_ADMIN_PASSWORD: ADMIN.password,
  });
  npmStart = spawn(process.execPath, startCommand(), {
    cwd: REPO_ROOT,
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', TZ: 'UTC', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [npmStart.stdout, npmStart.stderr])
    stream?.setEncoding('utf8').on('data', (chunk: string) => (startOutput += chunk));
  await waitForSummary();
}, 180_000);

afterAll(async () => {
  await closeBrowser?.();
  if (npmStart && npmStart.exitCode === null) {
    const exited = new Promise((resolve) => npmStart?.once('close', resolve));
    npmStart.kill('SIGTERM');
    await exited;
  }
  if (workspace) rmSync(workspace, { recursive: true, force: true });
});

/** `simsvc demo --runs N` from the scratch workspace, told only the ports (as `npm start` reads them) and a session. */
function runDemo(session: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'demo', '--runs', String(RUNS)], {
      cwd: workspace,
      env: {
        PATH: process.env['PATH'],
        HOME: process.env['HOME'],
        XDG_CONFIG_HOME: path.join(workspace, 'config'),
        SIMSVC_CACHE_PORT: env['SIMSVC_CACHE_PORT'],
        SIMSVC_CATALOG_PORT: env['SIMSVC_CATALOG_PORT'],
        SIMSVC_RESULTS_PORT: env['SIMSVC_RESULTS_PORT'],
        SIMSVC_CONSOLE_PORT: env['SIMSVC_CONSOLE_PORT'],
        SIMSVC_SESSION: session,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm start, simsvc demo, then the console', () => {
  it('shows the sweep at the URL the demo prints: every run, and the scatter plot of deflection against length', async () => {
    const consoleUrl = `http://127.0.0.1:${env['SIMSVC_CONSOLE_PORT']}`;
    expect(startOutput).toContain(`[start] console  ${consoleUrl}`);
    const client = createSimsvcClient({ cacheUrl: `http://127.0.0.1:${env['SIMSVC_CACHE_PORT']}` });
    const { token } = await client.session.login(ADMIN);
    const demo = await runDemo(token);
    expect(demo.stderr).toBe('');
    expect(demo.code).toBe(0);
    const url = demo.stdout.trim().split('\n').at(-1)?.trim() ?? '';
    expect(url).toBe(`${consoleUrl}/results?sim=demo-beam&x=input%3Alength&y=output%3Atip_deflection`);

    const { page, problems } = await openPage(context, consoleUrl);
    await signIn(page, consoleUrl, ADMIN);
    await page.goto(url);
    await expect.poll(() => page.getByLabel('Simulation').inputValue()).toBe('demo-beam');
    await expect.poll(() => page.locator('.results-table tbody tr').count()).toBe(50);
    await expect.poll(async () => Number(/of (\d+) runs/.exec((await page.locator('figcaption').textContent()) ?? '')?.[1])).toBe(RUNS);
    await expect.poll(() => page.getByLabel('X', { exact: true }).inputValue()).toBe('input:length');
    await expect.poll(() => page.getByLabel('Y', { exact: true }).inputValue()).toBe('output:tip_deflection');
    await expect.poll(() => bluePixels(page, 'figure.plot')).toBeGreaterThan(200);
    expect(problems).toEqual([]);
  });
});
