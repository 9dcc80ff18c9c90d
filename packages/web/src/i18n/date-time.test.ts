import { describe, expect, it } from 'vitest';
import { formatDateTime, formatNumber, fromDateTimeInput, toDateTimeInput } from './date-time';

const INSTANT = Date.UTC(2024, 0, 5, 13, 8, 9);

describe('the shared date-time and number formats', () => {
  it('follow the language: en_US and de_DE order and punctuate dates and times their own way', () => {
    expect(formatDateTime(INSTANT, 'en_US', 'UTC')).toBe('01/05/2024, 01:08:09 PM');
    expect(formatDateTime(INSTANT, 'de_DE', 'UTC')).toBe('05.01.2024, 13:08:09');
  });

  it('follow the time zone', () => {
    expect(formatDateTime(INSTANT, 'de_DE', 'Europe/Berlin')).toBe('05.01.2024, 14:08:09');
    expect(formatDateTime(INSTANT, 'de_DE', 'America/New_York')).toBe('05.01.2024, 08:08:09');
  });

  it('show nothing for a missing or unreadable instant', () => {
    expect(formatDateTime(null, 'en_US')).toBe('');
    expect(formatDateTime(undefined, 'en_US')).toBe('');
    expect(formatDateTime(Number.NaN, 'en_US')).toBe('');
  });

  it('format numbers with the language’s grouping and decimal sign', () => {
    expect(formatNumber(1234.5, 'en_US')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'de_DE')).toBe('1.234,5');
  });

  it('convert datetime-local picker values in local time, to the minute or the second', () => {
    const ms = new Date(2024, 4, 10, 12, 30, 15).getTime();
    expect(toDateTimeInput(ms)).toBe('2024-05-10T12:30');
    expect(toDateTimeInput(ms, 'seconds')).toBe('2024-05-10T12:30:15');
    expect(fromDateTimeInput('2024-05-10T12:30:15')).toBe(ms);
    expect(fromDateTimeInput('2024-05-10T12:30')).toBe(ms - 15_000);
    expect(fromDateTimeInput('')).toBeNull();
    expect(fromDateTimeInput('yesterday')).toBeNull();
  });
});
