import type { JsonObject } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { bandsOf } from './gauge-scale';

describe('gauge bands', () => {
  it('reads bounds as numbers and as the reference 3.3 digital gauges save them', () => {
    const items = [
      { from: 0, to: 40, color: '#4caf50' },
      {
        from: { valueSource: 'predefinedValue', value: 40 },
        to: { valueSource: 'predefinedValue', value: '80' },
        color: '#ff9800',
      },
      // A bound from an entity attribute is not known here, and a band without a colour is nothing.
      { from: { valueSource: 'entityAttribute', attribute: 'limit' }, to: 100, color: '#f44336' },
      { from: 80, to: 100 },
    ] as unknown as JsonObject[];
    expect(bandsOf(items)).toEqual([
      { from: 0, to: 40, color: '#4caf50' },
      { from: 40, to: 80, color: '#ff9800' },
    ]);
  });
});
