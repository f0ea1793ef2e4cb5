// Debian's chromium (apt-get install chromium) driven by playwright-core: no browser download.

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM = process.env['SIMSVC_CHROMIUM'] ?? '/usr/bin/chromium';

/**
 * One browser with a fresh profile (playwright takes the profile directory as the persistent
 * context's, not as --user-data-dir). Every page is its own tab, so its own sessionStorage.
 * Fails loudly when chromium is missing: the browser tests never skip.
 */
export async function launchChromium(
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium) or set SIMSVC_CHROMIUM`);
  }
  const profile = mkdtempSync(path.join(tmpdir(), 'simsvc-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
