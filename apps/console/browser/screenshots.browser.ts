// `npm run screenshots`: a screenshot of each page, at 1280×800 and two at phone width (390 px),
// written to docs/screenshots/ for the README. Same services and seeded data as the browser tests.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from './chromium';
import { bluePixels, signIn } from './pages';
import { HEAT, seed, USERS, writePendingManifest } from './seed';
import { REPO_ROOT, startStack, type Stack } from './stack';

const OUT = path.join(REPO_ROOT, 'docs/screenshots');
let stack: Stack;
let context: BrowserContext;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  // First, so a missing chromium fails at once.
  ({ context, close: closeBrowser } = await launchChromium());
  mkdirSync(OUT, { recursive: true });
  stack = await startStack(({ watchDir }) => writePendingManifest(watchDir));
  await seed(stack);
});

afterAll(async () => {
  await closeBrowser?.();
  await stack?.stop();
});

async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('.state-loading').count()).toBe(0);
  // Charts draw on the next frames after their data arrives.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage });
}

it('writes a screenshot of each page', async () => {
  const page = await context.newPage();
  await page.goto(`${stack.consoleUrl}/sign-in`);
  await shoot(page, 'sign-in', false);

  await signIn(page, stack.consoleUrl, USERS.developer);
  await shoot(page, 'simulations');

  await page.goto(`${stack.consoleUrl}/simulations/${HEAT}`);
  await expect.poll(() => bluePixels(page, '.chart')).toBeGreaterThan(100);
  await shoot(page, 'simulation');

  await page.goto(`${stack.consoleUrl}/sync`);
  await expect.poll(() => page.locator('.sync-item').count()).toBeGreaterThan(0);
  await shoot(page, 'sync');

  await page.goto(`${stack.consoleUrl}/results?sim=${HEAT}&f=input%3Alength%3Agte%3A2&x=input%3Aconductivity&y=output%3Amax_temperature`);
  await expect.poll(() => bluePixels(page, 'figure.plot')).toBeGreaterThan(200);
  await shoot(page, 'results');

  await page.locator('.results-table tbody tr a').first().click();
  await expect.poll(() => page.locator('.facts').count()).toBe(1);
  await shoot(page, 'run');

  // The results views (issue 26): colour-by, parallel coordinates, the runs table, compare.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${stack.consoleUrl}/results?sim=${HEAT}&x=input%3Aconductivity&y=output%3Amax_temperature&c=input%3Asolver`);
  await expect.poll(() => bluePixels(page, 'figure.plot')).toBeGreaterThan(50);
  await page.locator('figure.plot').scrollIntoViewIfNeeded();
  await shoot(page, 'results-colour-by', false);
  await page.goto(`${stack.consoleUrl}/results?sim=${HEAT}&x=input%3Alength&y=output%3Amax_temperature&c=output%3Aenergy`);
  await expect.poll(() => page.locator('figure.plot canvas').count()).toBeGreaterThan(0);
  await page.locator('figure.plot').scrollIntoViewIfNeeded();
  await shoot(page, 'results-colour-scale', false);
  await page.goto(
    `${stack.consoleUrl}/results?sim=${HEAT}&plot=parallel&ax=input%3Alength&ax=input%3Aconductivity&ax=input%3Asolver&ax=input%3Aadaptive&ax=output%3Amax_temperature&ax=output%3Aenergy`,
  );
  await expect.poll(() => bluePixels(page, 'figure.plot')).toBeGreaterThan(500);
  await page.locator('figure.plot').scrollIntoViewIfNeeded();
  await shoot(page, 'results-parallel', false);
  await page.goto(`${stack.consoleUrl}/results?sim=${HEAT}&sort=output%3Amax_temperature&dir=desc`);
  await expect.poll(() => page.locator('.runs-table tbody tr').count()).toBe(50);
  const boxes = page.locator('.runs-table tbody input[type="checkbox"]');
  await boxes.nth(0).click();
  await boxes.nth(3).click({ modifiers: ['Shift'] });
  await page.getByRole('heading', { name: 'Runs' }).evaluate((heading) => heading.scrollIntoView());
  await shoot(page, 'results-table', false);
  await page.getByRole('link', { name: 'Compare 4 runs' }).click();
  await expect.poll(() => page.locator('.compare-table tbody tr').count()).toBeGreaterThan(5);
  await shoot(page, 'compare');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto(`${stack.consoleUrl}/cache`);
  await expect.poll(() => page.locator('.chart canvas').count()).toBeGreaterThan(0);
  await shoot(page, 'cache');

  const admin = await context.newPage();
  await signIn(admin, stack.consoleUrl, USERS.admin);
  await admin.goto(`${stack.consoleUrl}/users`);
  await shoot(admin, 'users');

  const phone = await context.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await signIn(phone, stack.consoleUrl, USERS.user);
  await shoot(phone, 'phone-simulations', false);
  await phone.goto(`${stack.consoleUrl}/results?sim=${HEAT}&x=input%3Alength&y=output%3Amax_temperature`);
  await expect.poll(() => bluePixels(phone, 'figure.plot')).toBeGreaterThan(200);
  await shoot(phone, 'phone-results', false);
});
