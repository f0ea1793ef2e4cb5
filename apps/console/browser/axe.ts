// axe-core in the page: the serious and critical accessibility violations it finds. The script is
// evaluated through the browser's debugging protocol, which the page's CSP does not govern.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * What axe found on the page as it is now: how many rules passed (none when it could not inspect
 * the page) and one line per serious or critical violation: rule, how many nodes, the first few.
 */
export async function axeFindings(page: Page): Promise<{ passes: number; serious: string[] }> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    interface AxeResult {
      passes: unknown[];
      violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[];
    }
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResult> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    const serious = result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes.length} × ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')}`,
      );
    return { passes: result.passes.length, serious };
  });
}

/** One line per serious or critical violation. */
export async function seriousViolations(page: Page): Promise<string[]> {
  return (await axeFindings(page)).serious;
}
