// SQL of POST /search with order_by: the runs the criteria keep (search-query.ts matchedIds:
// index range scans of the filters, or the simulation's runs), their count up to TOTAL_CAP, and
// the page in the requested order (search-order.ts), all in one statement so that the matching
// set is computed once. Two ways to find the page, chosen per request by estimated cost
// (chooseSortPlan, from the count of the matches and the simulation's size):
//
// - sort the matches: each match costs a primary-key lookup per sort parameter (~3 µs on SQLite),
//   and the page is the top `limit` of them after the cursor's position (a bounded sort, no
//   OFFSET walk for cursors): cost in proportion to the runs the filters keep;
// - walk the first key's number index (simulation, class, name, num_value) in the key's
//   direction (bestOfIndex), keeping the runs among the matches, until `limit` are found: cost in
//   proportion to limit × runs / matches, whatever the number of matches. Without filters that
//   is `limit` entries; under a filter keeping 1 % of 1,000,000 runs, ~5,000 entries against
//   10,000 lookups (measured: 12 ms against 190 ms on SQLite). On PostgreSQL under filters the
//   walk reads a bounded stretch of the index (IndexWalk.chunk) and joins it to the matches.
import type { Backend } from '@simsvc/persistence';
import { HIT_COLUMNS, matchedIds, Parameters, SearchCriteria, Statement } from './search-query';
import { SortKey, SortPosition, SortSql } from './search-order';

/**
 * `total` counts the matches up to this many; past it, it says TOTAL_CAP and the answer's
 * `total_is_lower_bound` is true (results README, "Totals"): an exact count of every search
 * would cost in proportion to the matches, which a search by index walk does not.
 */
export const TOTAL_CAP = 10_000;

/**
 * How much cheaper a step of the index walk (one index entry, one probe of the matches' list) is
 * than a primary-key lookup of a match's sort value. The walk reads the index in order; the
 * lookups land anywhere in the table. Measured with SQLite's shell on the benchmark's stores
 * (1 % of the runs matching): at 100,000 runs 1–2 ms for the walk's bound against 35–115 ms for
 * sorting the 1,000 matches; at 1,000,000 runs 12 ms against 190 ms for 10,000 matches.
 */
const WALK_STEP_ADVANTAGE = 16;

/**
 * Whether to walk the first key's index (true) or sort the matches: walking visits about
 * (limit + offset + 1) × runs / matches index entries, sorting looks up every match.
 * `matches` is counted up to TOTAL_CAP + 1; `runs` bounds the simulation's runs from above.
 */
export function walkIsCheaper(matches: number, runs: number, criteria: Pick<SearchCriteria, 'limit' | 'offset'>): boolean {
  const wanted = criteria.limit + criteria.offset + 1;
  return matches > 0 && WALK_STEP_ADVANTAGE * matches * matches >= wanted * runs;
}

/**
 * Whether the page may be found by walking the first key's number index (bestOfIndex): one
 * simulation, no version or status, a parameter as first key, a position (if any) among its
 * numbers; on PostgreSQL under filters, that key alone (IndexWalk.chunk).
 */
export function indexWalkApplies(criteria: SearchCriteria, keys: SortKey[], after: SortPosition | undefined, backend: Backend): boolean {
  if (criteria.simulationName === undefined || criteria.simulationVersion !== undefined || criteria.status !== undefined) return false;
  if (keys[0].kind !== 'parameter' || (after !== undefined && after.keys[0][0] !== 0)) return false;
  return backend !== 'postgresql' || criteria.filters.length === 0 || keys.length === 1;
}

/** A page found by walking the first key's number index (bestOfIndex). */
export interface IndexWalk {
  /**
   * PostgreSQL under filters: the walk reads at most this many index entries and joins them to the
   * matches (a hash join). Kept in the index walk itself, as on SQLite, PostgreSQL's planner did
   * not walk: it looked up every match (its estimate of a CTE's distinct runs is a fixed 200),
   * 131–202 ms for 10,000 matches of 1,000,000 runs against 21–30 ms this way. When the stretch
   * holds fewer matches than the page needs, the page is found by sorting the matches instead.
   */
  chunk?: number;
}

