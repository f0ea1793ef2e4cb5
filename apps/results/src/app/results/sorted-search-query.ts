// SQL of POST /search with order_by: the runs the criteria keep (search-query.ts matchedIds:
// index range scans of the filters, or the simulation's runs), their count, and the page in
// the requested order (search-order.ts), all in one statement so that the matching set is
// computed once. Each match costs a primary-key lookup per sort parameter; the page is the top
// `limit` of them, after the cursor's position when there is one (no OFFSET walk).
import type { Backend } from '@simsvc/persistence';
import { HIT_COLUMNS, matchedIds, Parameters, SearchCriteria, Statement } from './search-query';
import { SortKey, SortPosition, SortSql } from './search-order';

export interface SortedSearch {
  /** Rows of HIT_COLUMNS plus the sort columns and `total`; one row of NULL hit columns when the page is empty. */
  statement: Statement;
  sort: SortSql;
}

export function buildSortedSearch(
  criteria: SearchCriteria,
  keys: SortKey[],
  backend: Backend,
  after: SortPosition | undefined,
): SortedSearch {
  const params = new Parameters();
  const ids = matchedIds(criteria, params);
  const sort = new SortSql(keys, backend, params.bind);
  const where = after === undefined ? '' : ` WHERE ${sort.after(after, params.bind)}`;
  const page =
    `SELECT r.id AS result_id, ${sort.selected} FROM matched m JOIN results r ON r.id = m.result_id ${sort.joins}${where} ` +
    `ORDER BY ${sort.orderBy('', 'result_id')} LIMIT ${params.add(criteria.limit)} OFFSET ${params.add(criteria.offset)}`;
  const sql =
    `WITH matched AS MATERIALIZED (${ids}), page AS (${page}) ` +
    `SELECT totals.total, ${HIT_COLUMNS}, page.* FROM (SELECT COUNT(*) AS total FROM matched) totals ` +
    `LEFT JOIN page ON 1 = 1 LEFT JOIN results r ON r.id = page.result_id ORDER BY ${sort.orderBy('page.', 'result_id')}`;
  return { statement: { sql, params: params.values }, sort };
}
