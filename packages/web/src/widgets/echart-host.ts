import type * as echarts from 'echarts/core';
import { type RefObject, useEffect, useRef } from 'react';

/**
 * Draws an ECharts option in the element: the chart is made once, follows the element's size, and
 * is disposed with it. Each render applies the current option; `replace` drops the previous one
 * (a chart whose series come and go), otherwise it is merged, so gauges animate from the old value.
 * `core` is the caller's `echarts/core` with its parts registered, so each widget's chunk holds
 * only what it draws.
 */
export function useEChart(
  core: typeof echarts,
  option: echarts.EChartsCoreOption,
  { replace = false }: { replace?: boolean } = {},
): RefObject<HTMLDivElement | null> {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    const host = element.current;
    if (!host) return;
    const instance = core.init(host);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(host);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [core]);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: replace });
  });
  return element;
}