/**
 * Index entries a PostgreSQL walk reads: enough to hold twice the matches the page needs, and 16
 * more, when the matches are spread over the parameter's values as over the runs (a filter on
 * the sort parameter itself, or one that follows it, may need the fallback).
 */
export function walkChunk(matches: number, runs: number, criteria: Pick<SearchCriteria, 'limit' | 'offset'>): number {
  const wanted = criteria.limit + criteria.offset;
  return Math.ceil(((2 * wanted + 16) * Math.max(runs, matches)) / Math.max(matches, 1));
}

/** The count of the matches (up to TOTAL_CAP + 1) and a bound on the simulation's runs: what walkIsCheaper needs. */
export function buildSortEstimate(criteria: SearchCriteria, backend: Backend): Statement {
  const params = new Parameters();
  const matching = matchedIds(criteria, params, backend);
  // Two subqueries, each one seek of the (simulation_name, id) index: SQLite optimizes a lone MIN
  // or MAX only, and `MAX(id) - MIN(id)` in one SELECT read every run of the simulation (measured:
  // 62–72 ms of CPU at 1,000,000 runs, most of a sorted search's cost, against 0.04 ms).
  const simulation = criteria.simulationName === undefined ? undefined : params.add(criteria.simulationName);
  const runs =
    simulation === undefined
      ? 'SELECT 0'
      : `SELECT (SELECT MAX(id) FROM results WHERE simulation_name = ${simulation}) - ` +
        `(SELECT MIN(id) FROM results WHERE simulation_name = ${simulation}) + 1`;
  return {
    sql: `SELECT (SELECT COUNT(*) FROM (${matching} LIMIT ${TOTAL_CAP + 1}) m) AS matches, (${runs}) AS runs`,
    params: params.values,
  };
}

export interface SortedSearch {
  /** Rows of HIT_COLUMNS plus the sort columns and `total`; one row of NULL hit columns when the page is empty. */
  statement: Statement;
  sort: SortSql;
}

/**
 * `walk`: try bestOfIndex, given only where indexWalkApplies (the repository decides it once,
 * before its estimate); the answer's `bounded` is 0 when that could not give the page, and the
 * search must then be built again without it. `counted` false: `total` is 0, the matches not
 * counted (POST /export, which reads page after page and needs no total).
 */
