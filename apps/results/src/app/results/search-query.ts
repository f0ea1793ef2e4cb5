// SQL of POST /search, the same text on SQLite and PostgreSQL: the results store's hand-tuned
// search statements (the fixed ones are in results.statements.ts), built per filter shape and run
// through the SnapshotReader. Benchmark: `npm run bench -- results`, search scenarios on 100,000
// results at 8 connections (README): two narrow ranges 16 / 32 ms p50 / p99 on SQLite (454/s) and
// 19 / 47 ms on PostgreSQL (391/s); string equality 7 / 18 ms (992/s) and 17 / 32 ms (457/s).
//
// Why this shape: each parameter filter becomes one index range scan over result_params,
//   SELECT result_id FROM result_params WHERE simulation_name = $1 AND param_class = 'input'
//     AND name = $2 AND num_value IS NOT NULL AND num_value >= $3 AND num_value < $4
// which the partial index (simulation_name, param_class, name, num_value, result_id) answers
// alone (strings and other values have theirs); the runs matching every filter are the
// intersection of those id sets. One correlated EXISTS per filter instead: measured on 100,000 runs of one simulation, SQLite evaluates such an EXISTS once per
// run of the simulation (a full walk, ~270 ms for the count of a two-filter search), whereas the
// intersection costs only as much as the filters select (~2 ms when they keep 2 % and 10 % of the
// runs, ~20 ms for 20 % and 40 %); PostgreSQL turns both into the same semi-joins. Semantics are
// those of EXISTS: a run lacking the parameter has no row and so never matches; several
// conditions on one parameter apply to its one row. Nothing is filtered in JavaScript.
import { ResultParamClass } from '@simsvc/contracts';
import type { Backend } from '@simsvc/persistence';
import { ValueKey } from './parameter-values';
import { FilterCondition, ParameterFilter } from './result-filters';

export interface Statement {
  sql: string;
  params: unknown[];
}

export interface SearchCriteria {
  /** Absent: every simulation's runs (sim2l's client sends `simulation_name: null`). */
  simulationName?: string;
  simulationVersion?: string;
  status?: string;
  filters: ParameterFilter[];
  limit: number;
  offset: number;
  /** Only runs with a lower result id (a cursor of the default order). */
  beforeId?: number;
}

/**
 * How to read one search: a count and a page in two statements (run in one snapshot), or one
 * statement whose every row carries `total` (a single row of NULL hit columns when the page is
 * empty).
 */
export type SearchPlan = { kind: 'separate'; count: Statement; page: Statement } | { kind: 'combined'; statement: Statement };

/** The columns of a search hit, named as the entity's properties (HitRecord). */
export const HIT_COLUMNS =
  'r.id, r.execution_id AS "executionId", r.simulation_name AS "simulationName", r.simulation_version AS "simulationVersion", ' +
  'r.squid_id AS "squidId", r.input_params AS "inputParams", r.output_params AS "outputParams", r.status, r.created_at AS "createdAt", ' +
  'r.completed_at AS "completedAt", r.duration_seconds AS "durationSeconds"';

const CLASS_LITERAL: Record<ResultParamClass, string> = { input: "'input'", output: "'output'" };

// Every value index begins with simulation_name. Across simulations, an IN over the simulations
// that ever had results lets both planners seek each one's range of the index in turn, where no
// condition on the name would scan the whole index.
const EVERY_SIMULATION = 'simulation_name IN (SELECT simulation_name FROM result_simulations)';

/** Collects bound parameters and hands out their `$n` placeholders. */
export class Parameters {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** `add` as a free function. */
  readonly bind = (value: unknown): string => this.add(value);

  copy(): Parameters {
    const copy = new Parameters();
    copy.values.push(...this.values);
    return copy;
  }
}

/**
 * Newest first means by result id, descending: ids are handed out at registration (a replaced
 * result gets a new one), so this is registration order, and every index involved ends in the
 * result id. Sorting by created_at instead would cost a lookup of every matching run (measured:
 * +60 % for a search matching 8,000 runs of 100,000).
 */
