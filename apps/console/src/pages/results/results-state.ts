// The Results view's state lives in the URL (so a link can be shared): which simulation, the
// filters, the plot (kind, axes, colour, log scales), the table's sort, page cursor and columns,
// and the runs selected for comparison. Pure functions, unit-tested.

export type ParamClass = 'input' | 'output';
export type FilterOperator = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'in';

export const OPERATORS: { op: FilterOperator; label: string }[] = [
  { op: 'eq', label: '=' },
  { op: 'ne', label: '≠' },
  { op: 'gt', label: '>' },
  { op: 'gte', label: '≥' },
  { op: 'lt', label: '<' },
  { op: 'lte', label: '≤' },
  { op: 'in', label: 'in' },
];

/** A parameter of a run: `input:length` or `output:max_temp` in the URL. */
export interface ParamRef {
  cls: ParamClass;
  name: string;
}

export interface ResultFilter extends ParamRef {
  op: FilterOperator;
  /** For `in`, the values separated by commas. */
  value: string;
}

/** Columns of a run itself (the results service sorts by each: order_by `{field}`). */
export const RUN_FIELDS = ['execution_id', 'simulation_version', 'status', 'completed_at', 'duration_seconds'] as const;
export type RunField = (typeof RUN_FIELDS)[number];

/** A column of the runs table or a sort key: a run field or a parameter. */
export type ColumnRef = { field: RunField } | ParamRef;

export type PlotKind = 'scatter' | 'parallel';

/** At most this many runs are selected for comparison. */
export const MAX_SELECTED = 20;

export interface ResultsViewState {
  simulation: string;
  version?: string;
  status?: string;
  filters: ResultFilter[];
  plot: PlotKind;
  x?: ParamRef;
  y?: ParamRef;
  color?: ParamRef;
  logX: boolean;
  logY: boolean;
  /** The parallel coordinates' axes; none: the default ones. */
  axes: ParamRef[];
  sort?: ColumnRef;
  descending: boolean;
  /** The cursor of the table page shown (none: the first page). */
  at?: string;
  /** The table's columns; none: the default ones. */
  columns?: ColumnRef[];
  /** Runs selected for comparison (execution ids). */
  selected: string[];
}

export const EMPTY_VIEW: ResultsViewState = {
  simulation: '',
  filters: [],
  plot: 'scatter',
  logX: false,
  logY: false,
  axes: [],
  descending: false,
  selected: [],
};

const OPS = new Set<string>(OPERATORS.map((o) => o.op));
const FIELDS = new Set<string>(RUN_FIELDS);

export function paramKey(ref: ParamRef): string {
  return `${ref.cls}:${ref.name}`;
}

export function isField(ref: ColumnRef): ref is { field: RunField } {
  return 'field' in ref;
}

export function columnKey(ref: ColumnRef): string {
  return isField(ref) ? ref.field : paramKey(ref);
}

export function sameColumn(a: ColumnRef | undefined, b: ColumnRef | undefined): boolean {
  return a !== undefined && b !== undefined && columnKey(a) === columnKey(b);
}

export function parseParamRef(text: string | null): ParamRef | undefined {
  if (!text) return undefined;
  const colon = text.indexOf(':');
  const cls = text.slice(0, colon);
  const name = text.slice(colon + 1);
  return colon > 0 && name && (cls === 'input' || cls === 'output') ? { cls, name } : undefined;
}

export function parseColumnRef(text: string | null): ColumnRef | undefined {
  if (text && FIELDS.has(text)) return { field: text as RunField };
  return parseParamRef(text);
}

/** `input:length:gte:1.5` — the name is percent-encoded so it may hold colons; the value is the rest. */
export function formatFilter(filter: ResultFilter): string {
  return `${filter.cls}:${encodeURIComponent(filter.name)}:${filter.op}:${filter.value}`;
}

export function parseFilter(text: string): ResultFilter | undefined {
  const [cls, encodedName, op, ...rest] = text.split(':');
  if ((cls !== 'input' && cls !== 'output') || !encodedName || !OPS.has(op) || rest.length === 0) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(encodedName);
  } catch {
    return undefined;
  }
  return { cls, name, op: op as FilterOperator, value: rest.join(':') };
}

/** The values of an `in` filter: its comma-separated parts, trimmed, empty ones left out. */
export function inValues(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

const refs = (texts: string[]) => texts.flatMap((text) => parseParamRef(text) ?? []);

export function parseResultsState(params: URLSearchParams): ResultsViewState {
  const log = params.get('log') ?? '';
  const columns = params.getAll('col').flatMap((text) => parseColumnRef(text) ?? []);
  return {
    simulation: params.get('sim') ?? '',
    version: params.get('version') || undefined,
    status: params.get('status') || undefined,
    filters: params.getAll('f').flatMap((text) => parseFilter(text) ?? []),
    plot: params.get('plot') === 'parallel' ? 'parallel' : 'scatter',
    x: parseParamRef(params.get('x')),
    y: parseParamRef(params.get('y')),
    color: parseParamRef(params.get('c')),
    logX: log.includes('x'),
    logY: log.includes('y'),
    axes: refs(params.getAll('ax')),
    sort: parseColumnRef(params.get('sort')),
    descending: params.get('dir') === 'desc',
    at: params.get('at') || undefined,
    columns: columns.length > 0 ? columns : undefined,
    selected: [...new Set(params.getAll('sel').filter((id) => id !== ''))].slice(0, MAX_SELECTED),
  };
}

export function resultsStateToParams(state: ResultsViewState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.simulation) params.set('sim', state.simulation);
  if (state.version) params.set('version', state.version);
  if (state.status) params.set('status', state.status);
  for (const filter of state.filters) params.append('f', formatFilter(filter));
  if (state.plot === 'parallel') params.set('plot', 'parallel');
  if (state.x) params.set('x', paramKey(state.x));
  if (state.y) params.set('y', paramKey(state.y));
  if (state.color) params.set('c', paramKey(state.color));
  const log = `${state.logX ? 'x' : ''}${state.logY ? 'y' : ''}`;
  if (log) params.set('log', log);
  for (const axis of state.axes) params.append('ax', paramKey(axis));
  if (state.sort) {
    params.set('sort', columnKey(state.sort));
    if (state.descending) params.set('dir', 'desc');
  }
  if (state.at) params.set('at', state.at);
  for (const column of state.columns ?? []) params.append('col', columnKey(column));
  for (const id of state.selected) params.append('sel', id);
  return params;
}

/**
 * A change of the view: anything that changes which runs match, or their order, starts the table
 * at its first page again (a cursor belongs to one search).
 */
export function changeView(state: ResultsViewState, change: Partial<ResultsViewState>): ResultsViewState {
  const next = { ...state, ...change };
  const resets = ['simulation', 'version', 'status', 'filters', 'sort', 'descending'] as const;
  if (!('at' in change) && resets.some((key) => key in change)) delete next.at;
  return next;
}

/** Shift-click selection: the runs from the last one clicked to this one, all set as the clicked one is set. */
export function selectRange(selected: string[], order: string[], anchor: string | undefined, clicked: string, on: boolean): string[] {
  const from = anchor === undefined ? -1 : order.indexOf(anchor);
  const to = order.indexOf(clicked);
  const range = from < 0 || to < 0 ? [clicked] : order.slice(Math.min(from, to), Math.max(from, to) + 1);
  const set = new Set(selected);
  for (const id of range) {
    if (on) set.add(id);
    else set.delete(id);
  }
  return [...set].slice(0, MAX_SELECTED);
}
