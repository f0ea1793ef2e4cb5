import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { call } from '../../api/service-error';
import { PageTitle } from '../../components/page-title';
import { Pager } from '../../components/pager';
import { ExportButtons } from '../../downloads/export-buttons';
import { Empty, QueryView } from '../../components/states';
import { Histogram } from './histogram';
import { ResultsFilters } from './results-filters';
import {
  formatFilter,
  paramKey,
  parseParamRef,
  parseResultsState,
  resultsStateToParams,
  type ParamRef,
  type ResultsViewState,
} from './results-state';
import { ResultsTable } from './results-table';
import { ScatterPlot } from './scatter-plot';
import { buildSearchBody } from './search-body';
import { resultParams, useLatestSchema } from './use-result-params';

const PAGE_SIZE = 50;

export function ResultsPage() {
  const [params, setParams] = useSearchParams();
  const state = parseResultsState(params);
  const update = (change: Partial<ResultsViewState>) => setParams(resultsStateToParams({ ...state, ...change }));

  const simulations = useQuery({
    queryKey: ['simulation-names'],
    queryFn: () => call('catalog', () => api.catalog.GET('/simulations/search', { params: { query: { limit: 1000, status: 'all' } } })),
    select: (sims) => [...new Set(sims.map((s) => s.name))].sort(),
  });
  const names = simulations.data ?? [];
  const choices = state.simulation && !names.includes(state.simulation) ? [state.simulation, ...names] : names;

  return (
    <section>
      <PageTitle parts={['Results', state.simulation || undefined]} />
      <h1>Results</h1>
      <div className="toolbar">
        <span className="field">
          <label htmlFor="results-simulation">Simulation</label>
          <select
            id="results-simulation"
            value={state.simulation}
            onChange={(e) => setParams(resultsStateToParams({ simulation: e.target.value, filters: [], descending: false, page: 1 }))}
          >
            <option value="">— pick one —</option>
            {choices.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </span>
      </div>
      {simulations.error ? (
        <QueryView query={simulations} what="simulations">
          {() => null}
        </QueryView>
      ) : null}
      {state.simulation ? <SimulationResults state={state} update={update} /> : <Empty>Pick a simulation to see its runs.</Empty>}
    </section>
  );
}

function SimulationResults({ state, update }: { state: ResultsViewState; update: (change: Partial<ResultsViewState>) => void }) {
  const schema = useLatestSchema(state.simulation);
  const types = resultParams(schema.data, undefined).types;
  const page = useQuery({
    queryKey: ['results-page', state.simulation, state.filters, state.page, types],
    queryFn: () =>
      call('results', () =>
        api.results.POST('/search', {
          body: buildSearchBody(state.simulation, state.filters, types, { limit: PAGE_SIZE, offset: (state.page - 1) * PAGE_SIZE }),
        }),
      ),
    placeholderData: keepPreviousData,
    // Filter values are typed by the schema; a simulation the catalog does not know is searched with guessed types.
    enabled: !schema.isPending,
  });
  const params = resultParams(schema.data, page.data?.results);
  const x = state.x ?? params.refs[0];
  const y = state.y ?? params.refs.find((ref) => ref.cls === 'output') ?? params.refs[1];

  return (
    <>
      <div className="card">
        <h2>Filters</h2>
        <ResultsFilters
          key={state.filters.map(formatFilter).join('&')}
          params={params.refs}
          filters={state.filters}
          onApply={(filters) => update({ filters, page: 1 })}
        />
      </div>
      <div className="grid-plot">
        <div className="card">
          <div className="plot-head">
            <h2>Scatter plot</h2>
            <ParamSelect label="X" refs={params.refs} value={x} onChange={(ref) => update({ x: ref })} />
            <ParamSelect label="Y" refs={params.refs} value={y} onChange={(ref) => update({ y: ref })} />
          </div>
          {x && y ? (
            <ScatterPlot simulation={state.simulation} filters={state.filters} params={params} x={x} y={y} />
          ) : (
            <Empty>No parameters to plot.</Empty>
          )}
        </div>
        <div className="card">
          <h2>Distribution of {x?.name ?? '—'}</h2>
          {x ? <Histogram simulation={state.simulation} filters={state.filters} params={params} param={x} /> : <Empty>No parameter.</Empty>}
        </div>
      </div>
      <div className="card">
        <div className="plot-head">
          <h2>Runs</h2>
          <ExportButtons
            simulation={state.simulation}
            search={() => ({ ...buildSearchBody(state.simulation, state.filters, types, { limit: 1, offset: 0 }) })}
          />
        </div>
        <QueryView query={page} what="runs" isEmpty={(d) => d.results.length === 0} empty="No runs match.">
          {(data) => (
            <>
              <ResultsTable
                hits={data.results}
                params={params}
                sort={state.sort}
                descending={state.descending}
                onSort={(sort, descending) => update({ sort, descending })}
              />
              <p className="muted small">Sorting orders the runs of the page shown; pages follow the service's order (newest first).</p>
              <Pager page={state.page} pageSize={PAGE_SIZE} total={data.total} onPage={(p) => update({ page: p })} />
            </>
          )}
        </QueryView>
      </div>
    </>
  );
}

function ParamSelect({
  label,
  refs,
  value,
  onChange,
}: {
  label: string;
  refs: ParamRef[];
  value: ParamRef | undefined;
  onChange: (ref: ParamRef) => void;
}) {
  const id = useId();
  return (
    <span className="inline-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value ? paramKey(value) : ''}
        onChange={(e) => {
          const ref = parseParamRef(e.target.value);
          if (ref) onChange(ref);
        }}
      >
        {refs.map((ref) => (
          <option key={paramKey(ref)} value={paramKey(ref)}>
            {ref.name} ({ref.cls})
          </option>
        ))}
      </select>
    </span>
  );
}
