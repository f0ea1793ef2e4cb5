import { BarChart, LineChart, ParallelChart, ScatterChart } from 'echarts/charts';
import {
  BrushComponent,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  ParallelComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import type { ECharts, EChartsCoreOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useColorScheme } from '../../components/use-color-scheme';

// The results views' charts: scatter with colour scales, zoom and box selection; parallel
// coordinates with axis brushing. Only these parts are bundled.
echarts.use([
  BarChart,
  LineChart,
  ParallelChart,
  ScatterChart,
  BrushComponent,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  ParallelComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export type ChartEvents = Record<string, (event: Record<string, unknown>, chart: ECharts) => void>;

/**
 * An ECharts chart on a canvas, resized with its box, handing ECharts' events (`click`,
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
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | undefined>(undefined);
  const handlers = useRef(events);
  const ready = useRef(onReady);
  // Dark when the browser prefers it: the chart is made again in ECharts' dark theme.
  const scheme = useColorScheme();
  useEffect(() => {
    handlers.current = events;
    ready.current = onReady;
  });

  useEffect(() => {
    if (!box.current) return undefined;
    const instance = echarts.init(box.current, scheme === 'dark' ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = instance;
    for (const name of ['click', 'brushend', 'datazoom', 'axisareaselected']) {
      instance.on(name, (event) => handlers.current[name]?.(event as Record<string, unknown>, instance));
    }
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(box.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = undefined;
    };
  }, [scheme]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    // Tooltips drawn on the canvas: ECharts' HTML tooltips carry style attributes the CSP refuses.
    const tooltip = (option as { tooltip?: object }).tooltip;
    const themed = { backgroundColor: 'transparent', ...option };
    instance.setOption(tooltip ? { ...themed, tooltip: { ...tooltip, renderMode: 'richText' } } : themed, { notMerge: true });
    ready.current?.(instance);
  }, [option, scheme]);

  return <div className="chart" ref={box} style={{ height }} role="img" aria-label={label} />;
}
