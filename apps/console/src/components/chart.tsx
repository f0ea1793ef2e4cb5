import { BarChart, ScatterChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import type { ECharts, EChartsCoreOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useColorScheme } from './use-color-scheme';

// Only the parts drawn here are bundled.
echarts.use([BarChart, ScatterChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

/**
 * An ECharts chart on a canvas (the canvas renderer draws 10,000 points without a DOM node each),
 * resized with its box, in ECharts' dark theme when the browser prefers dark (on the card's own
 * background). `onClick` gets the clicked item's data index and series index.
 */
export function Chart({
  option,
  label,
  height = 320,
  onClick,
}: {
  option: EChartsCoreOption;
  label: string;
  height?: number;
  onClick?: (item: { dataIndex: number; seriesIndex: number }) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | undefined>(undefined);
  const clickHandler = useRef(onClick);
  const scheme = useColorScheme();
  useEffect(() => {
    clickHandler.current = onClick;
  }, [onClick]);

  useEffect(() => {
    if (!box.current) return undefined;
    const instance = echarts.init(box.current, scheme === 'dark' ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = instance;
    instance.on('click', (event) => {
      clickHandler.current?.({ dataIndex: event.dataIndex, seriesIndex: event.seriesIndex ?? 0 });
    });
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(box.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = undefined;
    };
  }, [scheme]);

  useEffect(() => {
    // Tooltips drawn on the canvas: ECharts' HTML tooltips carry style attributes the CSP refuses.
    const tooltip = (option as { tooltip?: object }).tooltip;
    const themed = { backgroundColor: 'transparent', ...option };
    chart.current?.setOption(tooltip ? { ...themed, tooltip: { ...tooltip, renderMode: 'richText' } } : themed, {
      notMerge: true,
      lazyUpdate: true,
    });
  }, [option, scheme]);

  return <div className="chart" ref={box} style={{ height }} role="img" aria-label={label} />;
}
