import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { call } from '../../api/service-error';
import { Chart } from '../../components/chart';
import { ErrorState, Loading } from '../../components/states';
import type { ResultFilter, ParamRef } from './results-state';
import { buildSearchBody } from './search-body';
import { valueOf, type ResultParams } from './use-result-params';

/** Runs are fetched a page of 1000 at a time and drawn as they come, up to this many points. */
export const PLOT_PAGE = 1000;
export const MAX_POINTS = 10_000;

export function ScatterPlot({
  simulation,
  filters,
  params,
  x,
  y,
}: {
  simulation: string;
  filters: ResultFilter[];
  params: ResultParams;
  x: ParamRef;
  y: ParamRef;
}) {
  const navigate = useNavigate();
  const runs = useInfiniteQuery({
    queryKey: ['plot', simulation, filters, params.types],
    queryFn: ({ pageParam }) =>
      call('results', () =>
        api.results.POST('/search', { body: buildSearchBody(simulation, filters, params.types, { limit: PLOT_PAGE, offset: pageParam }) }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      // Paged by offset, so offset is never null here (only cursor pages answer null).
      const next = (last.offset ?? 0) + last.count;
      return last.count > 0 && next < last.total && next < MAX_POINTS ? next : undefined;
    },
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = runs;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const { points, ids } = useMemo(() => {
    const points: [number, number][] = [];
    const ids: string[] = [];
    for (const page of runs.data?.pages ?? []) {
      for (const hit of page.results) {
        const px = valueOf(hit, x);
        const py = valueOf(hit, y);
        if (typeof px === 'number' && typeof py === 'number') {
          points.push([px, py]);
          ids.push(hit.execution_id);
        }
      }
    }
    return { points, ids };
  }, [runs.data, x, y]);

  const option = useMemo(
    () => ({
      animation: false,
      grid: { left: 56, right: 20, top: 16, bottom: 48 },
      tooltip: { trigger: 'item', formatter: (p: { value: [number, number] }) => `${x.name}: ${p.value[0]}\n${y.name}: ${p.value[1]}` },
      xAxis: { type: 'value', name: label(x, params), nameLocation: 'middle', nameGap: 28, scale: true },
      yAxis: { type: 'value', name: label(y, params), nameLocation: 'middle', nameGap: 42, scale: true },
      series: [
        { type: 'scatter', data: points, symbolSize: 6, large: true, largeThreshold: 2000, itemStyle: { color: '#1f4e79', opacity: 0.7 } },
      ],
    }),
    [points, x, y, params],
  );

  if (runs.error) return <ErrorState error={runs.error} />;
  if (runs.isPending) return <Loading what="runs to plot" />;
  const total = runs.data.pages[0]?.total ?? 0;
  const loaded = runs.data.pages.reduce((sum, page) => sum + page.count, 0);
  return (
    <figure className="plot">
      <Chart
        option={option}
        label={`Scatter plot of ${y.name} against ${x.name}`}
        onClick={({ dataIndex }) => {
          const id = ids[dataIndex];
          if (id) void navigate(`/results/${encodeURIComponent(id)}`);
        }}
      />
      <figcaption className="muted small" aria-live="polite">
        {points.length} points from {loaded} of {total} runs
        {hasNextPage ? ' — loading more…' : loaded < total ? ` (the newest ${MAX_POINTS} are plotted)` : ''}. Click a point to open its run.
      </figcaption>
    </figure>
  );
}

function label(ref: ParamRef, params: ResultParams): string {
  const units = params.units[ref.cls][ref.name];
  return units ? `${ref.name} [${units}]` : ref.name;
}
