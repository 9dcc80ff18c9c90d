import type { JsonObject } from '@meridian/common';
import type { EChartsCoreOption } from 'echarts/core';
import { numericValue } from '../../dashboard/runtime/format-value';
import type { ChartScriptCalls } from '../chart-support/chart-scripts';
import { type FlotChartSettings, flotChartSettingsOf } from '../chart-support/flot-settings';
import {
  type ChartSeries,
  chartFormattingOf,
  chartSeries,
  lineSeries,
  timeChartOption,
} from '../chart-support/time-chart';
import type { ChartTheme } from '../chart-theme';
import { objectItems } from '../gauge-support/gauge-value';
import type { WidgetProps } from '../widget-definition';

/**
 * The reference's state chart (`charts.state_chart`): each time-series key of each entity as a
 * step line (a state holds until the next change), the legend as on the other time charts.
 * States are named by the declarative `settings.states` list (`{label, value, sourceType:
 * 'constant', sourceValue}`: a stored `sourceValue` is drawn at `value` and the axis shows `label`).
 * Without states, numbers are drawn as they are and true/false as 1/0. The 3.3 flot chart named
 * states with a `yaxis.ticksFormatter` function: without declarative states it labels the axis,
 * run in the sandbox worker (chart-scripts.ts).
 */

export interface ChartState {
  label: string;
  value: number;
  /** The stored value drawn at `value`, as text (values travel as strings). */
  source: string;
}

export function chartStates(settings: JsonObject | undefined): ChartState[] {
  return objectItems(settings, 'states').flatMap((item) => {
    const value = typeof item.value === 'number' ? item.value : numericValue(String(item.value ?? ''));
    if (value === null || typeof item.label !== 'string') return [];
    const source =
      item.sourceType === 'constant' || item.sourceType === undefined ? item.sourceValue : undefined;
    return [
      {
        label: item.label,
        value,
        source: source === undefined || source === null ? String(value) : String(source),
      },
    ];
  });
}

/** What the state chart reads: the flot chart's formatters and the declarative states. */
export interface StateChartSettings extends FlotChartSettings {
  states: ChartState[];
}

export function stateChartSettingsOf(settings: JsonObject | undefined): StateChartSettings {
  return { ...flotChartSettingsOf(settings), states: chartStates(settings) };
}

/** The plotted number of a stored value: its state's, else the number, else 1/0 for true/false. */
export function stateNumber(states: ChartState[], raw: string): number | null {
  const state = states.find((s) => s.source === raw);
  if (state) return state.value;
  if (raw === 'true') return 1;
  if (raw === 'false') return 0;
  return numericValue(raw);
}

/** The chart's series: stored values as their states' numbers. */
export function stateChartSeries(props: Pick<WidgetProps, 'config' | 'data'>): ChartSeries[] {
  const states = chartStates(props.config.settings);
  return chartSeries(props, (raw) => stateNumber(states, raw));
}

export function stateChartOption(
  props: WidgetProps,
  colors: ChartTheme,
  formatTime?: (epochMs: number) => string,
  calls?: ChartScriptCalls,
): EChartsCoreOption {
  const { states } = stateChartSettingsOf(props.config.settings);
  const source = stateChartSeries(props);
  const formatting = chartFormattingOf(props.config, source, calls, formatTime);
  const option = timeChartOption(
    props,
    colors,
    source.map((s) => ({ ...lineSeries(s), step: 'end' })),
    formatTime,
    formatting,
  ) as { yAxis: object };
  const { yTick } = formatting;
  const byValue = new Map(states.map((s) => [s.value, s.label]));
  return {
    ...option,
    yAxis: {
      ...option.yAxis,
      minInterval: 1,
      axisLabel: {
        color: colors.secondaryText,
        formatter: (value: number) =>
          byValue.get(value) ?? (byValue.size > 0 ? '' : yTick ? yTick(value) : String(value)),
      },
    },
  };
}
