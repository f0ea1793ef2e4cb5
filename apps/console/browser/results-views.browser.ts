// The results views in chromium on the seeded services (issue 26): the runs table (sorted by the
// service, cursor pages, column chooser), filters (version, status, `in`, a text parameter's
// values), the plots (colour-by, log axes, zoom, box → filters, tooltips, click to open, parallel
// coordinates with axis brushing), statistics from one /aggregate, and the compare view; axe at
// 1440 and 390 px on each of them.

import { createSimsvcClient } from '@simsvc/client';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { launchChromium } from './chromium';
import { bluePixels, openPage, signIn, type WatchedPage } from './pages';
import { HEAT, seed, SOLVERS, USERS, writePendingManifest } from './seed';
import { startStack, type Stack } from './stack';

/**
 * Sets a checkbox whose state lives in the URL. Playwright's check() fails when the box is not
 * checked the moment the click ends; here the URL update renders it a moment later (a router
 * transition), so the state is awaited instead.
 */
async function setChecked(box: Locator, checked: boolean): Promise<void> {
  if ((await box.isChecked()) !== checked) await box.click();
  await expect.poll(() => box.isChecked()).toBe(checked);
}

let stack: Stack;
let context: BrowserContext;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  ({ context, close: closeBrowser } = await launchChromium({ width: 1440, height: 900 }));
  stack = await startStack(({ watchDir }) => writePendingManifest(watchDir));
  await seed(stack);
});

afterAll(async () => {
  await closeBrowser?.();
  await stack?.stop();
});

async function signedIn(width = 1440): Promise<WatchedPage> {
  const watched = await openPage(context, stack.consoleUrl);
  await watched.page.setViewportSize({ width, height: 900 });
  await signIn(watched.page, stack.consoleUrl, USERS.user);
  return watched;
}

async function api() {
  const client = createSimsvcClient({ cacheUrl: stack.urls.cache, catalogUrl: stack.urls.catalog, resultsUrl: stack.urls.results });
  await client.session.login(USERS.user);
  return client;
}

const results = (query: string) => `${stack.consoleUrl}/results?sim=${HEAT}${query}`;
const rows = (page: Page) => page.locator('.runs-table tbody tr');
/** The texts of a column of the runs table, by its header's text. */
async function column(page: Page, header: string): Promise<string[]> {
  const headers = await page.locator('.runs-table thead th').allTextContents();
  const index = headers.findIndex((text) => text.startsWith(header));
  if (index < 0) throw new Error(`no column ${header} in ${headers.join(', ')}`);
  return page.locator(`.runs-table tbody tr td:nth-child(${index + 1})`).allTextContents();
}
const caption = (page: Page) => page.locator('figure.plot figcaption').textContent();
const runsCounted = async (page: Page) => Number(/of (\d+) runs/.exec((await caption(page)) ?? '')?.[1]);

/** Pixels of the plot's canvas of one colour family, and where the first of them is (page coordinates). */
function pixels(page: Page, kind: 'blue' | 'orange' | 'any'): Promise<{ count: number; first?: { x: number; y: number } }> {
  return page
    .locator('figure.plot .chart')
    .first()
    .evaluate((box, which) => {
      const canvas = box.querySelector('canvas');
      const context = canvas?.getContext('2d');
      if (!canvas || !context || canvas.width === 0) return { count: 0 };
      const rect = canvas.getBoundingClientRect();
      const scale = canvas.width / rect.width;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let count = 0;
      let first: { x: number; y: number } | undefined;
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
        if (a < 200) continue;
        const match =
          which === 'blue'
            ? b - r > 40 && b > 90
            : which === 'orange'
              ? r > 180 && r - b > 90 && r - g > 60
              : r < 250 || g < 250 || b < 250;
        if (!match) continue;
        count += 1;
        if (!first) {
          const index = i / 4;
          first = { x: rect.left + (index % canvas.width) / scale + 1, y: rect.top + Math.floor(index / canvas.width) / scale + 1 };
        }
      }
      return { count, first };
    }, kind);
}

