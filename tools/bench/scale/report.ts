// The scale benchmark's report: one row per backend and size, and the issue's targets.
import type { LoadFigures } from '../harness.ts';
import type { Export } from './requests.ts';

export const SCENARIOS = ['a', 'b', 'c', 'd'] as const;
export type Scenario = (typeof SCENARIOS)[number];

export const SCENARIO_NAMES: Record<Scenario, string> = {
  a: '(a) ~1 % range, order_by output desc, top 50',
  b: '(b) the same by cursor, page 200',
  c: '(c) aggregate 4 outputs + 50-bin histogram',
  d: '(d) GET /results/{id} (floor)',
};

export interface SizeFigures {
  backend: string;
  size: number;
  loadRate: number;
  uploadRate: number;
  bytesPerRun: number;
  cursorPage: number;
  cursorMatches: number;
  scenarios: Record<Scenario, LoadFigures>;
  exports: Export[];
  maxRssBytes: number;
}

export const mb = (bytes: number): number => Math.round(bytes / 1024 / 1024);
const ratio = (a: number, b: number): string => (b > 0 ? (a / b).toFixed(1) : '–');

export function table(figures: SizeFigures[]): string[] {
  const header = [
    'backend',
    'runs',
    'load/s',
    'upload/s',
    'B/run',
    'a p50/p99',
    'b p50/p99 (page)',
    'c p50/p99',
    'd p50/p99',
    'a/d',
    'b/d',
    'c/d',
    'export rows/s',
    'RSS MB',
  ];
  const rows = figures.map((f) => {
    const p = (s: Scenario) =>
      `${f.scenarios[s].p50} / ${f.scenarios[s].p99}${f.scenarios[s].unexpected > 0 ? ` (${f.scenarios[s].unexpected} failed)` : ''}`;
    const floor = f.scenarios.d.p99;
    return [
      f.backend,
      f.size.toLocaleString('en'),
      String(Math.round(f.loadRate)),
      f.uploadRate.toFixed(0),
      String(Math.round(f.bytesPerRun)),
      p('a'),
      `${p('b')} (${f.cursorPage})`,
      p('c'),
      p('d'),
      ratio(f.scenarios.a.p99, floor),
      ratio(f.scenarios.b.p99, floor),
      ratio(f.scenarios.c.p99, floor),
      f.exports.length === 0 ? 'n/a' : f.exports.map((e) => `${e.format} ${Math.round(e.rowsPerSecond)}`).join(', '),
      String(mb(f.maxRssBytes)),
    ];
  });
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)];
}

/** The issue's targets, at the largest size of each backend; the lines to print and whether all hold. */
export function targets(figures: SizeFigures[]): { lines: string[]; met: boolean } {
  const lines: string[] = [];
  let met = true;
  const check = (ok: boolean, text: string) => {
    met &&= ok;
    lines.push(`${ok ? 'met   ' : 'MISSED'} ${text}`);
  };
  for (const backend of [...new Set(figures.map((f) => f.backend))]) {
    const sizes = figures.filter((f) => f.backend === backend);
    const [smallest, largest] = [sizes[0], sizes[sizes.length - 1]];
    const loaded = sizes.filter((f) => !Number.isNaN(f.loadRate));
    if (backend === 'sqlite' && loaded.length === 0) lines.push('–      sqlite bulk load: not measured in this run (kept stores)');
    else if (backend === 'sqlite')
      check(
        loaded.every((f) => f.loadRate >= 5000),
        'sqlite bulk load ≥ 5,000 results/s at every size loaded',
      );
    for (const scenario of ['a', 'b', 'c'] as const) {
      const p99 = largest.scenarios[scenario].p99;
      const floor = largest.scenarios.d.p99;
      check(p99 <= 10 * floor, `${backend} ${scenario} p99 ${p99} ms ≤ 10 × floor ${floor} ms at ${largest.size.toLocaleString('en')}`);
      if (largest !== smallest) {
        const growth = p99 / smallest.scenarios[scenario].p99;
        check(
          growth <= 3,
          `${backend} ${scenario} p99 grows ${growth.toFixed(1)}× ≤ 3× from ${smallest.size.toLocaleString('en')} to ${largest.size.toLocaleString('en')}`,
        );
      }
    }
    for (const f of sizes)
      for (const e of f.exports)
        check(e.rowsPerSecond >= 50_000, `${backend} ${f.size} export ${e.format} ${Math.round(e.rowsPerSecond)} ≥ 50,000 rows/s`);
    check(
      sizes.every((f) => f.maxRssBytes <= 300 * 1024 * 1024),
      `${backend} RSS ≤ 300 MB throughout (max ${mb(Math.max(...sizes.map((f) => f.maxRssBytes)))} MB)`,
    );
  }
  return { lines, met };
}
