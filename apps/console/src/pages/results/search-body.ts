// Filters → the body of POST /search and POST /aggregate (the results service's operators
// $eq $ne $gt $gte $lt $lte $in, and the run's version and status).
import { inValues, isField, type ColumnRef, type ParamClass, type ParamRef, type ResultFilter, type RunField } from './results-state';

export type ParamTypes = Record<string, string | undefined>;
type Condition = Record<string, unknown>;

/** The runs a POST /search or POST /aggregate body is about: a simulation's, narrowed by version, status and filters. */
interface RunSelection {
  simulation_name: string;
  simulation_version?: string;
  status?: string;
  input_filters?: Record<string, Condition>;
  output_filters?: Record<string, Condition>;
}

export interface SearchBody extends RunSelection {
  limit: number;
  offset?: number;
  cursor?: string;
  order_by?: OrderKey[];
}

/** Which runs a view keeps besides its parameter filters. */
export interface RunScope {
  version?: string;
  status?: string;
}

type Direction = 'asc' | 'desc';
export type OrderKey = { class: ParamClass; name: string; direction: Direction } | { field: RunField; direction: Direction };

const NUMERIC_TYPES = new Set(['number', 'integer', 'Number', 'Integer', 'float', 'int', 'real']);

/**
 * A filter's value as the service compares it: ordering operators take numbers; = and ≠ compare
 * numbers numerically, so a numeric-looking value of a numeric (or unknown) parameter is sent as a
 * number, `true`/`false` of a boolean parameter as a boolean, anything else as text.
 */
export function filterValue(filter: ResultFilter, type: string | undefined): unknown {
  if (filter.op === 'in') return inValues(filter.value).map((value) => filterValue({ ...filter, op: 'eq', value }, type));
  const text = filter.value.trim();
  const number = text === '' ? Number.NaN : Number(text);
  if (filter.op !== 'eq' && filter.op !== 'ne') return number;
  if (type === 'boolean' || type === 'Boolean') {
    if (text === 'true') return true;
    if (text === 'false') return false;
  }
  if (Number.isFinite(number) && (type === undefined || NUMERIC_TYPES.has(type))) return number;
  return filter.value;
}

/** Problems that would make the service refuse the body, by filter index. */
export function filterProblems(filters: ResultFilter[]): Map<number, string> {
  const problems = new Map<number, string>();
  filters.forEach((filter, index) => {
    if (!filter.name) problems.set(index, 'pick a parameter');
    else if (filter.op === 'in' && inValues(filter.value).length === 0) problems.set(index, 'needs a value');
    else if (filter.op !== 'eq' && filter.op !== 'ne' && filter.op !== 'in' && !Number.isFinite(Number(filter.value.trim() || 'x'))) {
      problems.set(index, 'needs a number');
    }
  });
  return problems;
}

export function buildSearchBody(
  simulation: string,
  filters: ResultFilter[],
  types: { input: ParamTypes; output: ParamTypes },
  page: { limit: number; offset?: number; cursor?: string },
  scope: RunScope = {},
): SearchBody {
  const groups: Record<ParamClass, Record<string, Condition>> = { input: {}, output: {} };
  const problems = filterProblems(filters);
  filters.forEach((filter, index) => {
    if (problems.has(index)) return;
    const condition = (groups[filter.cls][filter.name] ??= {});
    condition[`$${filter.op}`] = filterValue(filter, types[filter.cls][filter.name]);
  });
  const body: SearchBody = { simulation_name: simulation, limit: page.limit };
  if (page.cursor !== undefined) body.cursor = page.cursor;
  else body.offset = page.offset ?? 0;
  if (scope.version) body.simulation_version = scope.version;
  if (scope.status) body.status = scope.status;
  if (Object.keys(groups.input).length > 0) body.input_filters = groups.input;
  if (Object.keys(groups.output).length > 0) body.output_filters = groups.output;
  return body;
}

/** The table's sort as order_by: one key, a run field or a parameter; none: the service's newest first. */
export function orderBy(sort: ColumnRef | undefined, descending: boolean): OrderKey[] | undefined {
  if (!sort) return undefined;
  const direction = descending ? 'desc' : 'asc';
  return isField(sort) ? [{ field: sort.field, direction }] : [{ class: sort.cls, name: sort.name, direction }];
}

export interface AggregateBody extends RunSelection {
  params: { class: ParamClass; name: string }[];
  histogram?: { class: ParamClass; name: string; bins: number; scale: 'linear' | 'log' };
  values?: { class: ParamClass; name: string };
}

/** A POST /aggregate body over the runs a search body keeps (its filters; no paging or order). */
export function aggregateBody(
  search: SearchBody,
  params: ParamRef[],
  extra: { histogram?: { param: ParamRef; bins: number; log?: boolean }; values?: ParamRef } = {},
): AggregateBody {
  const body: AggregateBody = { simulation_name: search.simulation_name, params: params.map((p) => ({ class: p.cls, name: p.name })) };
  for (const key of ['simulation_version', 'status', 'input_filters', 'output_filters'] as const) {
    if (search[key] !== undefined) Object.assign(body, { [key]: search[key] });
  }
  if (extra.histogram) {
    const { param, bins, log } = extra.histogram;
    body.histogram = { class: param.cls, name: param.name, bins, scale: log ? 'log' : 'linear' };
  }
  if (extra.values) body.values = { class: extra.values.cls, name: extra.values.name };
  return body;
}
