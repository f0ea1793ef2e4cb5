import * as charts from 'echarts/charts';
import * as components from 'echarts/components';
import * as echarts from 'echarts/core';
import type { ECharts, EChartsCoreOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { type CanvasChartEvent, canvasOption, useCanvasChart } from '../../components/canvas-chart';

// The results views' charts: scatter with colour scales, zoom and box selection; parallel
// coordinates with axis brushing. Only these parts are bundled (the bundler keeps the members
// of a namespace import that are named).
echarts.use([
  charts.BarChart,
  charts.LineChart,
  charts.ParallelChart,
  charts.ScatterChart,
  components.BrushComponent,
  components.DataZoomComponent,
  components.GridComponent,
  components.LegendComponent,
  components.ParallelComponent,
  components.TooltipComponent,
  components.VisualMapComponent,
  CanvasRenderer,
]);

export type ChartEvents = Record<string, (event: CanvasChartEvent, chart: ECharts) => void>;

const EVENT_NAMES = ['click', 'brushend', 'datazoom', 'axisareaselected'] as const;

/**
 * An ECharts chart on a canvas (see useCanvasChart), handing ECharts' events (`click`,
 * `brushend`, `datazoom`, `axisareaselected`, …) to `events`, and the instance to `onReady`
 * (for actions such as starting a box selection).
 */
export function InteractiveChart({
  option,
  label,
  height = 360,
  events = {},
  onReady,
}: {
  option: EChartsCoreOption;
  label: string;
  height?: number;
  events?: ChartEvents;
  onReady?: (chart: ECharts) => void;
}) {
  const ready = useRef(onReady);
  const { box, chart, scheme } = useCanvasChart(EVENT_NAMES, (name, event, instance) => events[name]?.(event, instance));
  useEffect(() => {
    ready.current = onReady;
  });

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    instance.setOption(canvasOption(option), { notMerge: true });
    ready.current?.(instance);
  }, [chart, option, scheme]);

  return <div className="chart" ref={box} style={{ height }} role="img" aria-label={label} />;
}
