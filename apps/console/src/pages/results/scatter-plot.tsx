import type { ECharts } from 'echarts/core';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Empty } from '../../components/states';
import { formatValue } from '../../format';
import { InteractiveChart } from './interactive-chart';
import { axisData, axisProblem, boxFilters, pointTooltip, scatterData, type AxisData } from './plot-data';
import type { PlotRuns } from './plot-runs';
import { MAX_POINTS } from './plot-runs';
import type { ParamRef, ResultFilter } from './results-state';
import type { ResultParams } from './use-result-params';

/** The colour scale of a numeric colour parameter (blue for low, red for high; readable on white). */
const SCALE = ['#313695', '#4575b4', '#74add1', '#fdae61', '#f46d43', '#a50026'];
const CATEGORY_COLOURS = ['#1f4e79', '#c2410c', '#15803d', '#7e22ce', '#b91c1c', '#0e7490', '#a16207', '#be185d', '#4d7c0f', '#374151'];

export function ScatterPlot({
  runs,
  filters,
  params,
  x,
  y,
  color,
  logX,
  logY,
  onFilters,
}: {
  runs: PlotRuns;
  filters: ResultFilter[];
  params: ResultParams;
  x: ParamRef;
  y: ParamRef;
  color?: ParamRef;
  logX: boolean;
  logY: boolean;
  onFilters: (filters: ResultFilter[]) => void;
}) {
  const navigate = useNavigate();
  const chart = useRef<ECharts | undefined>(undefined);
  const [zoomed, setZoomed] = useState(false);
  const [selecting, setSelecting] = useState(false);
  const axes = useMemo(() => {
    const typeOf = (ref: ParamRef) => params.types[ref.cls][ref.name];
    return {
      x: axisData(runs.hits, x, typeOf(x), logX),
      y: axisData(runs.hits, y, typeOf(y), logY),
      color: color ? axisData(runs.hits, color, typeOf(color), false) : undefined,
    };
  }, [runs.hits, x, y, color, logX, logY, params.types]);
  const data = useMemo(() => scatterData(runs.hits, axes.x, axes.y, axes.color), [runs.hits, axes]);

  const option = useMemo(() => {
    const axisOption = (axis: AxisData, gap: number) => ({
      type: axis.kind === 'category' ? 'category' : axis.log ? 'log' : 'value',
      data: axis.kind === 'category' ? axis.categories : undefined,
      name: label(axis.ref, params),
      nameLocation: 'middle',
      nameGap: gap,
      scale: true,
    });
    const scale = data.color.kind === 'scale' ? data.color : undefined;
    const scaled = scale !== undefined;
    return {
      animation: false,
      grid: { left: 64, right: scaled ? 96 : 24, top: data.color.kind === 'categories' ? 40 : 16, bottom: 52 },
      tooltip: {
        trigger: 'item',
        formatter: (p: { seriesIndex: number; dataIndex: number; value: number[] }) => pointTooltip(data, axes, p),
      },
      legend: data.color.kind === 'categories' ? { type: 'scroll', top: 0 } : undefined,
      visualMap: scale
        ? {
            type: 'continuous',
            min: scale.min,
            max: scale.max,
            dimension: 2,
            seriesIndex: data.series.findIndex((s) => s.name === 'runs'),
            calculable: true,
            right: 4,
            top: 'middle',
            itemHeight: 160,
            // The handles show the range's values; above the bar, what it colours by.
            text: [color ? label(color, params) : '', ''],
            formatter: (value: number) => formatValue(value),
            inRange: { color: SCALE },
          }
        : undefined,
      xAxis: axisOption(axes.x, 30),
      yAxis: axisOption(axes.y, 48),
      dataZoom: [
        { type: 'inside', xAxisIndex: 0, filterMode: 'none' },
        { type: 'inside', yAxisIndex: 0, filterMode: 'none' },
      ],
      brush: { xAxisIndex: 0, yAxisIndex: 0, brushMode: 'single', transformable: false, removeOnClick: true },
      series: data.series.map((s, i) => ({
        type: 'scatter',
        name: s.name,
        data: s.points,
        symbolSize: 6,
        large: true,
        largeThreshold: 2000,
        itemStyle:
          data.color.kind === 'none'
            ? { color: '#1f4e79', opacity: 0.7 }
            : data.color.kind === 'categories'
              ? { color: CATEGORY_COLOURS[i % CATEGORY_COLOURS.length], opacity: 0.75 }
              : s.name === 'runs'
                ? { opacity: 0.8 }
                : { color: '#9ca3af', opacity: 0.6 },
      })),
    };
  }, [data, axes, color, params]);

  const problem = axisProblem(axes.x, 'X') ?? axisProblem(axes.y, 'Y');
  if (runs.pending) return null;
  if (problem) return <Empty>{problem}</Empty>;

  const startBox = () => {
    setSelecting(true);
    chart.current?.dispatchAction({ type: 'takeGlobalCursor', key: 'brush', brushOption: { brushType: 'rect', brushMode: 'single' } });
  };
  const resetZoom = () => {
    chart.current?.dispatchAction({ type: 'dataZoom', dataZoomIndex: 0, start: 0, end: 100 });
    chart.current?.dispatchAction({ type: 'dataZoom', dataZoomIndex: 1, start: 0, end: 100 });
    setZoomed(false);
  };
  const loaded = runs.hits.length;
  const numericBox = axes.x.kind === 'number' || axes.y.kind === 'number';
  return (
    <figure className="plot">
      <div className="plot-tools">
        <button type="button" className="secondary" onClick={startBox} aria-pressed={selecting} disabled={!numericBox}>
          Box select → filters
        </button>
        <button type="button" className="secondary" onClick={resetZoom} disabled={!zoomed}>
          Reset zoom
        </button>
        <span className="muted small">Scroll to zoom, drag to pan; a box drawn becomes filters.</span>
      </div>
      <InteractiveChart
        option={option}
        label={`Scatter plot of ${y.name} against ${x.name}${color ? `, coloured by ${color.name}` : ''}`}
        onReady={(instance) => {
          chart.current = instance;
        }}
        events={{
          click: (event) => {
            const id = data.series[Number(event['seriesIndex'])]?.ids[Number(event['dataIndex'])];
            if (id) void navigate(`/results/${encodeURIComponent(id)}`);
          },
          datazoom: () => setZoomed(true),
          brushend: (event, instance) => {
            const area = (event['areas'] as { coordRange?: [[number, number], [number, number]] }[] | undefined)?.[0];
            if (!area?.coordRange) return;
            const [[x0, x1], [y0, y1]] = area.coordRange;
            instance.dispatchAction({ type: 'brush', areas: [] });
            instance.dispatchAction({ type: 'takeGlobalCursor', key: 'brush', brushOption: { brushType: false } });
            setSelecting(false);
            onFilters(
              boxFilters(filters, [
                { axis: axes.x, from: x0, to: x1 },
                { axis: axes.y, from: y0, to: y1 },
              ]),
            );
          },
        }}
      />
      <figcaption className="muted small" aria-live="polite">
        {data.plotted} points from {loaded} of {runs.total} runs
        {runs.loading ? ' — loading more…' : loaded < runs.total ? ` (the newest ${MAX_POINTS} are plotted)` : ''}
        {data.leftOut > 0 ? `; ${data.leftOut} without a value to plot${logX || logY ? ' (or ≤ 0 on a log axis)' : ''}` : ''}
        {axes.x.kind === 'category' || axes.y.kind === 'category' ? '; text and true/false values are plotted as categories' : ''}. Click a
        point to open its run.
      </figcaption>
    </figure>
  );
}

export function label(ref: ParamRef, params: ResultParams): string {
  const units = params.units[ref.cls][ref.name];
  return units ? `${ref.name} [${units}]` : ref.name;
}
