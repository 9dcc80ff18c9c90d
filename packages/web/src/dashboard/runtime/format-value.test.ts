import { describe, expect, it } from 'vitest';
import { formatValue } from './format-value';

describe('formatValue', () => {
  const format = { decimals: 1, units: '°C' };

  it('rounds numbers to the decimals and adds the units', () => {
    expect(formatValue('23.46', format)).toBe('23.5 °C');
    expect(formatValue('on', format)).toBe('on °C');
  });

  it('shows nothing, not lone units, for a key without a value yet', () => {
    expect(formatValue(undefined, format)).toBe('');
    expect(formatValue('', format)).toBe('');
  });
});
