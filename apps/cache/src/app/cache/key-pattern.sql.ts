import { Backend } from '@simsvc/persistence';
import { globToPostgresLike, literalPrefix, normalizedGlob, prefixRange } from './glob-pattern';

/** One SQL condition on a key column, with `:name` parameters. */
export interface KeyPatternSql {
  condition: (column: string) => string;
  params: Record<string, string>;
}

/**
 * The conditions selecting the keys a pattern matches (glob-pattern.ts), cheapest first: the
 * literal prefix as an index range; on PostgreSQL the longest literal run found with strpos
 * (a fast search that spares LIKE, which backtracks, every key lacking it); then the match itself.
 */
export function keyPatternSql(backend: Backend, pattern: string): KeyPatternSql {
  const conditions: ((column: string) => string)[] = [];
  const params: Record<string, string> = {};
  const range = prefixRange(literalPrefix(pattern));
  const [atLeast, below] = backend === 'postgresql' ? ['~>=~', '~<~'] : ['>=', '<'];
  if (range.from !== '') {
    conditions.push((column) => `${column} ${atLeast} :keyFrom`);
    params['keyFrom'] = range.from;
  }
  if (range.below !== undefined) {
    conditions.push((column) => `${column} ${below} :keyBelow`);
    params['keyBelow'] = range.below;
  }
  if (backend === 'postgresql') {
    const longestRun = normalizedGlob(pattern)
      .split('*')
      .slice(1, -1)
      .reduce((longest, run) => (run.length > longest.length ? run : longest), '');
    params['keyLike'] = globToPostgresLike(normalizedGlob(pattern));
    if (longestRun === '') {
      conditions.push((column) => `${column} LIKE :keyLike ESCAPE '\\'`);
    } else {
      // CASE fixes the order: PostgreSQL sorts the conditions of a scan by their cost, LIKE first.
      conditions.push((column) => `CASE WHEN strpos(${column}, :keyRun) > 0 THEN ${column} LIKE :keyLike ESCAPE '\\' ELSE false END`);
      params['keyRun'] = longestRun;
    }
  } else {
    conditions.push((column) => `simsvc_glob(:keyGlob, ${column}) = 1`);
    params['keyGlob'] = normalizedGlob(pattern);
  }
  return { condition: (column) => `(${conditions.map((condition) => condition(column)).join(' AND ')})`, params };
}