describe('the runs table', () => {
  it('shows completion and duration, one-line ids, rounded numbers with the exact value, and fits 1440 px', async () => {
    const { page, problems } = await signedIn();
    await page.goto(results(''));
    await expect.poll(() => rows(page).count()).toBe(50);
    const headers = await page.locator('.runs-table thead th').allTextContents();
    expect(headers).toContain('Completed (UTC)');
    expect(headers).toContain('Duration');
    expect(headers.join(' ')).not.toContain('Created');
    expect((await column(page, 'Completed'))[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await column(page, 'Duration'))[0]).toMatch(/^\d+(\.\d+)? s$/);

    const link = page.locator('.runs-table tbody tr .run-id a').first();
    expect(await link.getAttribute('title')).toMatch(/^heat-\d{4}$/);
    const lineHeight = await link.evaluate((a) => parseFloat(getComputedStyle(a).lineHeight) || 20);
    expect((await link.boundingBox())?.height ?? 99).toBeLessThanOrEqual(lineHeight * 1.5);

    // energy has one decimal and four or five digits: shown to four significant digits, exact on hover.
    const rounded = page.locator('.runs-table tbody td[title]').first();
    await expect.poll(() => rounded.count()).toBe(1);
    const [shown, exact] = [await rounded.textContent(), await rounded.getAttribute('title')];
    expect(Number(shown)).toBeCloseTo(Number(exact), -2);
    expect(shown).not.toBe(exact);

    const widths = await page.evaluate(() => {
      const wrap = document.querySelector('.runs-table')?.parentElement as HTMLElement;
      return { wrap: wrap.scrollWidth - wrap.clientWidth, page: document.documentElement.scrollWidth };
    });
    expect(widths.wrap).toBeLessThanOrEqual(0);
    expect(widths.page).toBeLessThanOrEqual(1440);
    expect(problems).toEqual([]);
  });

  it('sorts on any column by the service, across all matching runs, and pages by cursor', async () => {
    const { page } = await signedIn();
    const client = await api();
    const figures = await client.results.POST('/aggregate', {
      body: { simulation_name: HEAT, params: [{ class: 'output', name: 'max_temperature' }] },
    });
    const highest = figures.params[0].max as number;

    await page.goto(results(''));
    await expect.poll(() => rows(page).count()).toBe(50);
    const sortButton = page.locator('.runs-table thead th', { hasText: 'max_temperature' }).getByRole('button');
    await sortButton.click();
    await page.waitForURL(/sort=output%3Amax_temperature(?!&dir)/);
    await sortButton.click();
    await page.waitForURL(/sort=output%3Amax_temperature&dir=desc/);
    await expect.poll(async () => page.locator('.runs-table tbody tr td[title]').first().getAttribute('title')).not.toBeNull();
    await expect
      .poll(async () => {
        const cells = await column(page, 'max_temperature');
        return Number(cells[0]);
      })
      .toBeCloseTo(highest, 0);
    expect(await page.locator('.runs-table th[aria-sort="descending"]').textContent()).toContain('max_temperature');

    const firstPage = await column(page, 'Run');
    await page.getByRole('button', { name: 'Next →' }).click();
    await page.waitForURL(/at=/);
    await expect.poll(() => page.locator('.pager span').textContent()).toMatch(/^Runs 51–100 of \d+$/);
    const secondPage = await column(page, 'Run');
    expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);
    const lastOfFirst = Number((await column(page, 'max_temperature'))[0]);
    expect(lastOfFirst).toBeLessThanOrEqual(highest);
    await page.getByRole('button', { name: '← Previous' }).click();
    await expect.poll(() => column(page, 'Run')).toEqual(firstPage);
    expect(page.url()).not.toContain('at=');

    // A run field sorts too: durations ascending.
    await page.locator('.runs-table thead th', { hasText: 'Duration' }).getByRole('button').click();
    await page.waitForURL(/sort=duration_seconds/);
    await expect
      .poll(async () => {
        const values = (await column(page, 'Duration')).map((text) => parseFloat(text));
        return values.every((value, i) => i === 0 || value >= values[i - 1]);
      })
      .toBe(true);
  });

  it('keeps the chosen columns in the URL', async () => {
    const { page } = await signedIn();
    await page.goto(results(''));
    await expect.poll(() => rows(page).count()).toBe(50);
    await page.locator('.column-chooser summary').click();
    await setChecked(page.locator('.column-chooser').getByLabel('Completed (UTC)'), false);
    await page.waitForURL(/col=/);
    await setChecked(page.locator('.column-chooser').getByLabel('energy (output)'), true);
    await expect.poll(() => new URL(page.url()).searchParams.getAll('col')).toContain('output:energy');
    await page.reload();
    await expect.poll(() => rows(page).count()).toBe(50);
    const headers = await page.locator('.runs-table thead th').allTextContents();
    expect(headers.some((h) => h.startsWith('Completed'))).toBe(false);
    expect(headers.some((h) => h.startsWith('energy'))).toBe(true);
  });
});

