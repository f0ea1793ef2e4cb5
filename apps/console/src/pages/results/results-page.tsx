import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { call } from '../../api/service-error';
import { PageTitle } from '../../components/page-title';
import { ExportButtons } from '../../downloads/export-buttons';
import type { SearchHit } from '../../api/types';
import { Empty, QueryView } from '../../components/states';
import { useVersions } from '../simulations/simulation-queries';
import { ColumnChooser } from './column-chooser';
import { compareLink } from './compare-state';
import { Histogram } from './histogram';
import { ParallelPlot } from './parallel-plot';
import { AxesChooser, ParamSelect, PlotSwitch } from './plot-controls';
import { paramKind } from './plot-data';
import { usePlotRuns } from './plot-runs';
import { ResultsFilters, type ParamType } from './results-filters';
import { changeView, formatFilter, parseResultsState, resultsStateToParams, type ParamRef, type ResultsViewState } from './results-state';
import { RunsTable } from './runs-table';
import { ScatterPlot } from './scatter-plot';
import { buildSearchBody, orderBy } from './search-body';
import { allColumns, visibleColumns } from './table-columns';
import { resultParams, useLatestSchema, valueOf, type ResultParams } from './use-result-params';
import './results.css';
import { ChoiceOptions } from '../../components/choice-options';

const PAGE_SIZE = 50;
/** Parallel coordinates start with this many parameters as axes. */
const DEFAULT_AXES = 6;

const TEXT_TYPES = new Set(['string', 'str', 'text']);
const BOOLEAN_TYPES = new Set(['boolean', 'bool']);

export function ResultsPage() {
  const [params, setParams] = useSearchParams();
  // Parsed once per URL, so the plots' inputs keep their identity (and their zoom) between renders.
  const state = useMemo(() => parseResultsState(params), [params]);
  // A change applies to the view the URL holds now, not to `state`: the router renders in a
  // transition, so a second change made before this page re-rendered (a slow machine, a quick
  // user) would otherwise drop the first.
  const update = (change: Partial<ResultsViewState>) =>
    setParams(resultsStateToParams(changeView(parseResultsState(new URLSearchParams(window.location.search)), change)));

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
            onChange={(e) => setParams(resultsStateToParams({ ...parseResultsState(new URLSearchParams()), simulation: e.target.value }))}
          >
            <ChoiceOptions none="— pick one —" choices={choices} />
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
  const versions = useVersions(state.simulation);
  const types = useMemo(() => resultParams(schema.data, undefined).types, [schema.data]);
  const scope = { version: state.version, status: state.status };
  const search = buildSearchBody(state.simulation, state.filters, types, { limit: PAGE_SIZE, cursor: state.at }, scope);
  const sortKeys = orderBy(state.sort, state.descending);
  if (sortKeys) search.order_by = sortKeys;
  const page = useQuery({
    queryKey: ['results-page', search],
    queryFn: () => call('results', () => api.results.POST('/search', { body: search })),
    placeholderData: keepPreviousData,
    // Filter values are typed by the schema; a simulation the catalog does not know is searched with guessed types.
    enabled: !schema.isPending,
  });
  const params = useMemo(() => resultParams(schema.data, page.data?.results), [schema.data, page.data]);
  const runs = usePlotRuns(state.simulation, state.filters, scope, params);
  const sample = page.data?.results ?? [];
  const typeOf = (ref: ParamRef): ParamType => {
    const type = params.types[ref.cls][ref.name]?.toLowerCase();
    if (type && TEXT_TYPES.has(type)) return 'text';
    if (type && BOOLEAN_TYPES.has(type)) return 'boolean';
    if (type) return 'other';
    const value = sample.map((hit) => valueOf(hit, ref)).find((v) => v !== undefined && v !== null);
    return typeof value === 'string' ? 'text' : typeof value === 'boolean' ? 'boolean' : 'other';
  };
  const x = state.x ?? params.refs[0];
  const y = state.y ?? params.refs.find((ref) => ref.cls === 'output') ?? params.refs[1];
  const axes = state.axes.length > 0 ? state.axes : params.refs.slice(0, DEFAULT_AXES);
  const filtersKey = [state.version, state.status, ...state.filters.map(formatFilter)].join('&');
  // The table's trail of cursors belongs to one search: its runs and order, whatever the page.
  const searchKey = JSON.stringify({ ...search, cursor: undefined, offset: undefined });

  return (
    <>
      <div className="card">
        <h2>Filters</h2>
        <ResultsFilters
          key={filtersKey}
          simulation={state.simulation}
          params={params.refs}
          typeOf={typeOf}
          filters={state.filters}
          scope={scope}
          versions={(versions.data ?? []).map((v) => v.version)}
          onApply={(filters, next) => update({ filters, version: next.version, status: next.status })}
        />
      </div>
      <div className="card">
        <div className="plot-head">
          <h2>Plot</h2>
          <PlotSwitch value={state.plot} onChange={(plot) => update({ plot })} />
        </div>
        {state.plot === 'scatter' ? (
          <>
            <div className="plot-controls">
              <ParamSelect label="X" refs={params.refs} value={x} onChange={(ref) => update({ x: ref })} />
              <ParamSelect label="Y" refs={params.refs} value={y} onChange={(ref) => update({ y: ref })} />
              <ParamSelect label="Colour" refs={params.refs} value={state.color} onChange={(ref) => update({ color: ref })} none="none" />
              <label className="check">
                <input type="checkbox" checked={state.logX} onChange={(e) => update({ logX: e.target.checked })} />
                log X
              </label>
              <label className="check">
                <input type="checkbox" checked={state.logY} onChange={(e) => update({ logY: e.target.checked })} />
                log Y
              </label>
            </div>
            {runs.error ? (
              <QueryView query={{ isPending: false, error: runs.error, data: undefined }} what="runs to plot">
                {() => null}
              </QueryView>
            ) : x && y ? (
              <ScatterPlot
                runs={runs}
                filters={state.filters}
                params={params}
                x={x}
                y={y}
                color={state.color}
                logX={state.logX}
                logY={state.logY}
                onFilters={(filters) => update({ filters })}
              />
            ) : (
              <Empty>No parameters to plot.</Empty>
            )}
          </>
        ) : (
          <>
            <AxesChooser refs={params.refs} chosen={axes} onChange={(chosen) => update({ axes: chosen })} />
            <ParallelPlot
              key={filtersKey}
              runs={runs}
              filters={state.filters}
              params={params}
              axes={axes}
              onFilters={(filters) => update({ filters })}
            />
          </>
        )}
        {runs.pending && <p className="state state-loading">Loading runs to plot…</p>}
      </div>
      <div className="card">
        <h2>Statistics of {x?.name ?? '—'}</h2>
        {x ? (
          <Histogram
            search={search}
            param={x}
            text={paramKind(runs.hits, x, params.types[x.cls][x.name]) === 'category'}
            log={state.logX}
          />
        ) : (
          <Empty>No parameter.</Empty>
        )}
      </div>
      <RunsCard key={searchKey} state={state} update={update} page={page} params={params} search={search} />
    </>
  );
}

