import type BetterSqlite3 from 'better-sqlite3';

// Loaded by sqlite-read.worker.ts too (Node runs it from the sources by stripping types): erasable
// TypeScript, type-only imports.

/** The SQL function name: `simsvc_glob(pattern, text)` is 1 when text matches, else 0. */
export const SQLITE_GLOB_FUNCTION = 'simsvc_glob';

/**
 * Whether `text` matches `pattern`, where `*` matches any run of characters (the empty run
 * included) and every other character only itself. Linear in practice: the literal runs between
 * the `*`s are found left to right with indexOf, the leftmost occurrence of each (which is never
 * worse than a later one). SQLite's own GLOB backtracks: `*` + 1,000 `a` + `b*` took 4.8 s over
 * 5,000 keys of 1 KB, this 25 ms (docs/benchmarks/2026-11-26-cache-pattern.md).
 */
export function globMatches(pattern: string, text: string): boolean {
  const runs = runsOf(pattern);
  if (runs.length === 1) return text === pattern;
  const first = runs[0];
  const last = runs[runs.length - 1];
  if (text.length < first.length + last.length || !text.startsWith(first) || !text.endsWith(last)) return false;
  const end = text.length - last.length;
  let position = first.length;
  for (let index = 1; index < runs.length - 1; index += 1) {
    const run = runs[index];
    const found = text.indexOf(run, position);
    if (found < 0 || found + run.length > end) return false;
    position = found + run.length;
  }
  return true;
}

// A query calls the matcher once per row with the same pattern: its runs are split once.
let lastPattern: string | undefined;
let lastRuns: string[] = [];

function runsOf(pattern: string): string[] {
  if (pattern !== lastPattern) {
    lastRuns = pattern.split('*');
    lastPattern = pattern;
  }
  return lastRuns;
}

/** Defines simsvc_glob on a connection (the main one and each read worker's). */
export function registerSqliteGlob(db: BetterSqlite3.Database): void {
  db.function(SQLITE_GLOB_FUNCTION, { deterministic: true }, (pattern: unknown, text: unknown) =>
    typeof pattern === 'string' && typeof text === 'string' && globMatches(pattern, text) ? 1 : 0,
  );
}
