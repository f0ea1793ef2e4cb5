import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../api/client';
import { call } from '../../api/service-error';
import { Chart } from '../../components/chart';
import { QueryView } from '../../components/states';
import { EXECUTION_STATUSES, executionsByDay } from './executions-by-day';
import type { Execution } from '../../api/types';

/** The newest executions only: one page of the API, never the whole history. */
const RECENT = 1000;
const COLORS: Record<string, string> = {
  completed: '#2e7d32',
  cached: '#1f77b4',
  failed: '#c62828',
  cancelled: '#8d6e63',
  running: '#f9a825',
  pending: '#9e9e9e',
};

export function ExecutionsChart({ simulationId }: { simulationId: number }) {
  const executions = useQuery({
    queryKey: ['simulation-executions', simulationId],
    queryFn: () =>
      call('catalog', () =>
        api.catalog.GET('/simulations/{id}/executions', { params: { path: { id: simulationId }, query: { limit: RECENT } } }),
      ),
  });
  return (
    <QueryView query={executions} what="executions" isEmpty={(d) => d.length === 0} empty="No executions recorded yet.">
      {(data) => <ExecutionsByStatus executions={data} />}
    </QueryView>
  );
}

function ExecutionsByStatus({ executions }: { executions: Execution[] }) {
  const option = useMemo(() => {
    const { days, counts } = executionsByDay(executions);
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: days },
      yAxis: { type: 'value', minInterval: 1 },
      series: EXECUTION_STATUSES.filter((s) => counts[s].some((n) => n > 0)).map((status) => ({
        name: status,
        type: 'bar',
        stack: 'status',
        data: counts[status],
        itemStyle: { color: COLORS[status] },
      })),
    };
  }, [executions]);
  return (
    <>
      <Chart option={option} label="Executions by status per day" height={260} />
      {executions.length === RECENT && <p className="muted small">The newest {RECENT} executions.</p>}
    </>
  );
}
