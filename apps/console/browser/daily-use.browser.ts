// The console for daily use, in Debian's chromium against the real services on SQLite with seeded
// data: downloads, cross-links, live pages, one session across tabs, the review's fixes, the
// weight of the sign-in page, dark mode, and axe on every page at 1440 and 390 px, light and dark.

import { createSimsvcClient, type SimsvcClient } from '@simsvc/client';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from './axe';
import { behindConsoleNginx } from './console-nginx';
import { launchChromium } from './chromium';
import { openPage, signIn, type WatchedPage } from './pages';
import { HEAT, seed, USERS } from './seed';
import { startStack, type Stack } from './stack';

/** The run the cross-link tests follow: the newest the seed registered, with a cache entry added here. */
let RUN: string;
let RUN_CACHE_KEY: string;
/** A second run, to compare with RUN. */
let OTHER_RUN: string;

let stack: Stack;
let context: BrowserContext;
let closeBrowser: () => Promise<void>;
let dev: SimsvcClient;
let heatId: number;
const opened: WatchedPage[] = [];

beforeAll(async () => {
  ({ context, close: closeBrowser } = await launchChromium({ width: 1440, height: 900 }));
  // No watch directory: the Sync page says so.
  stack = await startStack(undefined, { watchDir: false });
  await seed(stack);
  dev = createSimsvcClient({ cacheUrl: stack.urls.cache, catalogUrl: stack.urls.catalog, resultsUrl: stack.urls.results });
  await dev.session.login(USERS.developer);
  heatId = (await dev.catalog.GET('/simulations/{simulation}', { params: { path: { simulation: HEAT } } })).id;
  const newest = await dev.results.POST('/search', {
    body: { simulation_name: HEAT, simulation_version: '1.1.0', status: 'completed', limit: 2 },
  });
  [RUN, OTHER_RUN] = newest.results.map((hit) => hit.execution_id);
  RUN_CACHE_KEY = `${HEAT}/1.1.0/run-${RUN}`;
  await dev.cache.POST('/cache', {
    body: {
      cache_key: RUN_CACHE_KEY,
      simulation_id: heatId,
      simulation_name: HEAT,
      simulation_version: '1.1.0',
      execution_id: RUN,
      squid_id: RUN_CACHE_KEY,
      input_hash: RUN,
      run_db_path: `heat/${RUN}.db`,
      ttl_hours: 72,
    },
  });
});

afterAll(async () => {
  await closeBrowser?.();
  await stack?.stop();
});

async function tab(origin = stack.consoleUrl): Promise<Page> {
  const watched = await openPage(context, origin);
  opened.push(watched);
  return watched.page;
}

/** Closes every tab this file opened, so the next one finds no session to join. */
async function closeTabs(): Promise<void> {
  for (const watched of opened) if (!watched.page.isClosed()) await watched.page.close();
}

/** axe-core's serious and critical violations on the page as it is now. */
async function axeViolations(page: Page): Promise<string[]> {
  const { passes, serious } = await axeFindings(page);
  // axe ran its rules (a page it could not inspect would pass nothing).
  expect(passes).toBeGreaterThan(10);
  return serious;
}

/**
 * The opaque grey pixels of the canvases in `selector` in the brightness of axis labels: dark
 * grey (channel sum 280–450, a light chart's labels) and light grey (450–640, a dark chart's).
 * The grid lines (very light in a light chart, very dark in a dark one) fall outside both.
 */
