import { useMemo, useState } from 'react';
import { Empty } from '../../components/states';
import { formatValue } from '../../format';
import { InteractiveChart } from './interactive-chart';
import { axisData, insideIntervals, intervalFilters, parallelData } from './plot-data';
import type { PlotRuns } from './plot-runs';
import type { ParamRef, ResultFilter } from './results-state';
import { label } from './scatter-plot';
import type { ResultParams } from './use-result-params';

/** The layout of the axes: the browser tests brush an axis by these margins. */
export const PARALLEL_MARGIN = { left: 70, right: 90, top: 56, bottom: 36 };

/**
 * Parallel coordinates: a line per run over the chosen parameters; dragging along an axis
 * brushes a range (several per axis), the other runs fade, and the ranges can become filters.
 */
export function ParallelPlot({
  runs,
  filters,
  params,
  axes,
  onFilters,
}: {
  runs: PlotRuns;
  filters: ResultFilter[];
  params: ResultParams;
  axes: ParamRef[];
  onFilters: (filters: ResultFilter[]) => void;
}) {
  const [intervals, setIntervals] = useState<Map<number, [number, number][]>>(new Map());
  const data = useMemo(() => {
    const axisList = axes.map((ref) => axisData(runs.hits, ref, params.types[ref.cls][ref.name], false)).filter((a) => a.kind !== 'none');
    return parallelData(runs.hits, axisList);
  }, [runs.hits, axes, params.types]);
  const key = data.axes.map((a) => `${a.ref.cls}:${a.ref.name}`).join('|');

  const option = useMemo(
    () => ({
      animation: false,
      parallel: { ...PARALLEL_MARGIN, parallelAxisDefault: { nameLocation: 'end', nameGap: 14, nameTextStyle: { fontSize: 12 } } },
      parallelAxis: data.axes.map((axis, i) => ({
        dim: i,
        id: `axis-${i}`,
        name: label(axis.ref, params),
        type: axis.kind === 'category' ? 'category' : 'value',
        data: axis.kind === 'category' ? axis.categories : undefined,
        scale: true,
        realtime: false,
        areaSelectStyle: { width: 24, color: 'rgba(31, 78, 121, 0.25)', borderColor: '#1f4e79' },
        axisLabel: { formatter: axis.kind === 'category' ? undefined : (value: number) => formatValue(value) },
      })),
      series: [
        {
          type: 'parallel',
          data: data.rows,
          lineStyle: { width: 1, opacity: 0.35, color: '#1f4e79' },
          inactiveOpacity: 0.04,
          activeOpacity: 0.9,
          progressive: 1000,
        },
      ],
    }),
    [data, params],
  );

  if (runs.pending) return null;
  if (data.axes.length < 2) return <Empty>Choose at least two parameters with values as axes.</Empty>;
  const brushed = [...intervals.values()].some((ranges) => ranges.length > 0);
  const inside = insideIntervals(data.rows, intervals);
  return (
    <figure className="plot">
      <InteractiveChart
        key={key}
        option={option}
        label={`Parallel coordinates of ${data.axes.map((a) => a.ref.name).join(', ')}`}
        height={400}
        events={{
          axisareaselected: (event) => {
            const index = Number(String(event['parallelAxisId'] ?? '').replace(/^.*axis-/, ''));
            const ranges = (event['intervals'] as [number, number][] | undefined) ?? [];
            setIntervals((current) => new Map(current).set(index, ranges));
          },
        }}
      />
      <figcaption className="muted small" aria-live="polite">
        {data.rows.length} lines from {runs.hits.length} of {runs.total} runs
        {data.leftOut > 0 ? `; ${data.leftOut} lack a value on some axis` : ''}.{' '}
        {brushed ? `${inside} of ${data.rows.length} runs in the brushed ranges.` : 'Drag along an axis to brush a range.'}
      </figcaption>
      <div className="plot-tools">
        <button type="button" onClick={() => onFilters(intervalFilters(filters, data.axes, intervals))} disabled={!brushed}>
          Filter to the brushed ranges
        </button>
      </div>
    </figure>
  );
}
