import { describe, expect, it } from 'vitest';
import { COUNTRIES, isValidPostalCode, POSTAL_CODE_PATTERNS } from './contact.js';

describe('contact', () => {
  it('lists about 250 distinct countries, including every one with a postal pattern', () => {
    expect(COUNTRIES.length).toBeGreaterThan(240);
    expect(new Set(COUNTRIES).size).toBe(COUNTRIES.length);
    for (const country of Object.keys(POSTAL_CODE_PATTERNS)) {
      expect(COUNTRIES).toContain(country);
    }
    expect(Object.keys(POSTAL_CODE_PATTERNS)).toHaveLength(18);
  });

  it('checks the zip against the pattern of the chosen country only', () => {
    expect(isValidPostalCode('United States', '94103')).toBe(true);
    expect(isValidPostalCode('United States', '94103-1234')).toBe(true);
    expect(isValidPostalCode('United States', '9410')).toBe(false);
    expect(isValidPostalCode('Germany', '10115')).toBe(true);
    expect(isValidPostalCode('Germany', '1011')).toBe(false);
    expect(isValidPostalCode('United Kingdom', 'SW1A 1AA')).toBe(true);
    expect(isValidPostalCode('United Kingdom', '12345')).toBe(false);
    expect(isValidPostalCode('Canada', 'K1A 0B1')).toBe(true);
    expect(isValidPostalCode('Poland', '00-950')).toBe(true);
    expect(isValidPostalCode('Poland', '00950')).toBe(false);
    expect(isValidPostalCode('Netherlands', '1012 AB')).toBe(true);
  });

  it('accepts anything when the country has no pattern or a value is empty', () => {
    expect(isValidPostalCode('France', 'anything')).toBe(true);
    expect(isValidPostalCode(null, '1')).toBe(true);
    expect(isValidPostalCode('Germany', '')).toBe(true);
    expect(isValidPostalCode('toString', 'x')).toBe(true);
  });
});
