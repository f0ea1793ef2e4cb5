import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../api/client';
import { call } from '../../api/service-error';
import { Chart } from '../../components/chart';
import { QueryView } from '../../components/states';

/** The catalog's simulations asked about, at most: one stats request each. */
const SIMULATIONS = 20;

/** Hit rate of each simulation (version) of the catalog's first page that the cache has seen. */
export function HitRateChart() {
  const rates = useQuery({
    queryKey: ['cache-hit-rates'],
    queryFn: async () => {
      const sims = await call('catalog', () =>
        api.catalog.GET('/simulations/search', { params: { query: { limit: SIMULATIONS, status: 'all' } } }),
      );
      const stats = await Promise.all(
        sims.map((sim) => call('cache', () => api.cache.GET('/cache/stats', { params: { query: { simulation_id: sim.id } } }))),
      );
      return sims
        .map((sim, i) => ({
          label: `${sim.name} ${sim.version}`,
          rate: stats[i].hit_rate,
          lookups: stats[i].total_hits + stats[i].total_misses,
        }))
        .filter((row) => row.lookups > 0)
        .sort((a, b) => b.rate - a.rate);
    },
  });
  return (
    <QueryView query={rates} what="hit rates" isEmpty={(d) => d.length === 0} empty="No simulation has been looked up in the cache yet.">
      {(rows) => <HitRateBars rows={rows} />}
    </QueryView>
  );
}

function HitRateBars({ rows }: { rows: { label: string; rate: number; lookups: number }[] }) {
  const option = useMemo(
    () => ({
      animation: false,
      grid: { left: 8, right: 40, top: 8, bottom: 24, containLabel: true },
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${v.toFixed(1)} %` },
      xAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value} %' } },
      yAxis: { type: 'category', data: rows.map((r) => r.label), inverse: true },
      series: [
        {
          type: 'bar',
          data: rows.map((r) => Number((r.rate * 100).toFixed(1))),
          itemStyle: { color: '#2e7d32' },
          label: { show: true, position: 'right', formatter: '{c} %' },
        },
      ],
    }),
    [rows],
  );
  return <Chart option={option} label="Cache hit rate per simulation" height={Math.max(160, rows.length * 32 + 40)} />;
}
