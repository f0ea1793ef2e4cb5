import { BarChart, ScatterChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect } from 'react';
import { canvasOption, useCanvasChart } from './canvas-chart';

// Only the parts drawn here are bundled.
echarts.use([BarChart, ScatterChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

const CLICK = ['click'] as const;

/**
 * An ECharts chart on a canvas (see useCanvasChart). `onClick` gets the clicked item's data index
 * and series index.
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
  const { box, chart, scheme } = useCanvasChart(CLICK, (_name, event) =>
    onClick?.({ dataIndex: event.dataIndex as number, seriesIndex: (event.seriesIndex as number | undefined) ?? 0 }),
  );

  useEffect(() => {
    chart.current?.setOption(canvasOption(option), { notMerge: true, lazyUpdate: true });
  }, [chart, option, scheme]);

  return <div className="chart" ref={box} style={{ height }} role="img" aria-label={label} />;
}
