import { columnKey, isField, type ColumnRef } from './results-state';
import { FIELD_LABELS, toggleColumn } from './table-columns';

/** Which columns the runs table shows (kept in the URL as `col`); the run id is always shown. */
export function ColumnChooser({
  all,
  shown,
  onChange,
}: {
  all: ColumnRef[];
  shown: ColumnRef[];
  onChange: (columns: ColumnRef[]) => void;
}) {
  const keys = new Set(shown.map(columnKey));
  return (
    <details className="column-chooser">
      <summary>Columns ({shown.length + 1})</summary>
      <fieldset>
        <legend className="visually-hidden">Columns shown</legend>
        {all.map((column) => {
          const key = columnKey(column);
          return (
            <label key={key} className="check">
              <input
                type="checkbox"
                checked={keys.has(key)}
                onChange={(event) => onChange(toggleColumn(shown, all, column, event.target.checked))}
              />
              {isField(column) ? FIELD_LABELS[column.field] : `${column.name} (${column.cls})`}
            </label>
          );
        })}
      </fieldset>
    </details>
  );
}
