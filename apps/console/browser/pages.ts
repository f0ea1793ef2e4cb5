// Shared steps of the browser tests and the screenshots.

import type { BrowserContext, Page } from 'playwright-core';

export interface Credentials {
  username: string;
  password: string;
}

export interface WatchedPage {
  page: Page;
  /** CSP violations and requests to other origins seen so far. */
  problems: string[];
}

/** A new tab (its own sessionStorage) that records CSP violations and requests leaving the console's origin. */
export async function openPage(context: BrowserContext, origin: string): Promise<WatchedPage> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) problems.push(`CSP: ${message.text()}`);
  });
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) problems.push(`request to ${url}`);
  });
  return { page, problems };
}

export async function signIn(page: Page, origin: string, user: Credentials): Promise<void> {
  await page.goto(`${origin}/sign-in`);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/simulations/);
}

/**
 * How many pixels of the canvases inside `selector` carry the plots' blue (the points and bars;
 * axes, grid and labels are grey), so an empty chart counts 0.
 */
export function bluePixels(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((box) => {
      let count = 0;
      for (const canvas of Array.from(box.querySelectorAll('canvas'))) {
        const context = canvas.getContext('2d');
        if (!context || canvas.width === 0 || canvas.height === 0) continue;
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && data[i + 2] - data[i] > 40) count += 1;
      }
      return count;
    });
}