function greyPixels(page: Page, selector: string): Promise<{ dark: number; light: number }> {
  return page
    .locator(selector)
    .first()
    .evaluate((box) => {
      const counts = { dark: 0, light: 0 };
      for (const canvas of Array.from(box.querySelectorAll('canvas'))) {
        const context = canvas.getContext('2d');
        if (!context || canvas.width === 0) continue;
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        for (let i = 0; i < data.length; i += 4) {
          const [r, g, b, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
          if (a < 200 || Math.max(r, g, b) - Math.min(r, g, b) > 40) continue;
          const sum = r + g + b;
          if (sum >= 280 && sum < 450) counts.dark += 1;
          else if (sum >= 450 && sum < 640) counts.light += 1;
        }
      }
      return counts;
    });
}

/** WCAG contrast ratio of two `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, bl] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((c) => {
      const v = Number(c) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

async function readDownload(page: Page, click: () => Promise<void>): Promise<{ name: string; body: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), body: readFileSync(file) };
}

describe('console for daily use', () => {
  it('loads the sign-in page with at most 200 KB of gzipped JavaScript, compressed on the wire, without the charts', async () => {
    await closeTabs();
    const page = await tab();
    const scripts: { url: string; encoding: string | undefined; gzipped: number; raw: number }[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push({ url: response.url(), encoding: response.headers()['content-encoding'], gzipped: 0, raw: 0 });
    });
    await page.goto(`${stack.consoleUrl}/sign-in`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.waitForLoadState('networkidle');
    for (const script of scripts) {
      const body = Buffer.from(await (await fetch(script.url)).arrayBuffer());
      script.raw = body.length;
      script.gzipped = gzipSync(body).length;
    }
    const wire = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script' || entry.name.endsWith('.js'))
        .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0),
    );
    const gzipped = scripts.reduce((sum, s) => sum + s.gzipped, 0);
    const raw = scripts.reduce((sum, s) => sum + s.raw, 0);
    console.log(
      `sign-in page: ${scripts.length} scripts, ${(raw / 1024).toFixed(1)} KiB, ${(gzipped / 1024).toFixed(1)} KiB gzipped, ${(wire / 1024).toFixed(1)} KiB on the wire (${[...new Set(scripts.map((s) => s.encoding))].join(', ')})`,
    );
    expect(scripts.length).toBeGreaterThan(0);
    expect(gzipped).toBeLessThanOrEqual(200 * 1024);
    // Answers under 1 KiB go as they are (compressing them saves nothing).
    for (const script of scripts.filter((s) => s.raw > 1024)) expect(script.encoding, script.url).toMatch(/^(br|gzip)$/);
    expect(wire).toBeLessThan(raw / 2);
    // ECharts comes with the first page that draws a chart.
    const loaded = await Promise.all(scripts.map(async (s) => (await fetch(s.url)).text()));
    expect(loaded.some((text) => text.includes('echarts'))).toBe(false);

    const json = await fetch(`${stack.consoleUrl}/api/catalog/simulations/search?limit=100`, {
      headers: { 'Accept-Encoding': 'br, gzip', 'X-Session-ID': (await dev.session.login(USERS.developer)).token },
    });
    expect(json.status).toBe(200);
    expect(json.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
  });

  it("compresses scripts, styles and JSON in docker/nginx.conf's console block", async () => {
    await behindConsoleNginx(stack, async (origin) => {
      const html = await (await fetch(`${origin}/sign-in`)).text();
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
      const style = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1] ?? '';
      const token = (await dev.session.login(USERS.developer)).token;
      for (const [url, headers] of [
        [`${origin}${script}`, {}],
        [`${origin}${style}`, {}],
        [`${origin}/api/catalog/simulations/search?limit=100`, { 'X-Session-ID': token }],
      ] as const) {
        // Node's fetch asks for gzip and br and decodes the body; the header says what travelled.
        const response = await fetch(url, { headers });
        expect(response.status, url).toBe(200);
        expect(response.headers.get('content-encoding'), url).toBe('gzip');
        expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1024);
      }
    });
  });

  it('keeps one session across the tabs of the browser, never in localStorage or a cookie, and signs out everywhere', async () => {
    await closeTabs();
    const first = await tab();
    await signIn(first, stack.consoleUrl, USERS.user);
    await first.goto(`${stack.consoleUrl}/cache`);
    await expect.poll(() => first.locator('.stat-row').textContent()).toContain('Entries');

    // A run opened in a new tab does not ask to sign in again.
    const second = await tab();
    await second.goto(`${stack.consoleUrl}/results/${RUN}`);
    await expect.poll(() => second.locator('.facts').textContent()).toContain('.db');
    expect(new URL(second.url()).pathname).toBe(`/results/${RUN}`);
    expect(await second.locator('.who').textContent()).toContain(USERS.user.username);
    for (const page of [first, second]) {
      expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
      expect(await page.evaluate(() => document.cookie)).toBe('');
    }

    await second.getByRole('button', { name: 'Sign out' }).click();
    await second.waitForURL(/\/sign-in/);
    await first.waitForURL(/\/sign-in\?next=%2Fcache/);
    await expect.poll(() => first.getByRole('status').textContent()).toContain('signed out in another tab');
  });

  it('says on the sign-in page why a revoked session ended', async () => {
    await closeTabs();
    const page = await tab();
    await signIn(page, stack.consoleUrl, USERS.user);
    const token = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('simsvc.session') ?? '{}') as { token: string }).token);
    await createSimsvcClient({ cacheUrl: stack.urls.cache, session: token }).session.logout();
    await expect
      .poll(async () => (await fetch(`${stack.urls.cache}/session`, { headers: { 'X-Session-ID': token } })).status, { timeout: 10_000 })
      .toBe(401);
    await page.getByRole('link', { name: 'Cache' }).click();
    await page.waitForURL(/\/sign-in\?next=%2Fcache/);
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/session ended.*revoked or expired/);
  });

  it('downloads the run database of a run', async () => {
    await closeTabs();
    const page = await tab();
    await signIn(page, stack.consoleUrl, USERS.user);
    await page.goto(`${stack.consoleUrl}/results/${RUN}`);
    const { name, body } = await readDownload(page, () => page.getByRole('button', { name: 'Download run database' }).click());
    expect(name).toMatch(/\.db$/);
    expect(body.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');
    const direct = await dev.results.raw.GET('/results/{execution_id}/run-database', {
      params: { path: { execution_id: RUN } },
      parseAs: 'arrayBuffer',
    });
    expect(body.length).toBe((direct.data as ArrayBuffer).byteLength);
  });

  it('downloads the filtered runs as CSV and JSONL, in the order of the search', async () => {
    const page = await tab();
    await signIn(page, stack.consoleUrl, USERS.user);
    // Filtered, and sorted by the table (the service's order_by): the files follow both.
    await page.goto(`${stack.consoleUrl}/results?sim=${HEAT}&f=input%3Alength%3Agte%3A5&sort=output%3Amax_temperature&dir=desc`);
    await expect.poll(() => page.getByRole('region', { name: 'Runs' }).locator('tbody tr').count()).toBeGreaterThan(0);
    const search = await dev.results.POST('/search', {
      body: {
        simulation_name: HEAT,
        input_filters: { length: { $gte: 5 } },
        order_by: [{ class: 'output', name: 'max_temperature', direction: 'desc' }],
        limit: 1000,
      },
    });
    const ids = search.results.map((hit) => hit.execution_id);
    expect(ids.length).toBe(search.total);

    const csv = await readDownload(page, () => page.getByRole('button', { name: 'Download CSV' }).click());
    expect(csv.name).toMatch(/\.csv$/);
    const lines = csv.body.toString('utf8').trim().split(/\r?\n/);
    const header = lines[0].split(',');
    const column = header.indexOf('execution_id');
    expect(column).toBeGreaterThanOrEqual(0);
    expect(lines.slice(1).map((line) => line.split(',')[column])).toEqual(ids);

    const jsonl = await readDownload(page, () => page.getByRole('button', { name: 'Download JSONL' }).click());
    expect(jsonl.name).toMatch(/\.jsonl$/);
    const temperatures = lines.slice(1).map((line) => line.split(',')[header.indexOf('out.max_temperature')]);
    expect(temperatures.filter((t) => t !== '').map(Number)).toEqual(
      temperatures
        .filter((t) => t !== '')
        .map(Number)
        .sort((a, b) => b - a),
    );
    const rows = jsonl.body
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { execution_id: string; input_params: { length: number } });
    expect(rows.map((row) => row.execution_id)).toEqual(ids);
    for (const row of rows) expect(row.input_params.length).toBeGreaterThanOrEqual(5);
  });

  it('links cache entries, runs and catalog executions both ways', async () => {
    const page = await tab();
    await signIn(page, stack.consoleUrl, USERS.user);
    await page.goto(`${stack.consoleUrl}/cache?pattern=${encodeURIComponent(RUN_CACHE_KEY)}`);
    const row = page.locator('tr', { hasText: RUN_CACHE_KEY });
    await row.getByRole('link', { name: RUN }).click();
    await page.waitForURL(new RegExp(`/results/${RUN}$`));

    await page.getByRole('link', { name: 'Cache entries' }).click();
    await page.waitForURL(new RegExp(`/cache\\?execution=${RUN}`));
    const entries = page.getByRole('region', { name: 'Cache entries' }).locator('tbody tr');
    await expect.poll(() => entries.allTextContents()).toEqual([expect.stringContaining(RUN_CACHE_KEY)]);

    await page.goto(`${stack.consoleUrl}/results/${RUN}`);
    await page.getByRole('link', { name: 'Catalog execution' }).click();
    await page.waitForURL(new RegExp(`/executions/${RUN}$`));
    await expect.poll(() => page.locator('.facts').textContent()).toContain('local');
    await expect.poll(() => page.getByRole('link', { name: `${HEAT} v1.1.0` }).count()).toBe(1);
    await page.getByRole('link', { name: 'Its run' }).click();
    await page.waitForURL(new RegExp(`/results/${RUN}$`));

    // The simulation page lists its executions (paged, by status) and its Results button keeps the version.
    await page.goto(`${stack.consoleUrl}/simulations/${HEAT}?version=1.1.0`);
    const executions = page.locator('.executions-table tbody tr');
    await expect.poll(() => executions.count()).toBe(20);
    const listed = await dev.catalog.raw.GET('/simulations/{id}/executions', { params: { path: { id: heatId }, query: { limit: 1 } } });
    const total = Number(listed.response.headers.get('X-Total-Count'));
    expect(total).toBeGreaterThan(20);
    await expect.poll(() => page.getByRole('navigation', { name: 'Execution pages' }).textContent()).toContain(`${total} in all`);
    await page.getByLabel('Status', { exact: true }).selectOption('failed');
    await page.waitForURL(/estatus=failed/);
    await expect
      .poll(async () => new Set(await page.locator('.executions-table tbody td:nth-child(2)').allTextContents()))
      .toEqual(new Set(['failed']));
    await executions.first().getByRole('link').click();
    await page.waitForURL(/\/executions\/heat-/);
    await expect.poll(() => page.locator('.facts').textContent()).toContain('failed');

    await page.goto(`${stack.consoleUrl}/simulations/${HEAT}?version=1.0.0`);
    await expect
      .poll(() => page.getByRole('link', { name: 'Results' }).last().getAttribute('href'))
      .toBe(`/results?sim=${HEAT}&version=1.0.0`);
  });

  it('refreshes the cache page on its own, says when, and pauses', async () => {
    const page = await tab();
    await signIn(page, stack.consoleUrl, USERS.developer);
    await page.goto(`${stack.consoleUrl}/cache?pattern=${encodeURIComponent('live/*')}`);
    await expect.poll(() => page.locator('.live').textContent()).toMatch(/updated \d+ s ago/);
    const store = (key: string) =>
      dev.cache.POST('/cache', {
        body: {
          cache_key: key,
          simulation_id: heatId,
          simulation_name: 'live',
          simulation_version: '1.0.0',
          execution_id: key,
          squid_id: key,
          input_hash: 'x',
          run_db_path: 'x.db',
          ttl_hours: 1,
        },
      });
    await store('live/1');
    await expect.poll(() => page.getByRole('region', { name: 'Cache entries' }).textContent()).toContain('live/1');

    await page.getByRole('button', { name: 'Pause live updates' }).click();
    await expect.poll(() => page.locator('.live').textContent()).toContain('Paused');
    const polls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/cache/cache/entries')) polls.push(request.url());
    });
    await store('live/2');
    // Two polling intervals while paused: nothing is asked.
    await page.waitForTimeout(11_000);
    expect(polls).toEqual([]);
    expect(await page.getByRole('region', { name: 'Cache entries' }).textContent()).not.toContain('live/2');
    await page.getByRole('button', { name: 'Resume live updates' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Cache entries' }).textContent()).toContain('live/2');
  });

  it("shows a simulation's running executions as they start and finish", async () => {
    const page = await tab();
    await signIn(page, stack.consoleUrl, USERS.user);
    await page.goto(`${stack.consoleUrl}/simulations/${HEAT}?version=1.1.0&estatus=running`);
    await expect.poll(() => page.getByText('No running executions.').count()).toBe(1);
    const started = new Date().toISOString().replace('Z', '');
    await dev.catalog.POST('/executions', {
      body: { execution_id: 'live-run-1', simulation_id: heatId, status: 'running', executor_type: 'local', started_at: started },
    });
    await expect.poll(() => page.locator('.executions-table').textContent()).toContain('live-run-1');
    await expect.poll(() => page.locator('.stat-row').textContent()).toContain('1Running');
  });

  it('asks before invalidating: Enter in the pattern field removes nothing until confirmed', async () => {
    const page = await tab();
    await signIn(page, stack.consoleUrl, USERS.developer);
    await page.goto(`${stack.consoleUrl}/cache`);
    const before = (await dev.cache.GET('/cache/entries', { params: { query: { simulation_name: 'beam-bending' } } })).total;
    expect(before).toBe(6);
    await page.getByLabel('Key pattern').fill('beam-bending/*');
    await page.getByLabel('Key pattern').press('Enter');
    const question = page.getByRole('alertdialog');
    await expect.poll(() => question.textContent()).toContain('beam-bending/*');
    expect((await dev.cache.GET('/cache/entries', { params: { query: { simulation_name: 'beam-bending' } } })).total).toBe(6);
    await question.getByRole('button', { name: 'Cancel' }).click();
    expect(await question.count()).toBe(0);
    expect((await dev.cache.GET('/cache/entries', { params: { query: { simulation_name: 'beam-bending' } } })).total).toBe(6);

    await page.getByRole('button', { name: 'Invalidate', exact: true }).click();
    await page.getByRole('button', { name: 'Yes, invalidate' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Invalidated' }).textContent()).toContain('Invalidated 6 entries');
    expect((await dev.cache.GET('/cache/entries', { params: { query: { simulation_name: 'beam-bending' } } })).total).toBe(0);
  });

  it('hides Scan now without update_catalog, and says when the catalog has no watch directory', async () => {
    const page = await tab();
    await signIn(page, stack.consoleUrl, USERS.developer);
    await page.goto(`${stack.consoleUrl}/sync`);
    // Said on opening (GET /sync/status), and again when a scan is refused (409).
    await expect.poll(() => page.getByRole('status').textContent()).toContain('The catalog has no watch directory');
    await page.getByRole('button', { name: 'Scan now' }).click();
    await expect.poll(() => page.getByRole('status').count()).toBe(1);
    expect(await page.getByRole('status').textContent()).toContain('The catalog has no watch directory');
    expect(await page.getByRole('alert').count()).toBe(0);

    const user = await tab();
    await signIn(user, stack.consoleUrl, USERS.user);
    await user.goto(`${stack.consoleUrl}/sync`);
    await expect.poll(() => user.getByRole('heading', { name: 'Sync' }).count()).toBe(1);
    expect(await user.getByRole('button', { name: 'Scan now' }).count()).toBe(0);
  });

  it('has a skip link, focus rings of at least 3:1, and a title per page', async () => {
    const page = await tab();
    await signIn(page, stack.consoleUrl, USERS.user);
    await page.goto(`${stack.consoleUrl}/results?sim=${HEAT}`);
    await expect.poll(() => page.title()).toBe(`Results · ${HEAT} · simsvc`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement;
      const style = getComputedStyle(focused);
      return {
        tag: focused.tagName,
        width: style.outlineWidth,
        color: style.outlineColor,
        page: getComputedStyle(document.body).backgroundColor,
        root: getComputedStyle(document.documentElement).backgroundColor,
        card: getComputedStyle(focused.closest('.card') ?? document.body).backgroundColor,
      };
    });
    expect(ring.tag).toBe('SELECT');
    expect(parseFloat(ring.width)).toBeGreaterThanOrEqual(2);
    const background = ring.page === 'rgba(0, 0, 0, 0)' ? ring.root : ring.page;
    expect(contrast(ring.color, background)).toBeGreaterThanOrEqual(3);
    expect(contrast(ring.color, 'rgb(255, 255, 255)')).toBeGreaterThanOrEqual(3);

    for (const [url, title] of [
      ['/simulations', 'Simulations · simsvc'],
      [`/simulations/${HEAT}`, `${HEAT} · simsvc`],
      [`/results/${RUN}`, `Run · ${RUN} · ${HEAT} · simsvc`],
      ['/cache', 'Cache · simsvc'],
      [`/executions/${RUN}`, `Execution · ${RUN} · simsvc`],
    ]) {
      await page.goto(`${stack.consoleUrl}${url}`);
      await expect.poll(() => page.title(), { message: url }).toBe(title);
    }
  });

  it('follows a dark colour scheme, the charts included', async () => {
    const page = await tab();
    await signIn(page, stack.consoleUrl, USERS.user);
    await page.goto(`${stack.consoleUrl}/cache`);
    await expect.poll(() => page.locator('.chart canvas').count()).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    const lightScheme = { background: await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor) };
    const light = await greyPixels(page, '.chart');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor))
      .not.toBe(lightScheme.background);
    const dark = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(contrast(dark, 'rgb(0, 0, 0)')).toBeLessThan(2);
    // The chart is drawn again in the dark theme: its labels turn light grey.
    await expect.poll(async () => (await greyPixels(page, '.chart')).light).toBeGreaterThan(3 * light.light + 100);

    // The results page's interactive scatter plot follows too, both ways.
    await page.goto(`${stack.consoleUrl}/results?sim=${HEAT}`);
    await expect.poll(() => page.locator('figure.plot canvas').count()).toBeGreaterThan(0);
    await expect.poll(async () => (await greyPixels(page, 'figure.plot')).light).toBeGreaterThan(500);
    const darkPlot = await greyPixels(page, 'figure.plot');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(async () => 3 * (await greyPixels(page, 'figure.plot')).light).toBeLessThan(darkPlot.light);
  });

  const AXE_PAGES = () => [
    '/simulations',
    `/simulations/${HEAT}`,
    `/simulations/${HEAT}/edit`,
    '/sync',
    `/results?sim=${HEAT}`,
    `/results/${RUN}`,
    `/compare?sim=${HEAT}&run=${RUN}&run=${OTHER_RUN}`,
    `/executions/${RUN}`,
    `/cache?execution=${RUN}`,
    '/cache',
    '/users',
  ];
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1440, 390]) {
      it(`passes axe (no serious or critical violation) on every page at ${width} px, ${scheme}`, { timeout: 240_000 }, async () => {
        await closeTabs();
        const page = await tab();
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width, height: 900 });
        const found: string[] = [];
        await page.goto(`${stack.consoleUrl}/sign-in`);
        await page.getByRole('button', { name: 'Sign in' }).waitFor();
        found.push(...(await axeViolations(page)).map((v) => `/sign-in ${v}`));
        await signIn(page, stack.consoleUrl, USERS.admin);
        for (const url of AXE_PAGES()) {
          await page.goto(`${stack.consoleUrl}${url}`);
          await page.waitForLoadState('networkidle');
          await expect.poll(() => page.locator('.state-loading').count(), { message: url }).toBe(0);
          found.push(...(await axeViolations(page)).map((v) => `${url} ${v}`));
        }
        expect(found).toEqual([]);
      });
    }
  }

  it('made no request to another origin and broke no CSP rule on any page', () => {
    expect(opened.flatMap((watched) => watched.problems)).toEqual([]);
  });
});
