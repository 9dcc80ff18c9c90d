import type { EChartsCoreOption } from 'echarts/core';
import { dataKeyLabel } from '../../dashboard/runtime/format-value';
import type { ChartTheme } from '../chart-theme';
import { axisLineColors, clampToScale, tickDecimals } from '../gauge-support/gauge-scale';
import { gaugeValue } from '../gauge-support/gauge-value';
import type { WidgetProps } from '../widget-definition';
import { radialGaugeSettingsOf } from './radial-gauge-settings';

/**
 * The reference's radial canvas gauge (`TbAnalogueRadialGauge`) as an ECharts gauge series. Applied
 * settings: `minValue`/`maxValue`, `startAngle`/`ticksAngle` (degrees from the bottom, clockwise),
 * `majorTicksCount`, `minorTicks`, `highlights` (coloured bands of the scale) and `highlightsWidth`,
 * `unitTitle`/`showUnitTitle` (the title inside the dial, else the key label), `valueBox`,
 * `colorNeedle`, `animation`/`animationDuration`; decimals and units as every widget has them. The
 * plate, tick and number colours follow the console theme rather than the reference's
 * light-only defaults.
 */
export function radialGaugeOption(
  props: Pick<WidgetProps, 'config' | 'data'>,
  theme: ChartTheme,
): EChartsCoreOption {
  const s = radialGaugeSettingsOf(props.config.settings);
  const min = s.minValue;
  const max = s.maxValue;
  const gauge = gaugeValue(props);
  const labelDecimals = tickDecimals(min, max, s.majorTicksCount);
  const title = s.showUnitTitle ? (s.unitTitle ?? (gauge.dataKey ? dataKeyLabel(gauge.dataKey) : '')) : '';
  const needle = s.colorNeedle ?? gauge.dataKey?.color ?? theme.primary;
  const bandWidth = Math.max(2, Math.min(24, s.highlightsWidth * 0.6));
  return {
    animation: s.animation,
    animationDurationUpdate: s.animationDuration,
    series: [
      {
        type: 'gauge',
        min,
        max,
        // The reference counts from the bottom, clockwise; ECharts from 3 o'clock, anticlockwise.
        startAngle: 270 - s.startAngle,
        endAngle: 270 - s.startAngle - s.ticksAngle,
        splitNumber: s.majorTicksCount,
        radius: '92%',
        axisLine: {
          lineStyle: {
            width: bandWidth,
            color: axisLineColors(s.highlights, min, max, theme.track),
          },
        },
        splitLine: { distance: 2, length: 12, lineStyle: { color: theme.text, width: 2 } },
        axisTick: {
          distance: 2,
          length: 6,
          splitNumber: s.minorTicks,
          lineStyle: { color: theme.secondaryText },
        },
        axisLabel: {
          distance: 18,
          color: theme.secondaryText,
          fontFamily: theme.fontFamily,
          formatter: (value: number) => value.toFixed(labelDecimals),
        },
        pointer: { show: gauge.value !== null, width: 5, itemStyle: { color: needle } },
        anchor: { show: true, size: 12, itemStyle: { color: needle } },
        title: {
          show: title !== '',
          offsetCenter: [0, '-30%'],
          color: theme.secondaryText,
          fontFamily: theme.fontFamily,
        },
        detail: {
          show: s.valueBox,
          offsetCenter: [0, '55%'],
          color: theme.text,
          fontFamily: theme.fontFamily,
          fontSize: 20,
          formatter: () => gauge.text,
        },
        data: [{ value: gauge.value === null ? min : clampToScale(gauge.value, min, max), name: title }],
      },
    ],
  };
}
