import { useState, type FormEvent } from 'react';
import { OPERATORS, paramKey, parseParamRef, type FilterOperator, type ParamRef, type ResultFilter } from './results-state';
import { filterProblems } from './search-body';

/**
 * Filters per parameter, edited as a draft and applied together (one URL change, one search).
 * The parent keys it by the applied filters, so a URL change starts a fresh draft.
 */
export function ResultsFilters({
  params,
  filters,
  onApply,
}: {
  params: ParamRef[];
  filters: ResultFilter[];
  onApply: (filters: ResultFilter[]) => void;
}) {
  const [draft, setDraft] = useState<ResultFilter[]>(filters);
  const problems = filterProblems(draft);

  const update = (index: number, change: Partial<ResultFilter>) =>
    setDraft((rows) => rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const add = () => {
    const first = params[0];
    if (first) setDraft((rows) => [...rows, { ...first, op: 'eq', value: '' }]);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problems.size === 0) onApply(draft);
  };

  return (
    <form className="filters" onSubmit={submit} aria-label="Filters">
      {draft.map((filter, index) => (
        <div className="filter-row" key={index}>
          <select
            aria-label={`Filter ${index + 1} parameter`}
            value={paramKey(filter)}
            onChange={(e) => {
              const ref = parseParamRef(e.target.value);
              if (ref) update(index, ref);
            }}
          >
            {params.map((p) => (
              <option key={paramKey(p)} value={paramKey(p)}>
                {p.name} ({p.cls})
              </option>
            ))}
          </select>
          <select
            aria-label={`Filter ${index + 1} operator`}
            value={filter.op}
            onChange={(e) => update(index, { op: e.target.value as FilterOperator })}
          >
            {OPERATORS.map((o) => (
              <option key={o.op} value={o.op}>
                {o.label}
              </option>
            ))}
          </select>
          <input
            aria-label={`Filter ${index + 1} value`}
            value={filter.value}
            onChange={(e) => update(index, { value: e.target.value })}
            aria-invalid={problems.has(index)}
          />
          <button
            type="button"
            className="icon"
            aria-label={`Remove filter ${index + 1}`}
            onClick={() => setDraft((rows) => rows.filter((_, i) => i !== index))}
          >
            ×
          </button>
          {problems.has(index) && <span className="warn small">{problems.get(index)}</span>}
        </div>
      ))}
      <div className="actions">
        <button type="button" className="secondary" onClick={add} disabled={params.length === 0}>
          Add filter
        </button>
        <button type="submit" disabled={problems.size > 0}>
          Apply filters
        </button>
      </div>
    </form>
  );
}
