import { useRef } from 'react';
import { Link } from 'react-router';
import type { SearchHit } from '../../api/types';
import { exactValue, shortDuration, shortTime, shortValue } from './cell-format';
import { columnKey, isField, MAX_SELECTED, sameColumn, selectRange, type ColumnRef } from './results-state';
import { cellValue, FIELD_LABELS } from './table-columns';
import type { ResultParams } from './use-result-params';

/** Parameters whose columns align left, as text. */
const TEXT_TYPES = new Set(['string', 'str', 'text', 'boolean', 'bool']);

/**
 * A page of runs, sorted by the service (`order_by`) on the column whose header was clicked,
 * with a checkbox per run for comparison (shift-click selects a range).
 */
export function RunsTable({
  hits,
  params,
  columns,
  sort,
  descending,
  onSort,
  selected,
  onSelect,
}: {
  hits: SearchHit[];
  params: ResultParams;
  columns: ColumnRef[];
  sort: ColumnRef | undefined;
  descending: boolean;
  onSort: (sort: ColumnRef, descending: boolean) => void;
  selected: string[];
  onSelect: (selected: string[]) => void;
}) {
  const anchor = useRef<string | undefined>(undefined);
  const full = selected.length >= MAX_SELECTED;
  const order = hits.map((hit) => hit.execution_id);

  const header = (column: ColumnRef) => {
    const active = sameColumn(sort, column);
    const units = isField(column) ? undefined : params.units[column.cls][column.name];
    const name = isField(column) ? FIELD_LABELS[column.field] : column.name;
    const type = isField(column) ? undefined : params.types[column.cls][column.name]?.toLowerCase();
    const numeric = isField(column) ? column.field === 'duration_seconds' : !TEXT_TYPES.has(type ?? '');
    const cls = isField(column) ? '' : column.cls;
    return (
      <th
        key={columnKey(column)}
        scope="col"
        className={`${numeric ? 'num' : ''} ${cls}`.trim()}
        aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}
      >
        <button type="button" className="sort" onClick={() => onSort(column, active ? !descending : false)}>
          {name}
          {units ? <span className="units"> [{units}]</span> : null}
          {active ? (descending ? ' ▼' : ' ▲') : ''}
        </button>
      </th>
    );
  };

  const cell = (hit: SearchHit, column: ColumnRef) => {
    const value = cellValue(hit, column);
    if (isField(column)) {
      if (column.field === 'completed_at')
        return (
          <td key="completed_at" className="nowrap">
            {shortTime(hit.completed_at)}
          </td>
        );
      if (column.field === 'duration_seconds')
        return (
          <td key="duration_seconds" className="num nowrap" title={exactValue(hit.duration_seconds)}>
            {shortDuration(hit.duration_seconds)}
          </td>
        );
      return <td key={column.field}>{shortValue(value)}</td>;
    }
    return (
      <td key={columnKey(column)} className={typeof value === 'number' ? 'num' : undefined} title={exactValue(value)}>
        {shortValue(value)}
      </td>
    );
  };

  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Runs">
      <table className="results-table runs-table">
        <thead>
          <tr>
            <th scope="col" className="pick">
              <span className="visually-hidden">Compare</span>
            </th>
            <th scope="col" aria-sort={sameColumn(sort, { field: 'execution_id' }) ? (descending ? 'descending' : 'ascending') : 'none'}>
              <button
                type="button"
                className="sort"
                onClick={() => onSort({ field: 'execution_id' }, sameColumn(sort, { field: 'execution_id' }) ? !descending : false)}
              >
                Run{sameColumn(sort, { field: 'execution_id' }) ? (descending ? ' ▼' : ' ▲') : ''}
              </button>
            </th>
            {columns.map(header)}
          </tr>
        </thead>
        <tbody>
          {hits.map((hit) => {
            const id = hit.execution_id;
            const checked = selected.includes(id);
            return (
              <tr key={id} className={checked ? 'picked' : undefined}>
                <td className="pick">
                  <input
                    type="checkbox"
                    aria-label={`Select ${id} for comparison`}
                    checked={checked}
                    disabled={full && !checked}
                    onChange={() => undefined}
                    onClick={(event) => {
                      const on = !checked;
                      onSelect(
                        event.shiftKey
                          ? selectRange(selected, order, anchor.current, id, on)
                          : selectRange(selected, order, undefined, id, on),
                      );
                      anchor.current = id;
                    }}
                  />
                </td>
                <td className="run-id mono">
                  <Link to={`/results/${encodeURIComponent(id)}`} title={id}>
                    {id}
                  </Link>
                </td>
                {columns.map((column) => cell(hit, column))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
