import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api } from '../../api/client';
import { call } from '../../api/service-error';
import type { Execution } from '../../api/types';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/states';
import { formatSeconds, formatTime } from '../../format';

/** A catalog execution: its record, and links to its simulation, its run (results) and its cache entries. */
export function ExecutionPage() {
  const executionId = useParams().executionId ?? '';
  const execution = useQuery({
    queryKey: ['execution', executionId],
    queryFn: () =>
      call('catalog', () => api.catalog.GET('/executions/{execution_id}', { params: { path: { execution_id: executionId } } })),
  });
  return (
    <section>
      <PageTitle parts={['Execution', executionId]} />
      <p className="crumbs">Catalog execution /</p>
      <h1 className="mono break">{executionId}</h1>
      <QueryView query={execution} what="the execution">
        {(record) => <ExecutionDetails execution={record} />}
      </QueryView>
    </section>
  );
}

function ExecutionDetails({ execution }: { execution: Execution }) {
  // The catalog has the simulation's id only; the run (when registered) names it.
  const run = useQuery({
    queryKey: ['result', execution.execution_id],
    queryFn: () =>
      call('results', () => api.results.GET('/results/{execution_id}', { params: { path: { execution_id: execution.execution_id } } })),
    retry: false,
  });
  const simulation = run.data && { name: run.data.simulation_name, version: run.data.simulation_version };
  const id = encodeURIComponent(execution.execution_id);
  return (
    <div className="card">
      <dl className="facts">
        <dt>Simulation</dt>
        <dd>
          {simulation ? (
            <Link to={`/simulations/${encodeURIComponent(simulation.name)}?version=${encodeURIComponent(simulation.version)}`}>
              {simulation.name} v{simulation.version}
            </Link>
          ) : (
            `#${execution.simulation_id}`
          )}
        </dd>
        <dt>Status</dt>
        <dd>{execution.status}</dd>
        <dt>Executor</dt>
        <dd>{execution.executor_type ?? '—'}</dd>
        <dt>Started</dt>
        <dd>{formatTime(execution.started_at)}</dd>
        <dt>Completed</dt>
        <dd>{formatTime(execution.completed_at)}</dd>
        <dt>Duration</dt>
        <dd>{formatSeconds(execution.duration_seconds)}</dd>
        <dt>Cache hit</dt>
        <dd>{execution.cache_hit ? 'yes' : 'no'}</dd>
        <dt>SQUID</dt>
        <dd className="mono break">{execution.squid_id ?? '—'}</dd>
      </dl>
      <p className="actions">
        {run.data ? (
          <Link className="button secondary" to={`/results/${id}`}>
            Its run
          </Link>
        ) : (
          run.isError && <span className="muted">No run registered in the results service.</span>
        )}
        <Link className="button secondary" to={`/cache?execution=${id}`}>
          Its cache entries
        </Link>
      </p>
    </div>
  );
}
