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
