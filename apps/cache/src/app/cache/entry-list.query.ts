import { Backend, ReadStatement } from '@simsvc/persistence';
import { ENTRY_COLUMNS } from './cache.statements';
import { EntryListSelectors, NO_SIMULATION } from './entry-selectors';
import { keyPatternSql } from './key-pattern.sql';

/**
 * GET /cache/entries as two statements with `$n` parameters (a page of live entries, newest
 * first, and their total), so that SQLite can run them in a read worker (SnapshotReader) and
 * PostgreSQL under a statement time limit.
 */
export function entryListStatements(
  backend: Backend,
  now: number,
  selectors: EntryListSelectors,
  limit: number,
  offset: number,
): { page: ReadStatement; total: ReadStatement } {
  const conditions = ['expires_at > :now'];
  const named: Record<string, unknown> = { now };
  if (selectors.simulationId !== undefined) {
    conditions.push(
      selectors.simulationId === NO_SIMULATION
        ? '(simulation_id = :simulationId OR simulation_id IS NULL)'
        : 'simulation_id = :simulationId',
    );
    named['simulationId'] = selectors.simulationId;
  }
  if (selectors.simulationName !== undefined) {
    conditions.push('simulation_name = :simulationName');
    named['simulationName'] = selectors.simulationName;
  }
  if (selectors.simulationVersion !== undefined) {
    conditions.push('simulation_version = :simulationVersion');
    named['simulationVersion'] = selectors.simulationVersion;
  }
  if (selectors.executionId !== undefined) {
    conditions.push('execution_id = :executionId');
    named['executionId'] = selectors.executionId;
  }
  if (selectors.pattern !== undefined) {
    const { condition, params } = keyPatternSql(backend, selectors.pattern);
    conditions.push(condition('cache_key'));
    Object.assign(named, params);
  }
  const where = conditions.join(' AND ');
  return {
    page: numbered(
      `SELECT ${ENTRY_COLUMNS} FROM cache_entries WHERE ${where} ORDER BY created_at DESC, cache_key ASC LIMIT :limit OFFSET :offset`,
      { ...named, limit, offset },
    ),
    total: numbered(`SELECT COUNT(*) AS total FROM cache_entries WHERE ${where}`, named),
  };
}

/** `:name` parameters as `$1 … $n` (each name once, reused where it recurs). */
function numbered(sql: string, named: Record<string, unknown>): ReadStatement {
  const names: string[] = [];
  const text = sql.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    if (!(name in named)) throw new Error(`no value for :${name}`);
    if (!names.includes(name)) names.push(name);
    return `$${names.indexOf(name) + 1}`;
  });
  return { sql: text, params: names.map((name) => named[name]) };
}
