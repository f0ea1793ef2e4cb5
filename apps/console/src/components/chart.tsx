import { BarChart, ScatterChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect } from 'react';
import { canvasOption, useCanvasChart } from './canvas-chart';

// Only the parts drawn here are bundled.
echarts.use([BarChart, ScatterChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

/** An ECharts chart on a canvas (see useCanvasChart). */
export function Chart({ option, label, height = 320 }: { option: EChartsCoreOption; label: string; height?: number }) {
  const { box, chart, scheme } = useCanvasChart();

  useEffect(() => {
    chart.current?.setOption(canvasOption(option), { notMerge: true, lazyUpdate: true });
  }, [chart, option, scheme]);

  return <div className="chart" ref={box} style={{ height }} role="img" aria-label={label} />;
}
