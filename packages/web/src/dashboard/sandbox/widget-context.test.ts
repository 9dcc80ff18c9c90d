import { describe, expect, it } from 'vitest';
import { transformDate, widgetContextStandIn } from './widget-context';

describe('widget function ctx stand-in', () => {
  const at = new Date(2026, 0, 5, 14, 3, 9, 45).getTime();

  it('formats dates as Angular’s DatePipe does, from numbers, numeric text and ISO text', () => {
    expect(transformDate(at, 'yyyy-MM-dd HH:mm:ss')).toBe('2026-01-05 14:03:09');
    expect(transformDate(String(at), 'dd.MM.yy h:mm a')).toBe('05.01.26 2:03 PM');
    expect(transformDate(at, "EEE, MMM d 'at' H:mm:ss.SSS")).toBe('Mon, Jan 5 at 14:03:09.045');
    expect(transformDate(at, 'mediumDate')).toBe('Jan 5, 2026');
    expect(transformDate(at)).toBe('Jan 5, 2026');
    expect(transformDate(new Date(at).toISOString(), 'MMMM d, y')).toBe('January 5, 2026');
  });

  it('gives null for no value and throws for text that is not a date', () => {
    expect(transformDate('', 'yyyy')).toBeNull();
    expect(transformDate(null, 'yyyy')).toBeNull();
    expect(() => transformDate('soon', 'yyyy')).toThrow('Unable to convert "soon" into a date');
  });

  it('carries the widget settings that crossed for it', () => {
    const ctx = widgetContextStandIn({ settings: { a: 1 } });
    expect(ctx.settings).toEqual({ a: 1 });
    expect(widgetContextStandIn(null).settings).toEqual({});
  });
});
