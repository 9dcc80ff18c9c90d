import { describe, expect, it } from 'vitest';
import { hexForNativeInput, isColor } from './color-value';

describe('colour values', () => {
  it('accepts the colours saved dashboards hold and refuses others', () => {
    expect(isColor('#ff5722')).toBe(true);
    expect(isColor('#fff')).toBe(true);
    expect(isColor('rgba(0, 0, 0, 0.5)')).toBe(true);
    expect(isColor('')).toBe(false);
    expect(isColor('#ggg')).toBe(false);
  });

  it('gives the native colour input a six-digit hex colour when there is one', () => {
    expect(hexForNativeInput('#ABC')).toBe('#aabbcc');
    expect(hexForNativeInput('#E91E63')).toBe('#e91e63');
    expect(hexForNativeInput('rgb(1, 2, 3)')).toBeNull();
  });
});
