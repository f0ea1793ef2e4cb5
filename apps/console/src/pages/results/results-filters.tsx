import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../../api/client';
import { call } from '../../api/service-error';
import { inValues, OPERATORS, paramKey, parseParamRef, type FilterOperator, type ParamRef, type ResultFilter } from './results-state';
import { aggregateBody, filterProblems } from './search-body';
import { ChoiceOptions } from '../../components/choice-options';

export type ParamType = 'text' | 'boolean' | 'other';

/** The statuses a run may have (contract: pending → running → completed | failed, and cached). */
export const STATUSES = ['completed', 'cached', 'failed', 'running', 'pending'];

export interface RunScopeDraft {
  version?: string;
  status?: string;
}

/**
 * Filters per parameter plus the run's version and status, edited as a draft and applied together
 * (one URL change, one search). The parent keys it by the applied filters, so a URL change starts
 * a fresh draft. A text parameter's value is chosen from the values its runs have.
 */
export function ResultsFilters({
  simulation,
  params,
  typeOf,
  filters,
  scope,
  versions,
  onApply,
}: {
  simulation: string;
  params: ParamRef[];
  typeOf: (ref: ParamRef) => ParamType;
  filters: ResultFilter[];
  scope: RunScopeDraft;
  versions: string[];
  onApply: (filters: ResultFilter[], scope: RunScopeDraft) => void;
}) {
  const [draft, setDraft] = useState<ResultFilter[]>(filters);
  const [version, setVersion] = useState(scope.version ?? '');
  const [status, setStatus] = useState(scope.status ?? '');
  const problems = filterProblems(draft);

  const update = (index: number, change: Partial<ResultFilter>) =>
    setDraft((rows) => rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const add = () => {
    const first = params[0];
    if (first) setDraft((rows) => [...rows, { ...first, op: 'eq', value: '' }]);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problems.size === 0) onApply(draft, { version: version || undefined, status: status || undefined });
  };
  const versionChoices = version && !versions.includes(version) ? [version, ...versions] : versions;
  const statusChoices = status && !STATUSES.includes(status) ? [status, ...STATUSES] : STATUSES;

  return (
    <form className="filters" onSubmit={submit} aria-label="Filters">
      <div className="filter-row">
        <label className="inline-label">
          Version
          <select value={version} onChange={(e) => setVersion(e.target.value)}>
            <ChoiceOptions none="any" choices={versionChoices} />
          </select>
        </label>
        <label className="inline-label">
          Status
          <select value={status} onChange={(e) => setStatus(e.target.value)}>
            <ChoiceOptions none="any" choices={statusChoices} />
          </select>
        </label>
      </div>
      {draft.map((filter, index) => (
        <div className="filter-row" key={index}>
          <select
            aria-label={`Filter ${index + 1} parameter`}
            value={paramKey(filter)}
            onChange={(e) => {
              const ref = parseParamRef(e.target.value);
              if (ref) update(index, { ...ref, value: '' });
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
          <ValueEditor
            simulation={simulation}
            filter={filter}
            type={typeOf(filter)}
            label={`Filter ${index + 1} value`}
            invalid={problems.has(index)}
            onChange={(value) => update(index, { value })}
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

/** The text values of a parameter among the simulation's runs (POST /aggregate `values`). */
function useTextValues(simulation: string, ref: ParamRef, enabled: boolean) {
  return useQuery({
    queryKey: ['text-values', simulation, ref.cls, ref.name],
    enabled,
    queryFn: () =>
      call('results', () =>
        api.results.POST('/aggregate', { body: aggregateBody({ simulation_name: simulation, limit: 1 }, [], { values: ref }) }),
      ),
    select: (answer) => ({ values: answer.values?.values.map((v) => v.value) ?? [], more: answer.values?.more ?? false }),
    staleTime: 60_000,
  });
}

/**
 * The value of a filter: a choice among a text parameter's values (several for `in`), true/false
 * for a boolean, else free text (for `in`, values separated by commas).
 */
function ValueEditor({
  simulation,
  filter,
  type,
  label,
  invalid,
  onChange,
}: {
  simulation: string;
  filter: ResultFilter;
  type: ParamType;
  label: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  const ordering = filter.op !== 'eq' && filter.op !== 'ne' && filter.op !== 'in';
  const values = useTextValues(simulation, filter, type === 'text' && !ordering);
  const listed = type === 'boolean' ? ['true', 'false'] : (values.data?.values ?? []);
  const choose = !ordering && listed.length > 0 && !values.data?.more;
  if (choose && filter.op === 'in') {
    const chosen = inValues(filter.value);
    const options = [...new Set([...chosen, ...listed])];
    return (
      <select
        multiple
        aria-label={label}
        size={Math.min(4, options.length)}
        value={chosen}
        aria-invalid={invalid}
        onChange={(e) => onChange(Array.from(e.target.selectedOptions, (o) => o.value).join(','))}
      >
        <ChoiceOptions choices={options} />
      </select>
    );
  }
  if (choose) {
    const options = filter.value && !listed.includes(filter.value) ? [filter.value, ...listed] : listed;
    return (
      <select aria-label={label} value={filter.value} aria-invalid={invalid} onChange={(e) => onChange(e.target.value)}>
        <ChoiceOptions none="— value —" choices={options} />
      </select>
    );
  }
  const listId = `values-${paramKey(filter).replace(/[^a-z0-9_-]/gi, '_')}`;
  return (
    <>
      <input
        aria-label={label}
        value={filter.value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid}
        list={listed.length > 0 ? listId : undefined}
        placeholder={filter.op === 'in' ? 'a, b, c' : undefined}
      />
      {listed.length > 0 && (
        <datalist id={listId}>
          {listed.map((v) => (
            <option key={v} value={v} />
          ))}
        </datalist>
      )}
    </>
  );
}
