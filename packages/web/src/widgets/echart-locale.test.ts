import type * as echarts from 'echarts/core';
import { describe, expect, it, vi } from 'vitest';
import { echartsLocaleOf } from './echart-locale';

describe('chart locales', () => {
  it("loads and registers ECharts' own translation of a console language once", async () => {
    const registerLocale = vi.fn();
    const core = { registerLocale } as unknown as typeof echarts;
    expect(echartsLocaleOf(core, 'en_US')).toBe('EN');
    expect(echartsLocaleOf(core, 'el_GR')).toBe('EN');
    await expect(echartsLocaleOf(core, 'de_DE')).resolves.toBe('de_DE');
    const [[name, locale]] = registerLocale.mock.calls as [[string, { time: { month: string[] } }]];
    expect(name).toBe('de_DE');
    expect(locale.time.month[0]).toBe('Januar');
    // Registered languages are ready at once the next time.
    expect(echartsLocaleOf(core, 'de_DE')).toBe('de_DE');
    expect(registerLocale).toHaveBeenCalledTimes(1);
  });
});
