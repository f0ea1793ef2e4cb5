// The compare view's state (in the URL: the simulation, the runs, whether only differences are
// shown) and its rows. Pure functions, unit-tested.
import type { Result } from '../../api/types';
import { MAX_SELECTED, type ParamClass } from './results-state';

export interface CompareState {
  simulation: string;
  runs: string[];
  onlyDifferences: boolean;
}

export function compareLink(simulation: string, runs: string[]): string {
  return `/compare?${compareStateToParams({ simulation, runs, onlyDifferences: false }).toString()}`;
}

export function parseCompareState(params: URLSearchParams): CompareState {
  return {
    simulation: params.get('sim') ?? '',
    runs: [...new Set(params.getAll('run').filter((id) => id !== ''))].slice(0, MAX_SELECTED),
    onlyDifferences: params.get('diff') === '1',
  };
}

export function compareStateToParams(state: CompareState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.simulation) params.set('sim', state.simulation);
  for (const run of state.runs) params.append('run', run);
  if (state.onlyDifferences) params.set('diff', '1');
  return params;
}

export interface CompareRow {
  /** `run` for the run's own fields. */
  group: ParamClass | 'run';
  name: string;
  units?: string | null;
  values: unknown[];
  /** Whether the runs' values are not all the same (a run lacking the value differs from one having it). */
  differs: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function row(group: CompareRow['group'], name: string, values: unknown[], units?: string | null): CompareRow {
  return { group, name, units, values, differs: values.some((value) => !same(value, values[0])) };
}

/** One row per field, input and output any of the runs has, in the order first seen; values by run. */
export function compareRows(runs: Result[]): CompareRow[] {
  const rows: CompareRow[] = [
    row(
      'run',
      'version',
      runs.map((r) => r.simulation_version),
    ),
    row(
      'run',
      'status',
      runs.map((r) => r.status),
    ),
    row(
      'run',
      'duration',
      runs.map((r) => r.duration_seconds),
      's',
    ),
  ];
  for (const group of ['input', 'output'] as const) {
    const names = new Set<string>();
    for (const run of runs) for (const name of Object.keys(group === 'input' ? run.input_params : run.output_params)) names.add(name);
    for (const name of names) {
      const values = runs.map((run) => (group === 'input' ? run.input_params : run.output_params)[name]);
      const schema = runs.map((run) => (group === 'input' ? run.schema.inputs : run.schema.outputs)[name]).find((s) => s !== undefined);
      rows.push(row(group, name, values, schema?.units));
    }
  }
  return rows;
}

/** The rows a chart can overlay: parameters every run has as a number. */
export function numericRows(rows: CompareRow[]): CompareRow[] {
  return rows.filter((r) => r.group !== 'run' && r.values.length > 0 && r.values.every((v) => typeof v === 'number' && Number.isFinite(v)));
}