export function buildSortedSearch(
  criteria: SearchCriteria,
  keys: SortKey[],
  backend: Backend,
  after: SortPosition | undefined,
  walk: IndexWalk | undefined,
  counted = true,
): SortedSearch {
  const params = new Parameters();
  const sort = new SortSql(keys, backend, params.bind, 'm.result_id');
  const best = walk === undefined ? undefined : bestOfIndex(criteria, sort.first, keys.length === 1, after, walk, params, counted, backend);
  const ctes = best?.ctes ?? [`matched AS MATERIALIZED (${matchedIds(criteria, params, backend)})`];
  const total =
    best?.total ?? (counted ? `SELECT COUNT(*) AS total FROM (SELECT 1 FROM matched LIMIT ${TOTAL_CAP + 1}) c` : 'SELECT 0 AS total');
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
 * Numbers come first in both directions, so when at least `limit + offset` matching runs have a
 * number for the first key strictly beyond the position's, the page holds only runs whose number
 * lies between the position's and the (limit + offset)-th of those, in the key's order: a walk of
 * the number index (simulation, class, name, num_value), keeping only the runs in `filtered` (the
 * filters' matches, listed once) when there are filters. `bound` is that number; when there is
 * none (fewer numbers left) the answer says `bounded` 0 and the search is read again the general
 * way (a fallback in the same statement made SQLite walk every run even when it was not needed).
 * Only where indexWalkApplies.
 */
function bestOfIndex(
  criteria: SearchCriteria,
  first: SortKey,
  only: boolean,
  after: SortPosition | undefined,
  walk: IndexWalk,
  params: Parameters,
  counted: boolean,
  backend: Backend,
): { ctes: string[]; total: string } | undefined {
  if (first.kind !== 'parameter') return undefined;
  // PostgreSQL under filters walks a bounded stretch.
  const chunked = backend === 'postgresql' && criteria.filters.length > 0;
  if (chunked && walk.chunk === undefined) return undefined;
  const filtered = criteria.filters.length === 0 ? undefined : `filtered AS MATERIALIZED (${matchedIds(criteria, params, backend)})`;
  const kept = filtered === undefined ? '' : ' AND result_id IN (SELECT result_id FROM filtered)';
  const simulation = params.add(criteria.simulationName);
  const paramClass = first.paramClass === 'input' ? "'input'" : "'output'";
  const range = `simulation_name = ${simulation} AND param_class = ${paramClass} AND name = ${params.add(first.name)} AND num_value IS NOT NULL`;
  const [beyond, upTo, order] = first.direction === 'asc' ? ['>', '<=', 'ASC'] : ['<', '>=', 'DESC'];
  // After a position: the runs of its very number (some before it, some after: the page's
  // condition tells), and the (limit + offset) next ones strictly beyond it.
  const at = after === undefined ? undefined : params.add(after.keys[0][1]);
  const onward = at === undefined ? '' : ` AND num_value ${beyond} ${at}`;
  const countedRuns =
    filtered === undefined
      ? `SELECT 1 FROM results r WHERE r.simulation_name = ${simulation} LIMIT ${TOTAL_CAP + 1}`
      : `SELECT 1 FROM filtered LIMIT ${TOTAL_CAP + 1}`;
  if (only) {
    // The only key: ties go by result id in the key's direction, which is the index's own order
    // (it ends in result_id), so the page is the walk's first entries after the position, and the
    // walk is read once rather than once for `bound` and again for the candidates (measured with
    // SQLite's shell, 1,000,000 runs, 1 % matching: 7 ms against 13.5 ms for the statement).
    // `bounded` 0: fewer numbers left than the page needs; runs without one may follow.
    const wanted = params.add(criteria.limit + criteria.offset);
    const position = after === undefined ? '' : ` AND (num_value, result_id) ${beyond} (${at}, ${params.add(after.id)})`;
    const inOrder = `ORDER BY num_value ${order}, result_id ${order}`;
    const matched = chunked
      ? [
          `walk AS MATERIALIZED (SELECT result_id, num_value FROM result_params WHERE ${range}${position} ${inOrder} LIMIT ${params.add(walk.chunk)})`,
          `matched AS MATERIALIZED (SELECT result_id FROM walk WHERE result_id IN (SELECT result_id FROM filtered) ${inOrder} LIMIT ${wanted})`,
        ]
      : [`matched AS MATERIALIZED (SELECT result_id FROM result_params WHERE ${range}${position}${kept} ${inOrder} LIMIT ${wanted})`];
    return {
      ctes: [
        ...(filtered === undefined ? [] : [filtered]),
        ...matched,
        `bound AS (SELECT 1 AS v WHERE (SELECT COUNT(*) FROM matched) >= ${wanted})`,
      ],
      total: counted
        ? `SELECT COUNT(*) AS total, (SELECT COUNT(*) FROM bound) AS bounded FROM (${countedRuns}) c`
        : 'SELECT 0 AS total, (SELECT COUNT(*) FROM bound) AS bounded',
    };
  }
  const depth = params.add(criteria.limit + criteria.offset - 1);
  // `bound` first (CROSS JOIN keeps SQLite to that order), so the index range starts at its number;
  // the other way round SQLite walked the parameter's whole range (measured: 460 → 6 ms at 100,000 runs).
  const candidates = [`SELECT result_id FROM bound CROSS JOIN result_params WHERE ${range}${onward} AND num_value ${upTo} bound.v${kept}`];
  if (at !== undefined) candidates.push(`SELECT result_id FROM bound CROSS JOIN result_params WHERE ${range} AND num_value = ${at}${kept}`);
  return {
    ctes: [
      ...(filtered === undefined ? [] : [filtered]),
      `bound AS (SELECT num_value AS v FROM result_params WHERE ${range}${onward}${kept} ORDER BY num_value ${order} LIMIT 1 OFFSET ${depth})`,
      `matched AS MATERIALIZED (${candidates.join(' UNION ALL ')})`,
    ],
    total: counted
      ? `SELECT COUNT(*) AS total, (SELECT COUNT(*) FROM bound) AS bounded FROM (${countedRuns}) c`
      : 'SELECT 0 AS total, (SELECT COUNT(*) FROM bound) AS bounded',
  };
}
