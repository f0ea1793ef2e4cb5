import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { call } from '../../api/service-error';
import type { SearchHit, Simulation } from '../../api/types';
import type { ParamRef } from './results-state';
import type { ParamTypes } from './search-body';

export interface ResultParams {
  refs: ParamRef[];
  types: { input: ParamTypes; output: ParamTypes };
  units: { input: Record<string, string | null | undefined>; output: Record<string, string | null | undefined> };
}

/** The catalog's latest version of a simulation; settled (maybe failed) once its schema is known or known to be missing. */
export function useLatestSchema(simulation: string) {
  return useQuery({
    queryKey: ['simulation', simulation, 'latest'],
    queryFn: () => call('catalog', () => api.catalog.GET('/simulations/{simulation}', { params: { path: { simulation } } })),
    enabled: simulation !== '',
    retry: false,
  });
}

/**
 * A simulation's parameters: the catalog schema's, plus any the runs carry that it does not
 * (results may come from versions with other parameters).
 */
export function resultParams(schema: Simulation | undefined, hits: SearchHit[] | undefined): ResultParams {
  const result: ResultParams = { refs: [], types: { input: {}, output: {} }, units: { input: {}, output: {} } };
  const seen = new Set<string>();
  const add = (cls: 'input' | 'output', name: string, type?: string, units?: string | null) => {
    if (seen.has(`${cls}:${name}`)) return;
    seen.add(`${cls}:${name}`);
    result.refs.push({ cls, name });
    if (type !== undefined) result.types[cls][name] = type;
    if (units !== undefined) result.units[cls][name] = units;
  };
  for (const [name, p] of Object.entries(schema?.input_schema ?? {})) add('input', name, p.type, p.units);
  for (const [name, p] of Object.entries(schema?.output_schema ?? {})) add('output', name, p.type, p.units);
  for (const hit of hits ?? []) {
    for (const name of Object.keys(hit.input_params)) add('input', name);
    for (const name of Object.keys(hit.output_params)) add('output', name);
  }
  return result;
}

export function valueOf(hit: SearchHit, ref: ParamRef): unknown {
  return ref.cls === 'input' ? hit.input_params[ref.name] : hit.output_params[ref.name];
}
