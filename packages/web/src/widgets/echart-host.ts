import type * as echarts from 'echarts/core';
import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { echartsLocaleOf } from './echart-locale';

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
  const { i18n } = useTranslation();
  const language = i18n.language;
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  // The option of the last render, for a chart made after its locale loaded.
  const latest = useRef({ option, replace });
  latest.current = { option, replace };
  useEffect(() => {
    const host = element.current;
    if (!host) return;
    let instance: echarts.ECharts | null = null;
    let observer: ResizeObserver | null = null;
    let gone = false;
    const make = (locale: string) => {
      if (gone) return;
      instance = core.init(host, undefined, { locale });
      chart.current = instance;
      const made = instance;
      observer = new ResizeObserver(() => made.resize());
      observer.observe(host);
      made.setOption(latest.current.option, { notMerge: latest.current.replace });
    };
    const locale = echartsLocaleOf(core, language);
    if (typeof locale === 'string') make(locale);
    else void locale.then(make);
    return () => {
      gone = true;
      observer?.disconnect();
      instance?.dispose();
      chart.current = null;
    };
  }, [core, language]);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: replace });
  });
  return element;
}
