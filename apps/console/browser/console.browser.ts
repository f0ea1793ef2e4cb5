// The console in Debian's chromium against the real services on SQLite with seeded data.

import { createSimsvcClient } from '@simsvc/client';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behindConsoleNginx } from './console-nginx';
import { launchChromium } from './chromium';
import { bluePixels, openPage, signIn, type WatchedPage } from './pages';
import { HEAT, PENDING_SIMULATION, seed, USERS, writePendingManifest } from './seed';
import { freePort, startStack, type Stack } from './stack';

let stack: Stack;
let context: BrowserContext;
let closeBrowser: () => Promise<void>;
const opened: WatchedPage[] = [];

beforeAll(async () => {
  // First, so a missing chromium fails at once.
  ({ context, close: closeBrowser } = await launchChromium());
  stack = await startStack(({ watchDir }) => writePendingManifest(watchDir));
  await seed(stack);
});

afterAll(async () => {
  await closeBrowser?.();
  await stack?.stop();
});

async function adminHeaders(): Promise<Record<string, string>> {
  const client = createSimsvcClient({ cacheUrl: stack.urls.cache });
  const session = await client.session.login(USERS.admin);
  return { 'X-Session-ID': session.token };
}

async function tab(origin = stack.consoleUrl): Promise<WatchedPage> {
  const watched = await openPage(context, origin);
  opened.push(watched);
  return watched;
}

