// SQL of POST /search with order_by: the runs the criteria keep (search-query.ts matchedIds:
// index range scans of the filters, or the simulation's runs), their count, and the page in
// the requested order (search-order.ts), all in one statement so that the matching set is
// computed once. Each match costs a primary-key lookup per sort parameter (~5 µs on SQLite);
// the page is the top `limit` of them after the cursor's position (a bounded sort, no OFFSET
// walk for cursors), so a search costs in proportion to the runs its filters keep.
//
// Without filters, the first key a parameter: the candidates are read off that parameter's
// number index in the key's direction (bestOfIndex), so the best runs of a whole simulation cost
// an index walk of `limit` entries rather than a lookup per run.
import type { Backend } from '@simsvc/persistence';
import { HIT_COLUMNS, matchedIds, Parameters, SearchCriteria, Statement } from './search-query';
import { SortKey, SortPosition, SortSql } from './search-order';

export interface SortedSearch {
  /** Rows of HIT_COLUMNS plus the sort columns and `total`; one row of NULL hit columns when the page is empty. */
  statement: Statement;
  sort: SortSql;
}

/**
 * `indexWalk`: try bestOfIndex; its answer's `bounded` is 0 when that could not give the page,
 * and the search must then be built again without it.
 */
export function buildSortedSearch(
  criteria: SearchCriteria,
  keys: SortKey[],
  backend: Backend,
  after: SortPosition | undefined,
  indexWalk = true,
): SortedSearch {
  const params = new Parameters();
  const sort = new SortSql(keys, backend, params.bind, 'm.result_id');
  const best = indexWalk ? bestOfIndex(criteria, sort.first, after, params) : undefined;
  const ctes = best?.ctes ?? [`matched AS MATERIALIZED (${matchedIds(criteria, params)})`];
  const total = best?.total ?? 'SELECT COUNT(*) AS total FROM matched';
  const conditions = after === undefined ? [] : [sort.after(after, params.bind)];
  // CROSS JOIN: SQLite then keeps this order (the matching runs drive, each looked up by primary
  // key); left to itself it scanned every run and probed the matches (measured: 40 ms for 1,000
  // matches of 100,000 runs).
  const runs = sort.needsRuns ? ' CROSS JOIN results r' : '';
  if (sort.needsRuns) conditions.unshift('r.id = m.result_id');
  const where = conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`;
  const page =
    `SELECT m.result_id AS result_id, ${sort.selected} FROM matched m${runs} ${sort.joins}${where} ` +
    `ORDER BY ${sort.orderBy('', 'result_id')} LIMIT ${params.add(criteria.limit)} OFFSET ${params.add(criteria.offset)}`;
  const sql =
    `WITH ${ctes.join(', ')}, page AS (${page}) ` +
    `SELECT totals.*, ${HIT_COLUMNS}, page.* FROM (${total}) totals ` +
    `LEFT JOIN page ON 1 = 1 LEFT JOIN results r ON r.id = page.result_id ORDER BY ${sort.orderBy('page.', 'result_id')}`;
  return { statement: { sql, params: params.values }, sort };
}

/**
 * Numbers come first in both directions, so when at least `limit + offset` runs have a number for
 * the first key strictly beyond the position's, the page holds only runs whose number lies
 * between the position's and the (limit + offset)-th of those, in the key's order: a walk of the
 * number index (simulation, class, name, num_value). `bound` is that number; when there is none
 * (fewer numbers left) the answer says `bounded` 0 and the search is read again the general way
 * (a fallback in the same statement made SQLite walk every run even when it was not needed).
 * Only for one simulation, no filter, version or status, and a position (if any) among numbers.
 */
function bestOfIndex(
  criteria: SearchCriteria,
  first: SortKey,
  after: SortPosition | undefined,
  params: Parameters,
): { ctes: string[]; total: string } | undefined {
  const runsOnly = criteria.filters.length === 0 && criteria.simulationVersion === undefined && criteria.status === undefined;
  if (!runsOnly || criteria.simulationName === undefined || first.kind !== 'parameter') return undefined;
  if (after !== undefined && after.keys[0][0] !== 0) return undefined;
  const simulation = params.add(criteria.simulationName);
  const paramClass = first.paramClass === 'input' ? "'input'" : "'output'";
  const range = `simulation_name = ${simulation} AND param_class = ${paramClass} AND name = ${params.add(first.name)} AND num_value IS NOT NULL`;
  const [beyond, upTo, order] = first.direction === 'asc' ? ['>', '<=', 'ASC'] : ['<', '>=', 'DESC'];
  // After a position: the runs of its very number (some before it, some after: the page's
  // condition tells), and the (limit + offset) next ones strictly beyond it.
  const at = after === undefined ? undefined : params.add(after.keys[0][1]);
  const onward = at === undefined ? '' : ` AND num_value ${beyond} ${at}`;
  const depth = params.add(criteria.limit + criteria.offset - 1);
  const candidates = [`SELECT result_id FROM result_params CROSS JOIN bound WHERE ${range}${onward} AND num_value ${upTo} bound.v`];
  if (at !== undefined) candidates.push(`SELECT result_id FROM result_params CROSS JOIN bound WHERE ${range} AND num_value = ${at}`);
  return {
    ctes: [
      `bound AS (SELECT num_value AS v FROM result_params WHERE ${range}${onward} ORDER BY num_value ${order} LIMIT 1 OFFSET ${depth})`,
      `matched AS MATERIALIZED (${candidates.join(' UNION ALL ')})`,
    ],
    total: `SELECT COUNT(*) AS total, (SELECT COUNT(*) FROM bound) AS bounded FROM results r WHERE r.simulation_name = ${simulation}`,
  };
}