describe('filters', () => {
  it('filters by version and status', async () => {
    const { page } = await signedIn();
    await page.goto(results(''));
    await expect.poll(() => rows(page).count()).toBe(50);
    const form = page.getByRole('form', { name: 'Filters' });
    await form.getByLabel('Version').selectOption('1.0.0');
    await form.getByLabel('Status').selectOption('failed');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/version=1\.0\.0/);
    expect(page.url()).toContain('status=failed');
    await expect.poll(async () => new Set(await column(page, 'Version'))).toEqual(new Set(['1.0.0']));
    expect(new Set(await column(page, 'Status'))).toEqual(new Set(['failed']));
    const client = await api();
    const expected = await client.results.POST('/search', {
      body: { simulation_name: HEAT, simulation_version: '1.0.0', status: 'failed', limit: 1 },
    });
    await expect.poll(() => page.locator('.pager span').textContent()).toContain(`of ${expected.total}`);
  });

  it('offers a text parameter’s values, and filters with `in`', async () => {
    const { page } = await signedIn();
    await page.goto(results(''));
    await expect.poll(() => rows(page).count()).toBe(50);
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByLabel('Filter 1 parameter').selectOption('input:solver');
    const value = page.getByLabel('Filter 1 value');
    await expect.poll(() => value.evaluate((el) => el.tagName)).toBe('SELECT');
    await expect.poll(() => value.locator('option').allTextContents()).toEqual(['— value —', ...SOLVERS]);

    await page.getByLabel('Filter 1 operator').selectOption('in');
    await expect.poll(() => value.evaluate((el) => (el as HTMLSelectElement).multiple)).toBe(true);
    await value.selectOption(['cg', 'jacobi']);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/f=input%3Asolver%3Ain%3Acg%2Cjacobi/);
    await expect.poll(async () => new Set(await column(page, 'solver'))).toEqual(new Set(['cg', 'jacobi']));
  });
});

