import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDayRange,
  formatMonthYear,
  fromDateTimeInput,
  toDateTimeInput,
  weekdayNames,
} from './date-time';
import { createI18n, loadConsoleMessages } from './i18n';

const INSTANT = Date.UTC(2024, 0, 5, 13, 8, 9);

describe('the shared date-time and number formats', () => {
  it('follow the language: en_US and de_DE order and punctuate dates and times their own way', () => {
    expect(formatDateTime(INSTANT, 'en_US', 'UTC')).toBe('01/05/2024, 01:08:09 PM');
    expect(formatDateTime(INSTANT, 'de_DE', 'UTC')).toBe('05.01.2024, 13:08:09');
  });

  it('show milliseconds when asked', () => {
    expect(formatDateTime(INSTANT + 42, 'en_US', 'UTC', { milliseconds: true })).toBe(
      '01/05/2024, 01:08:09.042 PM',
    );
    expect(formatDateTime(INSTANT + 42, 'de_DE', 'UTC', { milliseconds: true })).toBe(
      '05.01.2024, 13:08:09,042',
    );
  });

  it('follow the time zone', () => {
    expect(formatDateTime(INSTANT, 'de_DE', 'Europe/Berlin')).toBe('05.01.2024, 14:08:09');
    expect(formatDateTime(INSTANT, 'de_DE', 'America/New_York')).toBe('05.01.2024, 08:08:09');
  });

  it('write day ranges, month pages and weekdays in the language (the browser’s time zone)', () => {
    const plain = (text: string) => text.replace(/\s/gu, ' ');
    const start = new Date(2026, 10, 20).getTime();
    const end = new Date(2026, 10, 26, 23, 59, 59, 999).getTime();
    expect(plain(formatDayRange(start, end, 'en_US'))).toBe('Nov 20 – 26, 2026');
    expect(plain(formatDayRange(start, end, 'de_DE'))).toBe('20.–26. Nov. 2026');
    expect(plain(formatDayRange(start, start + 3_600_000, 'de_DE'))).toBe('20. Nov. 2026');
    expect(formatMonthYear(start, 'fr_FR')).toBe('novembre 2026');
    expect(weekdayNames('en_US', 1)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(weekdayNames('de_DE', 0)[0]).toBe('So');
  });

  it('show nothing for a missing or unreadable instant', () => {
    expect(formatDateTime(null, 'en_US')).toBe('');
    expect(formatDateTime(undefined, 'en_US')).toBe('');
    expect(formatDateTime(Number.NaN, 'en_US')).toBe('');
  });

  it('numbers in messages follow the language too (ICU with the BCP 47 tag)', async () => {
    const i18n = createI18n('en_US');
    await loadConsoleMessages(i18n);
    expect(i18n.t('entity.displayed-rows', { from: 1, to: 10, count: 1234567 })).toBe('1–10 of 1,234,567');
    i18n.addResourceBundle('de_DE', 'translation', {
      entity: { 'displayed-rows': '{from, number}–{to, number} von {count, number}' },
    });
    await i18n.changeLanguage('de_DE');
    expect(i18n.t('entity.displayed-rows', { from: 1, to: 10, count: 1234567 })).toBe('1–10 von 1.234.567');
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