export function buildSearch(criteria: SearchCriteria, backend: Backend): SearchPlan {
  const params = new Parameters();
  const scope = scopeOf(criteria, params);
  const runConditions = criteria.simulationName === undefined ? [] : [`r.${scope}`];
  if (criteria.simulationVersion !== undefined) runConditions.push(`r.simulation_version = ${params.add(criteria.simulationVersion)}`);
  if (criteria.status !== undefined) runConditions.push(`r.status = ${params.add(criteria.status)}`);
  // Whether the runs need no condition that result_params cannot answer (it carries the name).
  const runsOnly = criteria.simulationVersion === undefined && criteria.status === undefined;

  if (criteria.filters.length === 0) {
    // Both answered by the (simulation_name, id) index, or across simulations by the primary key.
    const where = runConditions.length === 0 ? '' : ` WHERE ${runConditions.join(' AND ')}`;
    const pageParams = params.copy();
    const pageConditions =
      criteria.beforeId === undefined ? runConditions : [...runConditions, `r.id < ${pageParams.add(criteria.beforeId)}`];
    const pageWhere = pageConditions.length === 0 ? '' : ` WHERE ${pageConditions.join(' AND ')}`;
    return {
      kind: 'separate',
      count: { sql: `SELECT COUNT(*) AS total FROM results r${where}`, params: params.values },
      page: {
        sql: `SELECT ${HIT_COLUMNS} FROM results r${pageWhere} ORDER BY r.id DESC LIMIT ${pageParams.add(criteria.limit)} OFFSET ${pageParams.add(criteria.offset)}`,
        params: pageParams.values,
      },
    };
  }

  const matching = intersection(criteria.filters, scope, params, backend);
  if (criteria.filters.length === 1 && runsOnly) {
    // One filter: its index range is often already in result id order (equality), so the page
    // is read straight off the index rather than from a copy of every match.
    const pageParams = params.copy();
    const before = criteria.beforeId === undefined ? '' : ` WHERE result_id < ${pageParams.add(criteria.beforeId)}`;
    const page =
      `SELECT ${HIT_COLUMNS} FROM (SELECT result_id FROM (${matching}) matched${before} ORDER BY result_id DESC ` +
      `LIMIT ${pageParams.add(criteria.limit)} OFFSET ${pageParams.add(criteria.offset)}) page ` +
      'JOIN results r ON r.id = page.result_id ORDER BY r.id DESC';
    return {
      kind: 'separate',
      count: { sql: `SELECT COUNT(*) AS total FROM (${matching}) matched`, params: params.values },
      page: { sql: page, params: pageParams.values },
    };
  }

  // Several filters, or run conditions too: the matching ids are computed once and both the
  // count and the page are taken from them. result_params carries the simulation name, so
  // without version or status the runs themselves are only read for the page.
  const ids = runsOnly
    ? matching
    : `SELECT r.id AS result_id FROM results r WHERE ${runConditions.join(' AND ')} AND r.id IN (${matching})`;
  const before = criteria.beforeId === undefined ? '' : ` WHERE result_id < ${params.add(criteria.beforeId)}`;
  const statement =
    `WITH matched AS MATERIALIZED (${ids}), ` +
    `page AS (SELECT result_id FROM matched${before} ORDER BY result_id DESC LIMIT ${params.add(criteria.limit)} OFFSET ${params.add(criteria.offset)}) ` +
    `SELECT totals.total, ${HIT_COLUMNS} FROM (SELECT COUNT(*) AS total FROM matched) totals ` +
    'LEFT JOIN page ON 1 = 1 LEFT JOIN results r ON r.id = page.result_id ORDER BY page.result_id DESC';
  return { kind: 'combined', statement: { sql: statement, params: params.values } };
}

/**
 * SQL selecting `result_id` of every run the criteria keep (scope, version, status and filters),
 * each once: for POST /search with order_by and POST /aggregate.
 */