describe('plots', () => {
  it('colours by a text parameter with a legend and by a number with a scale, and plots text axes as categories', async () => {
    const { page, problems } = await signedIn();
    await page.goto(results('&x=input%3Aconductivity&y=output%3Amax_temperature&c=input%3Asolver'));
    // Categories: cg blue, gmres orange (then green for jacobi), with a legend.
    await expect.poll(async () => (await pixels(page, 'orange')).count).toBeGreaterThan(40);
    await expect.poll(async () => (await pixels(page, 'blue')).count).toBeGreaterThan(40);

    await page.getByLabel('Colour', { exact: true }).selectOption('output:energy');
    await page.waitForURL(/c=output%3Aenergy/);
    await expect.poll(async () => (await pixels(page, 'orange')).count).toBeGreaterThan(20);

    await page.getByLabel('X', { exact: true }).selectOption('input:solver');
    await expect.poll(() => caption(page)).toContain('plotted as categories');
    expect(await caption(page)).not.toMatch(/^0 points/);
    await expect.poll(() => bluePixels(page, 'figure.plot')).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  it('takes log axes, zooms, shows a tooltip, opens a run on click, and turns a box into filters', async () => {
    const { page } = await signedIn();
    await page.goto(results('&x=input%3Aconductivity&y=output%3Amax_temperature'));
    await expect.poll(() => bluePixels(page, 'figure.plot')).toBeGreaterThan(200);
    const chart = page.locator('figure.plot .chart');
    const box = (await chart.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
    const card = (await page.locator('figure.plot').boundingBox()) ?? { width: 1 };
    expect(box.width / card.width).toBeGreaterThan(0.95);
    expect(box.width).toBeGreaterThan(1000);

    await setChecked(page.getByLabel('log Y'), true);
    await page.waitForURL(/log=y/);
    await expect.poll(() => bluePixels(page, 'figure.plot')).toBeGreaterThan(200);

    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -400);
    await expect.poll(() => page.getByRole('button', { name: 'Reset zoom' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Reset zoom' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Reset zoom' }).isEnabled()).toBe(false);

    // A tooltip is drawn on the canvas over a point; a click opens that point's run.
    const point = (await pixels(page, 'blue')).first;
    expect(point).toBeDefined();
    const before = (await pixels(page, 'any')).count;
    await page.mouse.move(point?.x ?? 0, point?.y ?? 0);
    await expect.poll(async () => (await pixels(page, 'any')).count).toBeGreaterThan(before + 200);

    const all = await runsCounted(page);
    await page.getByRole('button', { name: 'Box select → filters' }).click();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.8, { steps: 5 });
    await page.mouse.up();
    await page.waitForURL(/f=input%3Aconductivity%3Agte/);
    const filters = new URL(page.url()).searchParams.getAll('f');
    expect(filters.map((f) => f.split(':').slice(0, 3).join(':')).sort()).toEqual([
      'input:conductivity:gte',
      'input:conductivity:lte',
      'output:max_temperature:gte',
      'output:max_temperature:lte',
    ]);
    await expect.poll(() => runsCounted(page)).toBeLessThan(all);
    await expect.poll(() => page.getByLabel('Filter 1 value').inputValue()).not.toBe('');

    await expect.poll(async () => (await pixels(page, 'blue')).count).toBeGreaterThan(20);
    const target = (await pixels(page, 'blue')).first;
    await page.mouse.click(target?.x ?? 0, target?.y ?? 0);
    await page.waitForURL(/\/results\/heat-\d{4}$/);
  });

  it('draws parallel coordinates and brushes an axis into filters', async () => {
    const { page, problems } = await signedIn();
    await page.goto(results('&plot=parallel&ax=input%3Alength&ax=input%3Aconductivity&ax=input%3Asolver&ax=output%3Amax_temperature'));
    await expect.poll(() => bluePixels(page, 'figure.plot')).toBeGreaterThan(500);
    await expect.poll(() => caption(page)).toMatch(/^\d+ lines from/);
    const box = (await page.locator('figure.plot .chart').boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
    // The first axis (length) runs down the left margin of the parallel layout (PARALLEL_MARGIN).
    const axisX = box.x + 70;
    const top = box.y + 56;
    const bottom = box.y + box.height - 36;
    await page.mouse.move(axisX, top + (bottom - top) * 0.1);
    await page.mouse.down();
    await page.mouse.move(axisX, top + (bottom - top) * 0.3, { steps: 4 });
    await page.mouse.move(axisX, top + (bottom - top) * 0.5, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => caption(page)).toMatch(/(\d+) of (\d+) runs in the brushed ranges/);
    const [, inside, of] = /(\d+) of (\d+) runs in the brushed ranges/.exec((await caption(page)) ?? '') ?? [];
    expect(Number(inside)).toBeGreaterThan(0);
    expect(Number(inside)).toBeLessThan(Number(of));
    await page.getByRole('button', { name: 'Filter to the brushed ranges' }).click();
    await page.waitForURL(/f=input%3Alength%3Agte/);
    expect(page.url()).toContain('f=input%3Alength%3Alte');
    // The runs inside the brushed range are now the runs drawn (runs lacking an axis' value aside).
    await expect.poll(() => caption(page)).toMatch(new RegExp(`^${inside} lines from`));
    expect(problems).toEqual([]);
  });
});

describe('statistics', () => {
  it('come from one /aggregate over the filtered runs, "over N of M runs", bins spanning the filtered range', async () => {
    const { page } = await signedIn();
    const aggregates: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/results/aggregate')) aggregates.push(request.postData() ?? '');
    });
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/api/results/aggregate') && r.request().postData()?.includes('histogram') === true,
    );
    await page.goto(results('&f=input%3Alength%3Agte%3A5&x=input%3Alength'));
    const body = (await (await answer).json()) as { total: number; params: { count: number }[]; histogram: { edges: number[] } };
    expect(body.histogram.edges[0]).toBeGreaterThanOrEqual(5);
    await expect.poll(() => page.locator('.over').textContent()).toBe(`over ${body.params[0].count} of ${body.total} runs`);
    await expect.poll(() => page.locator('.pager span').textContent()).toContain(`of ${body.total}`);
    await expect.poll(() => page.locator('.histogram canvas').count()).toBe(1);
    expect(aggregates).toHaveLength(1);

    // An output that failed runs lack: fewer values than runs, and the box says so.
    await page.getByLabel('X', { exact: true }).selectOption('output:energy');
    await expect
      .poll(() => page.locator('.over').textContent())
      .toMatch(/^over (\d+) of (\d+) runs \(the others have no number for energy\)$/);
  });
});

