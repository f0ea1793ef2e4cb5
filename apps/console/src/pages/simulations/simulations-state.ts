import type { Simulation } from '../../api/types';

export interface SimulationsViewState {
  query: string;
  tags: string[];
  page: number;
}

export function parseSimulationsState(params: URLSearchParams): SimulationsViewState {
  const page = Number(params.get('page'));
  return {
    query: params.get('q') ?? '',
    tags: (params.get('tags') ?? '')
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function simulationsStateToParams(state: SimulationsViewState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.query) params.set('q', state.query);
  if (state.tags.length > 0) params.set('tags', state.tags.join(','));
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/**
 * The catalog searches versions; the list shows simulations. Versions of one name on the page
 * collapse into one item showing the first: the service lists a name's versions together, highest
 * version first, so the first is the latest the detail page opens.
 */
export function groupByName(items: Simulation[]): { name: string; latest: Simulation; versions: string[] }[] {
  const groups = new Map<string, { name: string; latest: Simulation; versions: string[] }>();
  for (const item of items) {
    const group = groups.get(item.name);
    if (group) group.versions.push(item.version);
    else groups.set(item.name, { name: item.name, latest: item, versions: [item.version] });
  }
  return [...groups.values()];
}
