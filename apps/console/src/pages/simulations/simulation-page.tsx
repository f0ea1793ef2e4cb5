import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { call } from '../../api/service-error';
import type { Simulation } from '../../api/types';
import { LiveStatus, useLive } from '../../components/live';
import { PageTitle } from '../../components/page-title';
import { StatRow } from '../../components/stat';
import { QueryView } from '../../components/states';
import { formatPercent, formatSeconds, formatTime } from '../../format';
import { useHasPrivilege } from '../../session/use-session';
import { ExecutionsChart } from './executions-chart';
import { ExecutionsList } from './executions-list';
import { SchemaTable } from './schema-table';
import { useSimulation, useVersions } from './simulation-queries';

export function SimulationPage() {
  const name = useParams().name ?? '';
  const [params, setParams] = useSearchParams();
  const version = params.get('version') ?? undefined;
  const simulation = useSimulation(name, version);
  const versions = useVersions(name);
  const canEdit = useHasPrivilege('update_catalog');

  return (
    <section>
      <PageTitle parts={[name]} />
      <p className="crumbs">
        <Link to="/simulations">Simulations</Link> /
      </p>
      <div className="page-head">
        <h1>{name}</h1>
        {canEdit && simulation.data && (
          <Link
            className="button"
            to={`/simulations/${encodeURIComponent(name)}/edit?version=${encodeURIComponent(simulation.data.version)}`}
          >
            Edit
          </Link>
        )}
        <Link
          className="button secondary"
          to={`/results?${new URLSearchParams({ sim: name, ...(simulation.data ? { version: simulation.data.version } : {}) }).toString()}`}
        >
          Results
        </Link>
      </div>
      <span className="inline-field">
        <label htmlFor="simulation-version">Version</label>
        <select
          id="simulation-version"
          value={simulation.data?.version ?? version ?? ''}
          onChange={(e) => setParams(e.target.value ? { version: e.target.value } : {}, { replace: true })}
        >
          {(versions.data ?? (simulation.data ? [simulation.data] : [])).map((v) => (
            <option key={v.version} value={v.version}>
              {v.version}
              {v.status === 'deprecated' ? ' (deprecated)' : ''}
            </option>
          ))}
        </select>
      </span>
      <QueryView query={simulation} what="the simulation">
        {(sim) => <SimulationDetails simulation={sim} />}
      </QueryView>
    </section>
  );
}

function SimulationDetails({ simulation }: { simulation: Simulation }) {
  // The statistics and the executions list follow running executions on their own.
  const live = useLive();
  const stats = useQuery({
    queryKey: ['simulation-stats', simulation.id],
    queryFn: () => call('catalog', () => api.catalog.GET('/simulations/{id}/stats', { params: { path: { id: simulation.id } } })),
    refetchInterval: live.refetchInterval,
  });
  return (
    <>
      <div className="card">
        {simulation.description && <p>{simulation.description}</p>}
        <dl className="facts">
          <dt>Author</dt>
          <dd>{simulation.author ?? '—'}</dd>
          <dt>Status</dt>
          <dd>{simulation.status}</dd>
          <dt>Registered</dt>
          <dd>{formatTime(simulation.created_at)}</dd>
          <dt>Tags</dt>
          <dd>{simulation.tags.length > 0 ? simulation.tags.join(', ') : '—'}</dd>
        </dl>
      </div>
      <div className="grid-2">
        <div className="card">
          <h2>Inputs</h2>
          <SchemaTable schema={simulation.input_schema} label="Inputs" />
        </div>
        <div className="card">
          <h2>Outputs</h2>
          <SchemaTable schema={simulation.output_schema} label="Outputs" />
        </div>
      </div>
      <div className="card">
        <div className="plot-head">
          <h2>Executions</h2>
          <LiveStatus live={live} updatedAt={[stats.dataUpdatedAt]} failed={stats.failureCount > 0} />
        </div>
        <QueryView query={stats} what="execution statistics">
          {(s) => (
            <StatRow
              stats={{
                Total: String(s.total_executions),
                'Success rate': formatPercent(s.success_rate),
                'Mean duration': formatSeconds(s.avg_duration),
                Failed: String(s.failed),
                Running: String(s.running + s.pending),
              }}
            />
          )}
        </QueryView>
        <ExecutionsChart simulationId={simulation.id} />
        <ExecutionsList simulationId={simulation.id} live={live} />
      </div>
    </>
  );
}