describe('compare', () => {
  it('selects runs with shift-click, keeps them in the URL, and compares them side by side', async () => {
    const { page, problems } = await signedIn();
    await page.goto(results(''));
    await expect.poll(() => rows(page).count()).toBe(50);
    const boxes = page.locator('.runs-table tbody input[type="checkbox"]');
    await boxes.nth(0).click();
    await boxes.nth(3).click({ modifiers: ['Shift'] });
    await expect.poll(() => new URL(page.url()).searchParams.getAll('sel').length).toBe(4);
    const ids = new URL(page.url()).searchParams.getAll('sel');
    expect(ids).toEqual((await column(page, 'Run')).slice(0, 4));

    await page.getByRole('link', { name: 'Compare 4 runs' }).click();
    await page.waitForURL(/\/compare\?/);
    await expect.poll(() => page.locator('.compare-table thead th.run-id').count()).toBe(4);
    const all = await page.locator('.compare-table tbody tr').count();
    const differing = await page.locator('.compare-table tbody tr.differs').count();
    expect(differing).toBeGreaterThan(0);
    expect(differing).toBeLessThan(all);
    expect(await page.locator('.compare-table tbody tr.differs th').first().textContent()).toContain('≠');
    await setChecked(page.getByLabel('Show only differences'), true);
    await page.waitForURL(/diff=1/);
    await expect.poll(() => page.locator('.compare-table tbody tr').count()).toBe(differing);
    await expect.poll(async () => (await pixels(page, 'any')).count).toBeGreaterThan(1000);

    // The same URL shows the same comparison; removing a run narrows it.
    await page.reload();
    await expect.poll(() => page.locator('.compare-table tbody tr').count()).toBe(differing);
    await page.getByRole('button', { name: `Remove ${ids[0]} from the comparison` }).click();
    await expect.poll(() => new URL(page.url()).searchParams.getAll('run')).toEqual(ids.slice(1));
    await page.locator('.crumbs a', { hasText: 'Results' }).click();
    await expect.poll(() => page.locator('.runs-table tbody input:checked').count()).toBe(3);
    expect(problems).toEqual([]);
  });
});

describe('accessibility', () => {
  const views = [
    ['results (scatter)', '&x=input%3Aconductivity&y=output%3Amax_temperature&c=input%3Asolver&sel=heat-0002'],
    ['results (parallel)', '&plot=parallel&f=input%3Asolver%3Ain%3Acg%2Cgmres'],
  ] as const;
  for (const width of [1440, 390]) {
    it(`has no serious or critical axe violations at ${width} px`, async () => {
      const { page } = await signedIn(width);
      for (const [name, query] of views) {
        await page.goto(results(query));
        await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
        await expect.poll(() => page.locator('.state-loading').count()).toBe(0);
        expect(await seriousViolations(page), name).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(width);
      }
      await page.goto(`${stack.consoleUrl}/compare?sim=${HEAT}&run=heat-0002&run=heat-0003&run=heat-0004`);
      await expect.poll(() => page.locator('.compare-table tbody tr').count()).toBeGreaterThan(3);
      expect(await seriousViolations(page), 'compare').toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'compare').toBeLessThanOrEqual(width);
    });
  }
});
