// The runs table's columns: the run's own fields and its parameters. Pure, unit-tested.
import type { SearchHit } from '../../api/types';
import { columnKey, isField, type ColumnRef, type ParamRef, type RunField } from './results-state';
import { valueOf } from './use-result-params';

export const FIELD_LABELS: Record<RunField, string> = {
  execution_id: 'Run',
  simulation_version: 'Version',
  status: 'Status',
  completed_at: 'Completed (UTC)',
  duration_seconds: 'Duration',
};

/** The fields shown by default (the run id is always shown, first). */
export const DEFAULT_FIELDS: RunField[] = ['simulation_version', 'status', 'completed_at', 'duration_seconds'];
/** Parameters shown by default: the first ones of the schema, so the table fits 1440 px without scrolling sideways. */
export const DEFAULT_PARAMS = 6;

/** The columns after the run id: the chosen ones, or the default fields and first parameters. */
export function visibleColumns(chosen: ColumnRef[] | undefined, params: ParamRef[]): ColumnRef[] {
  if (chosen) return chosen.filter((ref) => !(isField(ref) && ref.field === 'execution_id'));
  return [...DEFAULT_FIELDS.map((field) => ({ field })), ...params.slice(0, DEFAULT_PARAMS)];
}

/** Every column the chooser offers, in the table's order. */
export function allColumns(params: ParamRef[]): ColumnRef[] {
  return [...DEFAULT_FIELDS.map((field) => ({ field })), ...params];
}

/** The chosen columns with one switched on or off, kept in the chooser's order. */
export function toggleColumn(shown: ColumnRef[], all: ColumnRef[], column: ColumnRef, on: boolean): ColumnRef[] {
  const keys = new Set(shown.map(columnKey));
  if (on) keys.add(columnKey(column));
  else keys.delete(columnKey(column));
  return all.filter((ref) => keys.has(columnKey(ref)));
}

export function cellValue(hit: SearchHit, column: ColumnRef): unknown {
  return isField(column) ? hit[column.field] : valueOf(hit, column);
}
