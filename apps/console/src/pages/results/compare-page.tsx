import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { call } from '../../api/service-error';
import type { Result } from '../../api/types';
import { Empty, ErrorState, Loading } from '../../components/states';
import { exactValue, shortValue } from './cell-format';
import { compareRows, compareStateToParams, numericRows, parseCompareState, type CompareRow, type CompareState } from './compare-state';
import { InteractiveChart } from './interactive-chart';
import './results.css';
import { PageTitle } from '../../components/page-title';

const RUN_COLOURS = ['#1f4e79', '#c2410c', '#15803d', '#7e22ce', '#b91c1c', '#0e7490', '#a16207', '#be185d', '#4d7c0f', '#374151'];

/** Runs side by side: inputs and outputs, the differing ones marked, and their numbers overlaid. */
export function ComparePage() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseCompareState(params), [params]);
  // The view the URL holds now, as on the results page (a change made before the re-render stays).
  const update = (change: Partial<CompareState>) =>
    setParams(compareStateToParams({ ...parseCompareState(new URLSearchParams(window.location.search)), ...change }));
  const queries = useQueries({
    queries: state.runs.map((id) => ({
      queryKey: ['result', id],
      queryFn: () => call('results', () => api.results.GET('/results/{execution_id}', { params: { path: { execution_id: id } } })),
    })),
  });
  const back = `/results?${new URLSearchParams([['sim', state.simulation], ...state.runs.map((id) => ['sel', id])]).toString()}`;
  const error = queries.find((q) => q.error)?.error;
  const runs = queries.flatMap((q) => (q.data ? [q.data] : []));
  const loading = queries.some((q) => q.isPending);

  return (
    <section>
      <PageTitle parts={['Compare runs', state.simulation || undefined]} />
      <p className="crumbs">
        <Link to={back}>Results</Link> /
      </p>
      <h1>Compare runs</h1>
      {state.runs.length < 2 ? (
        <Empty>
          Select two or more runs in the <Link to={back}>results table</Link> to compare them.
        </Empty>
      ) : error ? (
        <ErrorState error={error} />
      ) : loading ? (
        <Loading what="the runs" />
      ) : (
        <Comparison runs={runs} state={state} update={update} />
      )}
    </section>
  );
}

function Comparison({ runs, state, update }: { runs: Result[]; state: CompareState; update: (change: Partial<CompareState>) => void }) {
  const rows = useMemo(() => compareRows(runs), [runs]);
  const shown = state.onlyDifferences ? rows.filter((r) => r.differs) : rows;
  const differing = rows.filter((r) => r.differs).length;
  return (
    <>
      <div className="card">
        <div className="runs-head">
          <h2>Side by side</h2>
          <label className="check">
            <input type="checkbox" checked={state.onlyDifferences} onChange={(e) => update({ onlyDifferences: e.target.checked })} />
            Show only differences
          </label>
          <span className="muted small">
            {differing} of {rows.length} values differ (marked ≠)
          </span>
        </div>
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Runs side by side">
          <table className="compare-table">
            <thead>
              <tr>
                <th scope="col">Value</th>
                {runs.map((run) => (
                  <th scope="col" key={run.execution_id} className="run-id">
                    <Link to={`/results/${encodeURIComponent(run.execution_id)}`} title={run.execution_id}>
                      {run.execution_id}
                    </Link>
                    <button
                      type="button"
                      className="icon"
                      aria-label={`Remove ${run.execution_id} from the comparison`}
                      onClick={() => update({ runs: state.runs.filter((id) => id !== run.execution_id) })}
                    >
                      ×
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <CompareTableRow key={`${row.group}:${row.name}`} row={row} />
              ))}
            </tbody>
          </table>
        </div>
        {shown.length === 0 && <Empty>The runs do not differ.</Empty>}
      </div>
      <Overlay rows={rows} runs={runs} />
    </>
  );
}

function CompareTableRow({ row }: { row: CompareRow }) {
  return (
    <tr className={row.differs ? 'differs' : undefined}>
      <th scope="row">
        <span className={`tag-${row.group}`}>{row.group}</span> {row.name}
        {row.units ? <span className="units"> [{row.units}]</span> : null}
        {row.differs ? (
          <span className="differs-mark" aria-label="differs">
            {' '}
            ≠
          </span>
        ) : null}
      </th>
      {row.values.map((value, i) => (
        <td key={i} className={typeof value === 'number' ? 'num' : undefined} title={exactValue(value)}>
          {shortValue(value)}
        </td>
      ))}
    </tr>
  );
}

/** The runs' numeric inputs and outputs as parallel coordinates, one coloured line per run. */
function Overlay({ rows, runs }: { rows: CompareRow[]; runs: Result[] }) {
  const numeric = useMemo(() => numericRows(rows), [rows]);
  const option = useMemo(
    () => ({
      animation: false,
      legend: { type: 'scroll', top: 0 },
      tooltip: { trigger: 'item' },
      parallel: { left: 60, right: 90, top: 70, bottom: 30, parallelAxisDefault: { nameLocation: 'end', nameGap: 14 } },
      parallelAxis: numeric.map((row, i) => ({
        dim: i,
        name: row.units ? `${row.name} [${row.units}]` : row.name,
        type: 'value',
        scale: true,
      })),
      series: runs.map((run, r) => ({
        type: 'parallel',
        name: run.execution_id,
        data: [numeric.map((row) => row.values[r] as number)],
        lineStyle: { width: 2.5, opacity: 0.9, color: RUN_COLOURS[r % RUN_COLOURS.length] },
      })),
    }),
    [numeric, runs],
  );
  return (
    <div className="card">
      <h2>Overlay</h2>
      {numeric.length < 2 ? (
        <Empty>The runs share fewer than two numeric values to draw.</Empty>
      ) : (
        <figure className="plot">
          <InteractiveChart option={option} label={`The ${runs.length} runs' numeric values as parallel coordinates`} height={380} />
          <figcaption className="muted small">
            One line per run across the {numeric.length} inputs and outputs every one of them has as a number.
          </figcaption>
        </figure>
      )}
    </div>
  );
}
