// `npm run bench:console`: the results page with 10,000 runs of one simulation. Prints how long
// the scatter plot takes to hold all 10,000 points, how long a change of Y takes to redraw, and
// the longest main-thread task meanwhile (the page stays responsive when no task is long).
// Figures, not assertions: speed is read from benchmarks, never from timed tests.

import { createSimsvcClient } from '@simsvc/client';
import { afterAll, beforeAll, it } from 'vitest';
import { launchChromium } from './chromium';
import { signIn } from './pages';
import { USERS } from './seed';
import { startStack, type Stack } from './stack';

const RUNS = 10_000;
const SIMULATION = 'sweep-10k';
let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
  const admin = createSimsvcClient({ cacheUrl: stack.urls.cache, catalogUrl: stack.urls.catalog, resultsUrl: stack.urls.results });
  await admin.session.login(USERS.admin);
  await admin.cache.POST('/users', { body: { ...USERS.user, role: 'user' } });
  const started = Date.now();
  const register = async (i: number) => {
    const x = (i % 100) / 10;
    const y = Math.floor(i / 100) / 10;
    await admin.results.POST('/register_direct', {
      body: {
        execution_id: `sweep-${i}`,
        simulation_name: SIMULATION,
        simulation_version: '1.0.0',
        status: 'completed',
        input_params: { x, y },
        output_params: { z: Math.sin(x) * Math.cos(y), w: x * y },
      },
    });
  };
  for (let i = 0; i < RUNS; i += 8) await Promise.all(Array.from({ length: Math.min(8, RUNS - i) }, (_, k) => register(i + k)));
  process.stdout.write(`seeded ${RUNS} runs in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}, 900_000);

afterAll(async () => {
  await stack?.stop();
});

it('plots 10,000 runs', async () => {
  const { context, close } = await launchChromium();
  try {
    const page = await context.newPage();
    await signIn(page, stack.consoleUrl, USERS.user);
    const caption = page.locator('figure.plot figcaption');
    const opened = Date.now();
    await page.goto(`${stack.consoleUrl}/results?sim=${SIMULATION}&x=input%3Ax&y=output%3Az`);
    // Long tasks (> 50 ms on the main thread) since the page loaded (buffered).
    await page.evaluate(() => {
      const w = window as unknown as { longTasks: number[] };
      w.longTasks = [];
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.longTasks.push(e.duration))).observe({
        type: 'longtask',
        buffered: true,
      });
    });
    await caption.filter({ hasText: `${RUNS} points from ${RUNS} of ${RUNS} runs` }).waitFor({ timeout: 120_000 });
    const loaded = Date.now() - opened;
    const changed = Date.now();
    await page.getByLabel('Y', { exact: true }).selectOption('output:w');
    await page.waitForURL(/y=output%3Aw/);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const redraw = Date.now() - changed;
    const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    process.stdout.write(
      [
        `results page, ${RUNS} runs (10 pages of 1000):`,
        `  all ${RUNS} points plotted after ${loaded} ms`,
        `  Y changed and redrawn in ${redraw} ms`,
        `  long main-thread tasks: ${longTasks.length}, longest ${Math.round(Math.max(0, ...longTasks))} ms`,
        '',
      ].join('\n'),
    );
  } finally {
    await close();
  }
}, 300_000);
