// The Results view's state lives in the URL (so a link can be shared): which simulation, the
// filters, the plotted parameters, the table's sort and page. Pure functions, unit-tested.

export type ParamClass = 'input' | 'output';
export type FilterOperator = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte';

export const OPERATORS: { op: FilterOperator; label: string }[] = [
  { op: 'eq', label: '=' },
  { op: 'ne', label: '≠' },
  { op: 'gt', label: '>' },
  { op: 'gte', label: '≥' },
  { op: 'lt', label: '<' },
  { op: 'lte', label: '≤' },
];

/** A parameter of a run: `input:length` or `output:max_temp` in the URL. */
export interface ParamRef {
  cls: ParamClass;
  name: string;
}

export interface ResultFilter extends ParamRef {
  op: FilterOperator;
  value: string;
}

export interface ResultsViewState {
  simulation: string;
  filters: ResultFilter[];
  x?: ParamRef;
  y?: ParamRef;
  sort?: ParamRef;
  descending: boolean;
  page: number;
}

const OPS = new Set<string>(OPERATORS.map((o) => o.op));

export function paramKey(ref: ParamRef): string {
  return `${ref.cls}:${ref.name}`;
}

export function parseParamRef(text: string | null): ParamRef | undefined {
  if (!text) return undefined;
  const colon = text.indexOf(':');
  const cls = text.slice(0, colon);
  const name = text.slice(colon + 1);
  return colon > 0 && name && (cls === 'input' || cls === 'output') ? { cls, name } : undefined;
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

export function parseResultsState(params: URLSearchParams): ResultsViewState {
  const page = Number(params.get('page'));
  return {
    simulation: params.get('sim') ?? '',
    filters: params.getAll('f').flatMap((text) => parseFilter(text) ?? []),
    x: parseParamRef(params.get('x')),
    y: parseParamRef(params.get('y')),
    sort: parseParamRef(params.get('sort')),
    descending: params.get('dir') === 'desc',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function resultsStateToParams(state: ResultsViewState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.simulation) params.set('sim', state.simulation);
  for (const filter of state.filters) params.append('f', formatFilter(filter));
  if (state.x) params.set('x', paramKey(state.x));
  if (state.y) params.set('y', paramKey(state.y));
  if (state.sort) {
    params.set('sort', paramKey(state.sort));
    if (state.descending) params.set('dir', 'desc');
  }
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}
