import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../api/client';
import { call } from '../../api/service-error';
import { Chart } from '../../components/chart';
import { Empty, QueryView } from '../../components/states';
import { formatValue } from '../../format';
import { Stat } from '../../components/stat';
import type { ParamRef, ResultFilter } from './results-state';
import { binCountBody, buildSearchBody } from './search-body';
import type { ResultParams } from './use-result-params';

const BINS = 12;

/**
 * min/avg/max of one parameter from GET /stats, and a histogram of the filtered runs built from
 * one counting search per bin (limit 1; `total` is the count) — exact for any number of runs.
 */
export function Histogram({
  simulation,
  filters,
  params,
  param,
}: {
  simulation: string;
  filters: ResultFilter[];
  params: ResultParams;
  param: ParamRef;
}) {
  const stats = useQuery({
    queryKey: ['param-stats', simulation, param.cls, param.name],
    queryFn: () =>
      call('results', () =>
        api.results.GET('/stats/{simulation_name}/{param_name}', {
          params: { path: { simulation_name: simulation, param_name: param.name }, query: { param_class: param.cls } },
        }),
      ),
  });
  const min = stats.data?.min_value;
  const max = stats.data?.max_value;
  const bins = useQuery({
    queryKey: ['histogram', simulation, filters, param.cls, param.name, min, max],
    enabled: typeof min === 'number' && typeof max === 'number',
    queryFn: async () => {
      const low = min as number;
      const width = ((max as number) - low) / BINS || 1;
      const base = buildSearchBody(simulation, filters, params.types, { limit: 1, offset: 0 });
      const edges = Array.from({ length: BINS }, (_, i) => [low + i * width, i === BINS - 1 ? (max as number) : low + (i + 1) * width]);
      const counts = await Promise.all(
        edges.map(([a, b], i) =>
          call('results', () => api.results.POST('/search', { body: binCountBody(base, param, a, b, i === BINS - 1) })),
        ),
      );
      return edges.map(([a, b], i) => ({ from: a, to: b, count: counts[i].total }));
    },
  });
  const option = useMemo(
    () => ({
      animation: false,
      grid: { left: 48, right: 12, top: 12, bottom: 40 },
      tooltip: { trigger: 'axis' },
      xAxis: {
        type: 'category',
        data: (bins.data ?? []).map((b) => formatValue(b.from)),
        name: param.name,
        nameLocation: 'middle',
        nameGap: 26,
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', data: (bins.data ?? []).map((b) => b.count), itemStyle: { color: '#4a7ab0' }, barCategoryGap: '4%' }],
    }),
    [bins.data, param.name],
  );
  return (
    <div className="histogram">
      <QueryView query={stats} what="statistics">
        {(s) => (
          <>
            <div className="stat-row">
              <Stat label={`min ${param.name}`} value={formatValue(s.min_value)} />
              <Stat label="avg" value={formatValue(s.avg_value)} />
              <Stat label="max" value={formatValue(s.max_value)} />
              <Stat label="runs with a number" value={String(s.count)} />
            </div>
            {s.count === 0 ? (
              <Empty>{param.name} has no numeric values.</Empty>
            ) : (
              <QueryView query={bins} what="histogram">
                {() => <Chart option={option} label={`Histogram of ${param.name}`} height={220} />}
              </QueryView>
            )}
          </>
        )}
      </QueryView>
    </div>
  );
}