describe('console', () => {
  it('serves its pages with a strict Content-Security-Policy and the APIs under /api', async () => {
    const page = await fetch(`${stack.consoleUrl}/results?sim=${HEAT}`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(await page.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect((await fetch(`${stack.consoleUrl}/api/catalog/health`)).status).toBe(200);
    expect((await fetch(`${stack.consoleUrl}/api/cache/cache/entries`)).status).toBe(401);
  });

  it('shows the service message for a wrong password and stays on sign-in', async () => {
    const { page } = await tab();
    await page.goto(`${stack.consoleUrl}/sign-in`);
    await page.getByLabel('Username').fill(USERS.user.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/invalid|password|credentials/i);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
  });

  it('signs in, keeps the session in sessionStorage, and "Sign out" revokes it', async () => {
    const { page } = await tab();
    await signIn(page, stack.consoleUrl, USERS.admin);
    await expect.poll(() => page.locator('.who').textContent()).toContain(USERS.admin.username);
    const stored = JSON.parse((await page.evaluate(() => sessionStorage.getItem('simsvc.session'))) ?? '{}') as { token?: string };
    expect(stored.token).toBeTruthy();
    expect(await page.evaluate(() => document.cookie)).toBe('');
    await page.getByRole('link', { name: 'Users' }).click();
    await expect.poll(() => page.locator('table').textContent()).toContain(USERS.developer.username);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/sign-in/);
    expect(await page.evaluate(() => sessionStorage.getItem('simsvc.session'))).toBeNull();
    await expect
      .poll(async () => (await fetch(`${stack.urls.catalog}/session`, { headers: { 'X-Session-ID': stored.token ?? '' } })).status, {
        timeout: 10_000,
      })
      .toBe(401);
  });

  it('lets an admin create a user, change its role and delete it', async () => {
    const { page, problems } = await tab();
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page, stack.consoleUrl, USERS.admin);
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByLabel('New username').fill('newcomer');
    await page.getByLabel('New password').fill('newcomer-password-1');
    await page.getByRole('button', { name: 'Create user' }).click();
    const role = page.getByLabel('Role of newcomer');
    await expect.poll(() => role.inputValue()).toBe('user');
    await role.selectOption('developer');
    await expect
      .poll(async () => (await (await fetch(`${stack.urls.cache}/users/newcomer`, { headers: await adminHeaders() })).json()).role)
      .toBe('developer');
    await page.locator('tr', { hasText: 'newcomer' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByLabel('Role of newcomer').count()).toBe(0);
    expect((await fetch(`${stack.urls.cache}/users/newcomer`, { headers: await adminHeaders() })).status).toBe(404);
    expect(problems).toEqual([]);
  });

  it('browses anonymously', async () => {
    // The open tabs would share their session with a new one (one session per browser).
    for (const watched of opened) await watched.page.close();
    const { page, problems } = await tab();
    await page.goto(`${stack.consoleUrl}/simulations`);
    await page.waitForURL(/\/sign-in\?next=/);
    await page.getByRole('button', { name: 'Continue anonymously' }).click();
    await page.waitForURL(/\/simulations/);
    await expect.poll(() => page.locator('.sim-list').textContent()).toContain(HEAT);
    expect(await page.locator('.role').textContent()).toBe('anonymous');
    expect(await page.getByRole('link', { name: 'Users' }).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('keeps the simulations carrying every tag listed (all_tags), not any of them', async () => {
    const { page, problems } = await tab();
    await signIn(page, stack.consoleUrl, USERS.user);
    await page.getByLabel('Tags').fill('pde, cfd');
    await page.waitForURL(/tags=pde/);
    await expect.poll(() => page.locator('.sim-item').allTextContents()).toEqual([expect.stringContaining('lattice-boltzmann')]);
    await page.getByLabel('Tags').fill('heat, pde');
    await expect.poll(() => page.locator('.sim-item').allTextContents()).toEqual([expect.stringContaining(HEAT)]);
    expect(problems).toEqual([]);
  });

  it('searches a simulation and opens it: schema, statistics and the executions chart', async () => {
    const { page, problems } = await tab();
    await signIn(page, stack.consoleUrl, USERS.user);
    await page.getByLabel('Search').fill('beam');
    await page.waitForURL(/q=beam/);
    await expect.poll(() => page.locator('.sim-item').count()).toBe(1);
    await page.getByRole('link', { name: 'beam-bending' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('beam-bending');
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);

    await page.goto(`${stack.consoleUrl}/simulations/${HEAT}`);
    await expect.poll(() => page.locator('select').first().inputValue()).toBe('1.1.0');
    await expect.poll(() => page.locator('.stat-row').first().textContent()).toContain('Total');
    expect(await page.locator('table').first().textContent()).toContain('conductivity');
    await expect.poll(() => bluePixels(page, '.chart')).toBeGreaterThan(100);
    await page.locator('select').first().selectOption('1.0.0');
    await page.waitForURL(/version=1\.0\.0/);
    expect(problems).toEqual([]);
  });

  it('filters results, keeps the view in the URL, draws the scatter plot and opens a run', async () => {
    const { page, problems } = await tab();
    await signIn(page, stack.consoleUrl, USERS.user);
    await page.getByRole('link', { name: 'Results' }).click();
    await page.getByLabel('Simulation').selectOption(HEAT);
    await page.waitForURL(new RegExp(`sim=${HEAT}`));
    await expect.poll(() => page.locator('.results-table tbody tr').count()).toBe(50);
    const allRuns = Number(/of (\d+) runs/.exec((await page.locator('figcaption').textContent()) ?? '')?.[1]);
    expect(allRuns).toBeGreaterThan(100);

    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByLabel('Filter 1 parameter').selectOption('input:length');
    await page.getByLabel('Filter 1 operator').selectOption({ label: '≥' });
    await page.getByLabel('Filter 1 value').fill('5');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/f=input%3Alength%3Agte%3A5/);
    await page.getByLabel('X', { exact: true }).selectOption('input:conductivity');
    await page.getByLabel('Y', { exact: true }).selectOption('output:max_temperature');
    await page.waitForURL(/y=output%3Amax_temperature/);
    await expect
      .poll(async () => Number(/of (\d+) runs/.exec((await page.locator('figcaption').textContent()) ?? '')?.[1]))
      .toBeLessThan(allRuns);
    await expect.poll(() => bluePixels(page, 'figure.plot')).toBeGreaterThan(200);
    // Columns: select, run, version, status, completed, duration, length.
    for (const cell of await page.locator('.results-table tbody tr td:nth-child(7)').allTextContents()) {
      expect(Number(cell)).toBeGreaterThanOrEqual(5);
    }

    // The same URL in a new tab shows the same view.
    const shared = (await tab()).page;
    await signIn(shared, stack.consoleUrl, USERS.user);
    await shared.goto(page.url());
    await expect.poll(() => shared.getByLabel('Filter 1 value').inputValue()).toBe('5');
    await expect.poll(() => shared.getByLabel('X', { exact: true }).inputValue()).toBe('input:conductivity');

    await page.locator('.results-table tbody tr a').first().click();
    await expect.poll(() => page.locator('.facts').textContent()).toContain('.db');
    expect(await page.locator('.grid-2').textContent()).toContain('W/(m·K)');
    expect(problems).toEqual([]);
  });

  it('lets a developer approve a pending manifest', async () => {
    const { page, problems } = await tab();
    await signIn(page, stack.consoleUrl, USERS.developer);
    await page.getByRole('link', { name: 'Sync' }).click();
    const item = page.locator('.sync-item', { hasText: PENDING_SIMULATION });
    await expect.poll(() => item.count(), { timeout: 15_000 }).toBe(1);
    await item.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => item.count()).toBe(0);
    await page.goto(`${stack.consoleUrl}/simulations?q=${PENDING_SIMULATION}`);
    await expect.poll(() => page.locator('.sim-list').textContent()).toContain(PENDING_SIMULATION);
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    await page.getByRole('link', { name: PENDING_SIMULATION }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Edit' }).count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('invalidates cache entries as a developer', async () => {
    const { page, problems } = await tab();
    await signIn(page, stack.consoleUrl, USERS.developer);
    await page.getByRole('link', { name: 'Cache' }).click();
    await expect.poll(() => page.locator('.stat-row').textContent()).toContain('Hit rate');
    await expect.poll(() => page.locator('.chart canvas').count()).toBeGreaterThan(0);
    await page.getByLabel('Key pattern').fill('beam-bending/*');
    await page.getByLabel('Reason').fill('browser test');
    await page.getByRole('button', { name: 'Invalidate' }).click();
    await page.getByRole('button', { name: 'Yes, invalidate' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Invalidated' }).textContent()).toContain('Invalidated 6 entries');
    await expect.poll(() => page.locator('.card', { hasText: 'Invalidation log' }).textContent()).toContain('browser test');
    expect(problems).toEqual([]);
  });

  it('refuses invalidation to a user: no form, and the service answers 403', async () => {
    const { page } = await tab();
    await signIn(page, stack.consoleUrl, USERS.user);
    await page.getByRole('link', { name: 'Cache' }).click();
    await expect.poll(() => page.locator('.stat-row').textContent()).toContain('Entries');
    expect(await page.getByRole('button', { name: 'Invalidate' }).count()).toBe(0);
    const status = await page.evaluate(async () => {
      const session = JSON.parse(sessionStorage.getItem('simsvc.session') ?? '{}') as { token: string };
      const response = await fetch('/api/cache/cache/invalidate', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Session-ID': session.token },
        body: JSON.stringify({ pattern: '*' }),
      });
      return response.status;
    });
    expect(status).toBe(403);
  });

  it('goes back to sign-in when the session is refused (401)', async () => {
    const { page } = await tab();
    await signIn(page, stack.consoleUrl, USERS.user);
    const token = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('simsvc.session') ?? '{}') as { token: string }).token);
    const other = createSimsvcClient({ cacheUrl: stack.urls.cache, session: token });
    await other.session.logout();
    await expect
      .poll(async () => (await fetch(`${stack.urls.cache}/session`, { headers: { 'X-Session-ID': token } })).status, { timeout: 10_000 })
      .toBe(401);
    await page.goto(`${stack.consoleUrl}/cache`);
    await page.waitForURL(/\/sign-in\?next=%2Fcache/);
  });

  it('names the unavailable service (503)', async () => {
    const deadPort = await freePort();
    const broken = await stack.startConsole({ ...stack.urls, cache: `http://127.0.0.1:${deadPort}` });
    try {
      const { page } = await tab(broken.url);
      await page.goto(`${broken.url}/sign-in`);
      await page.getByRole('button', { name: 'Continue anonymously' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('The cache service is unavailable');

      // A session from the working cache service: the catalog answers, the cache page names the cache.
      const client = createSimsvcClient({ cacheUrl: stack.urls.cache });
      const session = await client.session.login(USERS.user);
      await page.evaluate((value) => sessionStorage.setItem('simsvc.session', value), JSON.stringify(session));
      await page.goto(`${broken.url}/cache`);
      await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('The cache service is unavailable');
      await page.goto(`${broken.url}/simulations`);
      await expect.poll(() => page.locator('.sim-list').textContent()).toContain(HEAT);
    } finally {
      await broken.stop();
    }
  });

  it('fits a 390-pixel-wide phone without sideways scrolling', async () => {
    const { page } = await tab();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, stack.consoleUrl, USERS.developer);
    for (const path of ['/simulations', `/simulations/${HEAT}`, `/results?sim=${HEAT}`, '/cache']) {
      await page.goto(`${stack.consoleUrl}${path}`);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
  });

  it("serves the console and the APIs through docker/nginx.conf's console block", async () => {
    await behindConsoleNginx(stack, async (origin) => {
      const page = await fetch(`${origin}/results?sim=${HEAT}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1] ?? '';
      const asset = await fetch(`${origin}${script}`);
      expect(asset.headers.get('content-type')).toMatch(/javascript/);
      expect((await fetch(`${origin}/api/catalog/health`)).status).toBe(200);

      const { page: tabPage, problems } = await tab(origin);
      await signIn(tabPage, origin, USERS.user);
      await expect.poll(() => tabPage.locator('.sim-list').textContent()).toContain(HEAT);
      await tabPage.goto(`${origin}/results?sim=${HEAT}`);
      await expect.poll(() => bluePixels(tabPage, 'figure.plot')).toBeGreaterThan(200);
      expect(problems).toEqual([]);
    });
  });

  it('made no request to another origin and broke no CSP rule on any page', () => {
    expect(opened.flatMap((watched) => watched.problems)).toEqual([]);
  });
});
