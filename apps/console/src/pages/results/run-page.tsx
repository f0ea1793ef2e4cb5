import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api } from '../../api/client';
import { call } from '../../api/service-error';
import type { Result } from '../../api/types';
import { PageTitle } from '../../components/page-title';
import { Empty, QueryView } from '../../components/states';
import { ParameterTable } from '../../components/parameter-table';
import { RunLinks } from '../../downloads/run-links';
import { formatSeconds, formatTime, formatValue } from '../../format';

export function RunPage() {
  const executionId = useParams().executionId ?? '';
  const result = useQuery({
    queryKey: ['result', executionId],
    queryFn: () => call('results', () => api.results.GET('/results/{execution_id}', { params: { path: { execution_id: executionId } } })),
  });
  return (
    <section>
      <PageTitle parts={['Run', executionId, result.data?.simulation_name]} />
      <p className="crumbs">
        <Link to={result.data ? `/results?sim=${encodeURIComponent(result.data.simulation_name)}` : '/results'}>Results</Link> /
      </p>
      <h1 className="mono break">{executionId}</h1>
      <RunLinks executionId={executionId} hasRunDatabase={!!result.data?.run_db_path} />
      <QueryView query={result} what="the run">
        {(run) => <RunDetails run={run} />}
      </QueryView>
    </section>
  );
}

function RunDetails({ run }: { run: Result }) {
  return (
    <>
      <div className="card">
        <dl className="facts">
          <dt>Simulation</dt>
          <dd>
            <Link to={`/simulations/${encodeURIComponent(run.simulation_name)}?version=${encodeURIComponent(run.simulation_version)}`}>
              {run.simulation_name} v{run.simulation_version}
            </Link>
          </dd>
          <dt>Status</dt>
          <dd>{run.status}</dd>
          <dt>Duration</dt>
          <dd>{formatSeconds(run.duration_seconds)}</dd>
          <dt>Registered</dt>
          <dd>{formatTime(run.created_at)}</dd>
          <dt>Completed</dt>
          <dd>{formatTime(run.completed_at)}</dd>
          <dt>SQUID</dt>
          <dd className="mono break">{run.squid_id ?? '—'}</dd>
          <dt>Run database</dt>
          <dd className="mono break">{run.run_db_path ?? '—'}</dd>
        </dl>
      </div>
      <div className="grid-2">
        <div className="card">
          <h2>Inputs</h2>
          <ValuesTable label="Inputs" values={run.input_params} schema={run.schema.inputs} />
        </div>
        <div className="card">
          <h2>Outputs</h2>
          <ValuesTable label="Outputs" values={run.output_params} schema={run.schema.outputs} />
        </div>
      </div>
      <div className="card">
        <h2>Metadata</h2>
        {run.metadata && Object.keys(run.metadata).length > 0 ? (
          <pre className="json">{JSON.stringify(run.metadata, null, 2)}</pre>
        ) : (
          <Empty>No metadata.</Empty>
        )}
      </div>
    </>
  );
}

function ValuesTable({ label, values, schema }: { label: string; values: Record<string, unknown>; schema: Result['schema']['inputs'] }) {
  return (
    <ParameterTable
      label={label}
      empty="None."
      columns={
        <>
          <th className="num">Value</th>
          <th>Units</th>
        </>
      }
      rows={Object.keys(values).map((name) => (
        <tr key={name}>
          <td title={typeof schema[name]?.description === 'string' ? (schema[name].description as string) : undefined}>{name}</td>
          <td className="num break">{formatValue(values[name])}</td>
          <td>{schema[name]?.units ?? '—'}</td>
        </tr>
      ))}
    />
  );
}
