import { describe, expect, it, vi } from 'vitest';
import { createSandboxHandler } from '../../dashboard/sandbox/sandbox-handler';
import { createScriptCalls } from '../../dashboard/sandbox/script-calls';
import {
  defaultTickText,
  tickFormatter,
  timeChartFormatting,
  tooltipFormatter,
  tooltipFormatterOf,
  yTicksFormatterOf,
} from './chart-scripts';

const handle = createSandboxHandler((names, body) => new Function(...names, body) as never);
const sandboxCalls = (onSettled = () => undefined) =>
  createScriptCalls(async (jobs) => (await handle({ id: 1, jobs })).results, onSettled);

describe('chart formatters', () => {
  it('reads the y axis formatter and each key’s tooltip formatter, the key’s before the widget’s', () => {
    expect(yTicksFormatterOf({ yaxis: { ticksFormatter: 'return value;' } })).toBe('return value;');
    expect(yTicksFormatterOf({ yaxis: { ticksFormatter: '' } })).toBeUndefined();
    expect(yTicksFormatterOf({})).toBeUndefined();
    expect(tooltipFormatterOf({ tooltipValueFormatter: 'w' }, { tooltipValueFormatter: 'k' })).toBe('k');
    expect(tooltipFormatterOf({ tooltipValueFormatter: 'w' }, {})).toBe('w');
    expect(tooltipFormatterOf({}, undefined)).toBeUndefined();
  });

  it('labels ticks with the formatter’s result once known, and as ECharts would while and when it fails', async () => {
    const onSettled = vi.fn();
    const calls = sandboxCalls(onSettled);
    const format = tickFormatter("if (value > 1000) throw new Error('big'); return value + ' kW';", calls);
    expect(format(5)).toBe('5');
    expect(format(1500)).toBe('1,500');
    await calls.idle();
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(format(5)).toBe('5 kW');
    expect(format(1500)).toBe('1,500');
    expect(defaultTickText(0.125)).toBe('0.125');
  });

  it('writes the tooltip again with the formatted values, sanitized, and escapes the rest', async () => {
    const calls = sandboxCalls();
    const formatter = tooltipFormatter(
      ["return '<b>' + value.toFixed(1) + '</b><img src=x onerror=alert(1)>';", undefined],
      calls,
      (ms) => `at ${ms}`,
    );
    const params = [
      {
        seriesIndex: 0,
        seriesName: 'Power <1>',
        marker: '<span class="m"></span>',
        value: [10, 2.345],
        axisValue: 10,
      },
      { seriesIndex: 1, seriesName: 'Other', marker: '', value: [10, 7], axisValue: 10 },
    ];
    const callback = vi.fn();
    const first = formatter(params, 't1', callback);
    expect(first).toContain('<div>at 10</div>');
    expect(first).toContain('Power &lt;1&gt;');
    expect(first).toContain('2.345');
    await calls.idle();
    await Promise.resolve();
    expect(callback).toHaveBeenCalledTimes(1);
    const [ticket, html] = callback.mock.calls[0] as [string, string];
    expect(ticket).toBe('t1');
    expect(html).toContain('<b>2.3</b><img src="x">');
    expect(html).not.toMatch(/onerror|alert/);
    expect(html).toContain('>7</span>');
    // Known values: written at once, no second write.
    expect(formatter(params, 't2', callback)).toBe(html);
    expect(callback).toHaveBeenCalledTimes(1);
    // One point's own tooltip (`tooltipIndividual`): its time comes from its value.
    const single = formatter(
      { seriesIndex: 1, seriesName: 'Other', marker: '', value: [20, 7] },
      't3',
      callback,
    );
    expect(single).toContain('<div>at 20</div>');
    expect(single).toContain('>7</span>');
  });

  it('makes no formatters without calls or functions', () => {
    const calls = { labels: sandboxCalls(), tooltip: sandboxCalls() };
    expect(timeChartFormatting({ yaxis: { ticksFormatter: 'return 1;' } }, [], undefined, String)).toEqual(
      {},
    );
    expect(timeChartFormatting({}, [undefined], calls, String)).toEqual({});
    const made = timeChartFormatting(
      { yaxis: { ticksFormatter: 'return 1;' } },
      ['return 2;'],
      calls,
      String,
    );
    expect(typeof made.yTick).toBe('function');
    expect(typeof made.tooltip).toBe('function');
  });
});
