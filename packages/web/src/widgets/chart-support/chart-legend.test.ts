import type { WidgetConfig } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import type { ChartTheme } from '../chart-theme';
import { legendLayoutOf, legendOption, legendRoom } from './chart-legend';

const colors = { secondaryText: '#666' } as ChartTheme;
const config = (legendConfig: object, extra: Partial<WidgetConfig> = {}): WidgetConfig =>
  ({ legendConfig, ...extra }) as WidgetConfig;

describe('chart legend', () => {
  it("reads the reference's defaults: below the chart, one key a line, in the keys' order", () => {
    const layout = legendLayoutOf({});
    expect(layout).toEqual({ show: true, side: 'bottom', column: true, sorted: false });
    expect(legendRoom(layout, 2)).toEqual({ bottom: 52 });
    expect(legendRoom(layout, 9)).toEqual({ bottom: 92 });
    expect(legendOption(layout, ['b', 'a', 'b'], colors)).toMatchObject({
      orient: 'vertical',
      bottom: 0,
      height: 40,
      data: ['b', 'a'],
    });
  });

  it('lays a row legend out in one line, and sorts names when asked', () => {
    const layout = legendLayoutOf(config({ direction: 'row', position: 'top', sortDataKeys: true }));
    expect(legendRoom(layout, 5)).toEqual({ top: 32 });
    expect(legendOption(layout, ['temp 10', 'temp 9', 'humidity'], colors)).toMatchObject({
      orient: 'horizontal',
      top: 0,
      data: ['humidity', 'temp 9', 'temp 10'],
    });
  });

  it('keeps a column at the sides, and takes no room when hidden or empty', () => {
    const side = legendLayoutOf(config({ direction: 'row', position: 'right' }));
    expect(side.column).toBe(true);
    expect(legendRoom(side, 3)).toEqual({ right: 132 });
    expect(legendOption(side, ['a'], colors)).toMatchObject({ right: 0, top: 'middle', orient: 'vertical' });
    const hidden = legendLayoutOf(config({}, { showLegend: false }));
    expect(legendOption(hidden, ['a'], colors)).toEqual({ show: false });
    expect(legendRoom(hidden, 3)).toEqual({});
    expect(legendRoom(side, 0)).toEqual({});
  });
});
