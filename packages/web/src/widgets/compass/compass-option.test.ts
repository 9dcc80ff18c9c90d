import { describe, expect, it } from 'vitest';
import { LIGHT_CHART_THEME as theme } from '../../test/chart-test-theme';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { COMPASS_DIRECTIONS, compassLabels, compassOption, normalizeHeading } from './compass-option';

interface Series {
  startAngle: number;
  endAngle: number;
  splitNumber: number;
  axisLabel: { formatter: (v: number) => string };
  pointer: { show: boolean; itemStyle: { color: string } };
  data: { value: number }[];
}
const seriesOf = (option: unknown) => (option as { series: Series[] }).series[0] as Series;
const props = (value: string | undefined, settings = {}) =>
  widgetProps([dataKey('heading')], [entityData('Ship', [value])], { settings });

describe('compass option', () => {
  it('puts north at the top and the directions clockwise, the needle at the heading', () => {
    const series = seriesOf(compassOption(props('450'), theme));
    expect(series).toMatchObject({ startAngle: 90, endAngle: -270, splitNumber: 8 });
    expect([0, 45, 90, 315, 360].map(series.axisLabel.formatter)).toEqual(['N', 'NE', 'E', 'NW', '']);
    expect(series.data).toEqual([{ value: 90 }]);
    expect(series.pointer).toMatchObject({ show: true, itemStyle: { color: '#f08080' } });
  });

  it('turns the card under a fixed needle with animationTarget plate, and takes the saved labels', () => {
    const series = seriesOf(
      compassOption(
        props('30', { animationTarget: 'plate', majorTicks: ['N', 'E', 'S', 'W'], colorNeedle: '#00f' }),
        theme,
      ),
    );
    // The heading's place on the card (start - heading) is the top (90°).
    expect(series.startAngle - (series.data[0]?.value ?? 0)).toBe(90);
    expect(series.splitNumber).toBe(4);
    expect(series.axisLabel.formatter(90)).toBe('E');
    expect(series.pointer.itemStyle.color).toBe('#00f');
  });

  it('hides the needle without a heading and wraps headings onto 0..360', () => {
    expect(seriesOf(compassOption(props(undefined), theme)).pointer.show).toBe(false);
    expect(normalizeHeading(-90)).toBe(270);
    expect(compassLabels([])).toEqual(COMPASS_DIRECTIONS);
  });
});
