import { describe, expect, it } from 'vitest';
import { entityFieldText, latestValueText } from './values.js';

describe('latestValueText', () => {
  it('normalises numbers the way the reference prints them', () => {
    expect(latestValueText('25')).toBe('25');
    expect(latestValueText('-25')).toBe('-25');
    expect(latestValueText('21.5')).toBe('21.5');
    expect(latestValueText('25.50')).toBe('25.5');
    expect(latestValueText('9223372036854775807')).toBe('9223372036854775807');
    expect(latestValueText('12345678.9')).toBe('1.23456789E7');
    expect(latestValueText('0.5')).toBe('0.5');
  });

  it('keeps leading zeros, text, JSON and booleans as they are; missing is empty', () => {
    expect(latestValueText('007')).toBe('007');
    expect(latestValueText('0')).toBe('0');
    expect(latestValueText('hot')).toBe('hot');
    expect(latestValueText('1e5')).toBe('1e5');
    expect(latestValueText('true')).toBe('true');
    expect(latestValueText('{"a": 1}')).toBe('{"a": 1}');
    expect(latestValueText(null)).toBe('');
  });
});

describe('entityFieldText', () => {
  it('answers fields as text and additionalInfo as compact JSON', () => {
    expect(entityFieldText('name', 'Sensor')).toBe('Sensor');
    expect(entityFieldText('label', null)).toBe('');
    expect(entityFieldText('additionalInfo', '{"big": 12345678901234567890, "list": [1, 2.50]}')).toBe(
      '{"big":12345678901234567890,"list":[1,2.50]}',
    );
  });
});