export function matchedIds(criteria: Omit<SearchCriteria, 'limit' | 'offset'>, params: Parameters, backend: Backend): string {
  const scope = scopeOf(criteria, params);
  const runConditions = criteria.simulationName === undefined ? [] : [`r.${scope}`];
  if (criteria.simulationVersion !== undefined) runConditions.push(`r.simulation_version = ${params.add(criteria.simulationVersion)}`);
  if (criteria.status !== undefined) runConditions.push(`r.status = ${params.add(criteria.status)}`);
  if (criteria.filters.length === 0) {
    return `SELECT r.id AS result_id FROM results r${runConditions.length === 0 ? '' : ` WHERE ${runConditions.join(' AND ')}`}`;
  }
  const matching = intersection(criteria.filters, scope, params, backend);
  const runsOnly = criteria.simulationVersion === undefined && criteria.status === undefined;
  return runsOnly ? matching : `SELECT r.id AS result_id FROM results r WHERE ${runConditions.join(' AND ')} AND r.id IN (${matching})`;
}

/**
 * The runs matching every filter. On SQLite, filters come smallest first (the repository orders
 * them): the first is built into a list, and each next one is streamed and kept where its run is
 * in the list so far, so no list ever holds more than the smallest set. Measured on 100,000 runs:
 * a 2 % and a 10 % range in 2.1 ms, against 3.7 ms for INTERSECT (which sorts both sets) and 5 ms
 * for the same nesting the other way round. Each branch yields every run at most once, so no
 * DISTINCT is needed.
 *
 * On PostgreSQL, INTERSECT: a hash (or sort) of both sets whatever the planner estimates. The
 * nesting let it plan a nested loop rescanning one filter's index range per run of the other
 * whenever it expected one row of each, as on a store without statistics yet (a fresh or
 * bulk-loaded one): two ranges keeping 70 % of 100,000 runs each ran past the 10 s query timeout
 * (503) that way, and take 0.3 s as INTERSECT; with statistics it hashes both ways alike.
 */
function intersection(filters: ParameterFilter[], scope: string, params: Parameters, backend: Backend): string {
  // SQLite's parser allows an expression tree 1,000 deep; past a few filters, INTERSECT.
  if (backend === 'postgresql' || filters.length > MAX_NESTED_FILTERS)
    return filters.map((filter) => branch(filter, scope, params)).join(' INTERSECT ');
  return filters
    .slice(1)
    .reduce(
      (inner, filter) => `SELECT result_id FROM (${branch(filter, scope, params)}) f WHERE result_id IN (${inner})`,
      branch(filters[0], scope, params),
    );
}

/** The condition on result_params.simulation_name (and results.simulation_name) a search covers. */
export function scopeOf(criteria: Pick<SearchCriteria, 'simulationName'>, params: Parameters): string {
  return criteria.simulationName === undefined ? EVERY_SIMULATION : `simulation_name = ${params.add(criteria.simulationName)}`;
}

const MAX_NESTED_FILTERS = 8;

/**
 * How many values each filter selects, in filter order (`size0`, `size1`, …), counted up to
 * SIZE_COUNT_CAP: cheap covering index scans (~55 ns an entry on SQLite) to order the filters for
 * intersection. Filters past the cap all select many runs; they keep the request's order.
 */
export function buildFilterSizes(criteria: SearchCriteria): Statement {
  const params = new Parameters();
  const scope = scopeOf(criteria, params);
  const sizes = criteria.filters.map(
    (filter, index) => `(SELECT COUNT(*) FROM (${branch(filter, scope, params)} LIMIT ${SIZE_COUNT_CAP}) f) AS size${index}`,
  );
  return { sql: `SELECT ${sizes.join(', ')}`, params: params.values };
}

/**
 * Measured on 100,000 runs, two ranges (2 % and 10 % of the values): counting in full costs
 * 670 µs, a third of the search; capped at 4,096, 440 µs with the same order. For 20 % and 40 %,
 * 3.4 ms in full against 0.6 ms capped, while the order past the cap is worth ~7 ms at most.
 */
const SIZE_COUNT_CAP = 4096;