function RunsCard({
  state,
  update,
  page,
  params,
  search,
}: {
  search: object;
  state: ResultsViewState;
  update: (change: Partial<ResultsViewState>) => void;
  page: {
    isPending: boolean;
    /** The rows shown are the previous page's while this one loads. */
    isPlaceholderData: boolean;
    error: unknown;
    data: { results: SearchHit[]; total: number; count: number; next_cursor: string | null } | undefined;
  };
  params: ResultParams;
}) {
  // The cursors of the pages before this one, to go back (a cursor only leads forward), the cursor
  // they lead to, and whether they start at the first page (a URL with a cursor starts unnumbered).
  const [trail, setTrail] = useState(() => ({ before: [] as (string | undefined)[], at: state.at, numbered: state.at === undefined }));
  // The URL moved without the pager (back, forward, a link): the trail no longer leads here.
  const [shownAt, setShownAt] = useState(state.at);
  if (shownAt !== state.at) {
    setShownAt(state.at);
    if (trail.at !== state.at) setTrail({ before: [], at: state.at, numbered: state.at === undefined });
  }
  // The URL changes in a transition, after the trail: until it has, the rows are the page left.
  const moving = trail.at !== state.at;
  const index = trail.numbered ? trail.before.length : undefined;
  const go = (before: (string | undefined)[], at: string | undefined) => {
    setTrail({ before, at, numbered: at === undefined || trail.numbered });
    update({ at });
  };
  const columns = visibleColumns(state.columns, params.refs);
  const all = allColumns(params.refs);
  return (
    <div className="card">
      <div className="runs-head">
        <h2>Runs</h2>
        <SelectionBar simulation={state.simulation} selected={state.selected} onClear={() => update({ selected: [] })} />
        <ColumnChooser all={all} shown={columns} onChange={(chosen) => update({ columns: chosen })} />
        <ExportButtons simulation={state.simulation} search={() => search} />
      </div>
      <QueryView query={page} what="runs" isEmpty={(d) => d.results.length === 0} empty="No runs match.">
        {(data) => (
          <>
            <RunsTable
              hits={data.results}
              params={params}
              columns={columns}
              sort={state.sort}
              descending={state.descending}
              onSort={(sort, descending) => update({ sort, descending })}
              selected={state.selected}
              onSelect={(selected) => update({ selected })}
            />
            <nav className="pager" aria-label="Pages of runs">
              <button type="button" onClick={() => go([], undefined)} disabled={state.at === undefined || moving}>
                First
              </button>
              <button
                type="button"
                onClick={() => go(trail.before.slice(0, -1), trail.before.at(-1))}
                disabled={trail.before.length === 0 || moving}
              >
                ← Previous
              </button>
              <span aria-live="polite">
                {page.isPlaceholderData || moving
                  ? 'Loading runs…'
                  : index !== undefined
                    ? `Runs ${index * PAGE_SIZE + 1}–${index * PAGE_SIZE + data.count} of ${data.total}`
                    : `${data.count} runs of ${data.total}`}
              </span>
              <button
                type="button"
                onClick={() => go([...trail.before, state.at], data.next_cursor ?? undefined)}
                // The rows on screen while the next page loads are the previous page's: their cursor would repeat it.
                disabled={data.next_cursor === null || page.isPlaceholderData || moving}
              >
                Next →
              </button>
            </nav>
          </>
        )}
      </QueryView>
    </div>
  );
}

function SelectionBar({ simulation, selected, onClear }: { simulation: string; selected: string[]; onClear: () => void }) {
  if (selected.length === 0) return <p className="muted small selection">Tick runs to compare them (shift-click for a range, up to 20).</p>;
  return (
    <p className="selection">
      <span>{selected.length} selected</span>
      {selected.length >= 2 ? (
        <Link className="button" to={compareLink(simulation, selected)}>
          Compare {selected.length} runs
        </Link>
      ) : (
        <span className="muted small">select another to compare</span>
      )}
      <button type="button" className="secondary" onClick={onClear}>
        Clear
      </button>
    </p>
  );
}
