import { defineConfig } from 'vitest/config';

// The browser tests and the screenshots: real services, real chromium, one file at a time.
export default defineConfig({
  root: import.meta.dirname,
  resolve: { tsconfigPaths: true },
  test: {
    name: 'console-browser',
    environment: 'node',
    include: [
      process.env['SIMSVC_SCREENSHOTS']
        ? 'browser/screenshots.browser.ts'
        : process.env['SIMSVC_CONSOLE_BENCH']
          ? 'browser/scatter.bench.ts'
          : ['browser/console.browser.ts', 'browser/daily-use.browser.ts', 'browser/demo.browser.ts', 'browser/results-views.browser.ts'],
    ].flat(),
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Pages load data over real HTTP: give them more than the default second.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
