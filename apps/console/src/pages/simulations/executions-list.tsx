import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { withTotal } from '../../api/with-total';
import type { Live } from '../../components/live';
import { Pager } from '../../components/pager';
import { QueryView } from '../../components/states';
import { TableWrap } from '../../components/table-wrap';
import { formatSeconds, formatTime } from '../../format';
import { EXECUTION_STATUSES } from './executions-by-day';
import { ChoiceOptions } from '../../components/choice-options';

const PAGE_SIZE = 20;
type Status = (typeof EXECUTION_STATUSES)[number];

/** A simulation version's executions, newest first, a page at a time, by status (`?estatus=`, `?epage=`). */
export function ExecutionsList({ simulationId, live }: { simulationId: number; live: Live }) {
  const [params, setParams] = useSearchParams();
  const status = EXECUTION_STATUSES.find((s) => s === params.get('estatus'));
  const page = Math.max(1, Number(params.get('epage')) || 1);
  const set = (nextStatus: Status | undefined, nextPage: number) => {
    const next = new URLSearchParams(params);
    if (nextStatus) next.set('estatus', nextStatus);
    else next.delete('estatus');
    if (nextPage > 1) next.set('epage', String(nextPage));
    else next.delete('epage');
    setParams(next, { replace: true });
  };
  const executions = useQuery({
    queryKey: ['simulation-executions-page', simulationId, status, page],
    queryFn: () =>
      withTotal('catalog', () =>
        api.catalog.raw.GET('/simulations/{id}/executions', {
          params: { path: { id: simulationId }, query: { status, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE } },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: live.refetchInterval,
  });
  return (
    <>
      <span className="inline-field">
        <label htmlFor="execution-status">Status</label>
        <select
          id="execution-status"
          value={status ?? ''}
          onChange={(e) =>
            set(
              EXECUTION_STATUSES.find((s) => s === e.target.value),
              1,
            )
          }
        >
          <ChoiceOptions none="all statuses" choices={EXECUTION_STATUSES} />
        </select>
      </span>
      <QueryView
        query={executions}
        what="executions"
        isEmpty={(d) => d.items.length === 0}
        empty={status ? `No ${status} executions.` : 'No executions recorded yet.'}
      >
        {(data) => (
          <>
            <TableWrap label="Executions">
              <table className="executions-table">
                <thead>
                  <tr>
                    <th>Execution</th>
                    <th>Status</th>
                    <th>Started</th>
                    <th className="num">Duration</th>
                    <th>Executor</th>
                    <th>Cache hit</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((execution) => (
                    <tr key={execution.execution_id}>
                      <td className="mono">
                        <Link to={`/executions/${encodeURIComponent(execution.execution_id)}`}>{execution.execution_id}</Link>
                      </td>
                      <td>
                        <span className={`status status-${execution.status}`}>{execution.status}</span>
                      </td>
                      <td className="nowrap">{formatTime(execution.started_at)}</td>
                      <td className="num nowrap">{formatSeconds(execution.duration_seconds)}</td>
                      <td>{execution.executor_type ?? '—'}</td>
                      <td>{execution.cache_hit ? 'yes' : 'no'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
            <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={(p) => set(status, p)} label="Execution pages" />
          </>
        )}
      </QueryView>
    </>
  );
}
