import * as echarts from 'echarts/core';
import type { ECharts, EChartsCoreOption } from 'echarts/core';
import { useEffect, useRef } from 'react';
import { useColorScheme } from './use-color-scheme';

export type CanvasChartEvent = Record<string, unknown>;

const NO_EVENTS: readonly string[] = [];

/**
 * An ECharts instance on a canvas in the returned `box` (the canvas renderer draws 10,000 points
 * without a DOM node each), resized with the box, and made again in ECharts' dark theme when the
 * browser prefers dark. Each event named in `eventNames` (a constant) goes to the latest `onEvent`.
 * The instance is `chart.current` once mounted; `scheme` is for effects that set the option.
 */
export function useCanvasChart(
  eventNames: readonly string[] = NO_EVENTS,
  onEvent: (name: string, event: CanvasChartEvent, instance: ECharts) => void = () => undefined,
) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | undefined>(undefined);
  const handler = useRef(onEvent);
  const scheme = useColorScheme();
  useEffect(() => {
    handler.current = onEvent;
  });

  useEffect(() => {
    if (!box.current) return undefined;
    const instance = echarts.init(box.current, scheme === 'dark' ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = instance;
    for (const name of eventNames) {
      instance.on(name, (event) => handler.current(name, event as CanvasChartEvent, instance));
    }
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(box.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = undefined;
    };
  }, [scheme, eventNames]);

  return { box, chart, scheme };
}

/**
 * `option` on the card's own background, with tooltips drawn on the canvas: ECharts' HTML
 * tooltips carry style attributes the CSP refuses.
 */
export function canvasOption(option: EChartsCoreOption): EChartsCoreOption {
  const tooltip = (option as { tooltip?: object }).tooltip;
  const themed = { backgroundColor: 'transparent', ...option };
  return tooltip ? { ...themed, tooltip: { ...tooltip, renderMode: 'richText' } } : themed;
}
