// Filters → the body of POST /search (the results service's operators $eq $ne $gt $gte $lt $lte).
import type { ParamClass, ResultFilter } from './results-state';

export type ParamTypes = Record<string, string | undefined>;
type Condition = Record<string, unknown>;

export interface SearchBody {
  simulation_name: string;
  input_filters?: Record<string, Condition>;
  output_filters?: Record<string, Condition>;
  limit: number;
  offset: number;
}

const NUMERIC_TYPES = new Set(['number', 'integer', 'Number', 'Integer', 'float', 'int', 'real']);

/**
 * A filter's value as the service compares it: ordering operators take numbers; = and ≠ compare
 * numbers numerically, so a numeric-looking value of a numeric (or unknown) parameter is sent as a
 * number, `true`/`false` of a boolean parameter as a boolean, anything else as text.
 */
export function filterValue(filter: ResultFilter, type: string | undefined): unknown {
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
    else if (filter.op !== 'eq' && filter.op !== 'ne' && !Number.isFinite(Number(filter.value.trim() || 'x'))) {
      problems.set(index, 'needs a number');
    }
  });
  return problems;
}

export function buildSearchBody(
  simulation: string,
  filters: ResultFilter[],
  types: { input: ParamTypes; output: ParamTypes },
  page: { limit: number; offset: number },
): SearchBody {
  const groups: Record<ParamClass, Record<string, Condition>> = { input: {}, output: {} };
  const problems = filterProblems(filters);
  filters.forEach((filter, index) => {
    if (problems.has(index)) return;
    const condition = (groups[filter.cls][filter.name] ??= {});
    condition[`$${filter.op}`] = filterValue(filter, types[filter.cls][filter.name]);
  });
  const body: SearchBody = { simulation_name: simulation, limit: page.limit, offset: page.offset };
  if (Object.keys(groups.input).length > 0) body.input_filters = groups.input;
  if (Object.keys(groups.output).length > 0) body.output_filters = groups.output;
  return body;
}

/**
 * The body counting the runs whose `param` falls in [low, high) (or [low, high] for the last bin),
 * on top of the view's filters: a filter on the same parameter still holds (the tighter bound wins).
 */
export function binCountBody(
  base: SearchBody,
  param: { cls: ParamClass; name: string },
  low: number,
  high: number,
  closed: boolean,
): SearchBody {
  const key = param.cls === 'input' ? 'input_filters' : 'output_filters';
  const existing = base[key] ?? {};
  const condition: Condition = { ...(existing[param.name] ?? {}) };
  const tighter = (op: string, value: number, pick: (a: number, b: number) => number) => {
    const current = condition[op];
    condition[op] = typeof current === 'number' ? pick(current, value) : value;
  };
  tighter('$gte', low, Math.max);
  tighter(closed ? '$lte' : '$lt', high, Math.min);
  return { ...base, [key]: { ...existing, [param.name]: condition }, limit: 1, offset: 0 };
}
