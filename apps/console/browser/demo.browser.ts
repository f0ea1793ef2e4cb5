// Issue 25's first run: the services as they start, then `simsvc demo` (the built CLI as a child
// process), then the URL it prints, opened in chromium, shows the sweep: its runs in the table and
// the scatter plot of deflection against length.

import { createSimsvcClient } from '@simsvc/client';
import type { BrowserContext } from 'playwright-core';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './chromium';
import { bluePixels, openPage, signIn } from './pages';
import { ADMIN, REPO_ROOT, startStack, type Stack } from './stack';

const RUNS = 600;
const CLI = path.join(REPO_ROOT, 'dist/apps/cli/main.js');

let stack: Stack;
let context: BrowserContext;
let closeBrowser: () => Promise<void>;
let configHome: string;

beforeAll(async () => {
  ({ context, close: closeBrowser } = await launchChromium());
  if (!existsSync(CLI)) throw new Error('not built: dist/apps/cli/main.js (run npm run build first)');
  stack = await startStack();
  configHome = mkdtempSync(path.join(tmpdir(), 'simsvc-demo-config-'));
});

afterAll(async () => {
  await closeBrowser?.();
  await stack?.stop();
  if (configHome) rmSync(configHome, { recursive: true, force: true });
});

function runDemo(session: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const args = [
      CLI,
      'demo',
      '--runs',
      String(RUNS),
      '--runs-dir',
      path.join(stack.runsRoot, 'demo-beam'),
      '--console-url',
      stack.consoleUrl,
    ];
    const child = spawn(process.execPath, args, {
      env: {
        PATH: process.env['PATH'],
        HOME: process.env['HOME'],
        XDG_CONFIG_HOME: configHome,
        SIMSVC_CACHE_URL: stack.urls.cache,
        SIMSVC_CATALOG_URL: stack.urls.catalog,
        SIMSVC_RESULTS_URL: stack.urls.results,
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

describe('simsvc demo, then the console', () => {
  it('shows the sweep at the URL the demo prints: every run, and the scatter plot of deflection against length', async () => {
    const client = createSimsvcClient({ cacheUrl: stack.urls.cache });
    const { token } = await client.session.login(ADMIN);
    const demo = await runDemo(token);
    expect(demo.stderr).toBe('');
    expect(demo.code).toBe(0);
    const url = demo.stdout.trim().split('\n').at(-1)?.trim() ?? '';
    expect(url).toBe(`${stack.consoleUrl}/results?sim=demo-beam&x=input%3Alength&y=output%3Atip_deflection`);

    const { page, problems } = await openPage(context, stack.consoleUrl);
    await signIn(page, stack.consoleUrl, ADMIN);
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
