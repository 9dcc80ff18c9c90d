import { SUPPORTED_LANGUAGES } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { firstDayOfWeek, formatDateTime } from './date-time';
import { dateTimePattern, formatDateTimeText, parseDateTimeText } from './date-time-text';

const plain = (text: string) => text.replace(/\s/gu, ' ');
const AFTERNOON = new Date(2026, 2, 7, 14, 5, 9).getTime();
const TO_THE_MINUTE = new Date(2026, 2, 7, 14, 5).getTime();

describe("the date-time picker's text", () => {
  it("writes the console's format for the language, to the minute or the second", () => {
    expect(formatDateTimeText(AFTERNOON, 'de_DE')).toBe('07.03.2026, 14:05');
    expect(formatDateTimeText(AFTERNOON, 'de_DE', 'seconds')).toBe('07.03.2026, 14:05:09');
    expect(plain(formatDateTimeText(AFTERNOON, 'en_US'))).toBe('03/07/2026, 02:05 PM');
    // The same text as the tables show.
    expect(formatDateTimeText(AFTERNOON, 'de_DE', 'seconds')).toBe(formatDateTime(AFTERNOON, 'de_DE'));
    expect(formatDateTimeText(null, 'de_DE')).toBe('');
  });

  it('names the pattern to type', () => {
    expect(dateTimePattern('de_DE')).toBe('dd.mm.yyyy, hh:mm');
    expect(plain(dateTimePattern('en_US', 'seconds'))).toBe('mm/dd/yyyy, hh:mm:ss AM/PM');
  });

  it('reads typed text in the order of the language', () => {
    expect(parseDateTimeText('07.03.2026, 14:05', 'de_DE')).toBe(TO_THE_MINUTE);
    expect(parseDateTimeText('7.3.2026 14:05:09', 'de_DE')).toBe(AFTERNOON);
    expect(parseDateTimeText('03/07/2026, 02:05 PM', 'en_US')).toBe(TO_THE_MINUTE);
    expect(parseDateTimeText('3/7/2026 2:05:09 pm', 'en_US')).toBe(AFTERNOON);
    expect(parseDateTimeText('03/07/2026 14:05', 'en_US')).toBe(TO_THE_MINUTE);
    expect(parseDateTimeText('03/07/2026 12:00 AM', 'en_US')).toBe(new Date(2026, 2, 7).getTime());
    expect(parseDateTimeText('2026-03-07T14:05', 'de_DE')).toBe(TO_THE_MINUTE);
  });

  it('refuses text that is not a date and time', () => {
    for (const text of [
      '',
      'tomorrow',
      '31.02.2026, 10:00',
      '07.13.2026, 10:00',
      '07.03.2026',
      '07.03.26, 10:00',
    ]) {
      expect(parseDateTimeText(text, 'de_DE'), text).toBeNull();
    }
    expect(parseDateTimeText('03/07/2026 13:05 PM', 'en_US')).toBeNull();
    expect(parseDateTimeText('03/07/2026 24:05', 'en_US')).toBeNull();
  });

  it('reads back what it writes, in every language the console offers', () => {
    for (const language of SUPPORTED_LANGUAGES) {
      for (const precision of ['minutes', 'seconds'] as const) {
        const text = formatDateTimeText(AFTERNOON, language, precision);
        const expected = precision === 'seconds' ? AFTERNOON : TO_THE_MINUTE;
        expect(parseDateTimeText(text, language), `${language} ${text}`).toBe(expected);
      }
    }
  });

  it('starts weeks on the first day of the language’s region', () => {
    expect(firstDayOfWeek('de_DE')).toBe(1);
    expect(firstDayOfWeek('en_US')).toBe(0);
    expect(firstDayOfWeek('fa_IR')).toBe(6);
  });
});