/**
 * The runs whose parameter satisfies every condition of the filter. result_params rows fall in
 * three partitions, each with its own partial index: numbers, short strings, and the rest. A
 * condition decides per partition whether its rows can match, and how; the filter selects from
 * each partition where all its conditions can hold.
 */
function branch(filter: ParameterFilter, scope: string, params: Parameters): string {
  const rules = filter.conditions.map(conditionRule);
  const feasible = PARTITIONS.filter((partition) => rules.every((rule) => rule[partition] !== false));
  // Still names the scope's parameter, which every statement binds.
  if (feasible.length === 0) return `SELECT result_id FROM result_params WHERE ${scope} AND 1 = 0`;
  // Parameters are bound only when used: PostgreSQL refuses unused ones.
  const name = params.add(filter.name);
  const parts = feasible.map((partition) => {
    const conditions = [
      scope,
      `param_class = ${CLASS_LITERAL[filter.paramClass]}`,
      `name = ${name}`,
      PARTITION_SQL[partition],
      ...rules.map((rule) => rule[partition]).flatMap((predicate) => (typeof predicate === 'function' ? [predicate(params)] : [])),
    ];
    return `SELECT result_id FROM result_params WHERE ${conditions.join(' AND ')}`;
  });
  if (parts.length === 1) return parts[0];
  // SQLite allows no parentheses inside a compound SELECT, hence the subquery.
  return `SELECT result_id FROM (${parts.join(' UNION ALL ')}) alternatives`;
}

type Partition = 'number' | 'text' | 'other';

const PARTITIONS: readonly Partition[] = ['number', 'text', 'other'];

/** Must match the WHERE of each partial index exactly, or the planners will not use the index. */
const PARTITION_SQL: Record<Partition, string> = {
  number: 'num_value IS NOT NULL',
  text: 'text_value IS NOT NULL',
  other: 'num_value IS NULL AND text_value IS NULL',
};

/** Per partition: the predicate its rows must also meet, true (no constraint) or false (none can match). */
type Predicate = (params: Parameters) => string;
type PartitionRule = Record<Partition, Predicate | boolean>;

const partitionOf = (column: ValueKey['column']): Partition =>
  column === 'num_value' ? 'number' : column === 'text_value' ? 'text' : 'other';

function only(partition: Partition, predicate: Predicate): PartitionRule {
  return { number: false, text: false, other: false, [partition]: predicate };
}

function conditionRule(condition: FilterCondition): PartitionRule {
  switch (condition.kind) {
    case 'equal': {
      const { column, key } = condition.value;
      // value_type first lets the "other" index seek straight to the booleans.
      const typed = column === 'bool_value' ? "value_type = 'boolean' AND " : '';
      return only(partitionOf(column), (params) => `${typed}${column} = ${params.add(key)}`);
    }
    case 'notEqual': {
      // "Has the parameter and it differs": a value of another type differs, so the other
      // partitions match whole. In the "other" partition the column may be NULL (another type).
      const { column, key } = condition.value;
      const partition = partitionOf(column);
      const differs: Predicate = (params) =>
        partition === 'other' ? `(${column} IS NULL OR ${column} <> ${params.add(key)})` : `${column} <> ${params.add(key)}`;
      return { number: true, text: true, other: true, [partition]: differs };
    }
    case 'range':
      return only('number', (params) => `num_value ${condition.operator} ${params.add(condition.value)}`);
    case 'in': {
      const rule: PartitionRule = { number: false, text: false, other: false };
      const byColumn = new Map<ValueKey['column'], unknown[]>();
      for (const { column, key } of condition.values) byColumn.set(column, [...(byColumn.get(column) ?? []), key]);
      for (const partition of PARTITIONS) {
        const columns = [...byColumn].filter(([column]) => partitionOf(column) === partition);
        if (columns.length === 0) continue;
        rule[partition] = (params) => {
          const alternatives = columns.map(([column, keys]) => `${column} IN (${keys.map((key) => params.add(key)).join(', ')})`);
          return alternatives.length === 1 ? alternatives[0] : `(${alternatives.join(' OR ')})`;
        };
      }
      return rule;
    }
  }
}
