import { toBcp47 } from './languages';

/**
 * The one place the console turns instants into text (tables, details, dialogs, audit
 * logs, alarms, telemetry, the history window) and reads `datetime-local` pickers. Display
 * follows the user's language (as a BCP 47 tag) and the browser's time zone; nothing else in the
 * console formats dates by hand or calls toLocaleString. Numbers in messages go through ICU
 * (`{count, number}`, `#` in plurals), which formats them for the same BCP 47 tag.
 */

/**
 * The fields of the console's date-time format, shared by tables and the date-time picker so both
 * write a date the same way. Always the Gregorian calendar (as the reference console), so what a
 * picker shows can be typed back.
 */
export const DATE_TIME_FIELDS = {
  calendar: 'gregory',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
} as const satisfies Intl.DateTimeFormatOptions;

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(
  language: string,
  timeZone: string | undefined,
  milliseconds: boolean,
): Intl.DateTimeFormat {
  const cacheKey = `${language}|${timeZone ?? ''}|${milliseconds ? 'ms' : ''}`;
  let format = dateTimeFormats.get(cacheKey);
  if (!format) {
    format = new Intl.DateTimeFormat(toBcp47(language), {
      ...DATE_TIME_FIELDS,
      second: '2-digit',
      ...(milliseconds ? { fractionalSecondDigits: 3 as const } : {}),
      ...(timeZone ? { timeZone } : {}),
    });
    dateTimeFormats.set(cacheKey, format);
  }
  return format;
}

/**
 * Epoch ms as date and time to the second, e.g. "11/26/2026, 02:05:09 PM" or "26.11.2026, 14:05:09";
 * to the millisecond with `milliseconds` ("11/26/2026, 02:05:09.042 PM").
 */
export function formatDateTime(
  epochMs: number | null | undefined,
  language: string,
  timeZone?: string,
  { milliseconds = false }: { milliseconds?: boolean } = {},
): string {
  if (epochMs === null || epochMs === undefined || !Number.isFinite(epochMs)) {
    return '';
  }
  return dateTimeFormat(language, timeZone, milliseconds).format(epochMs);
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Epoch ms as the value of a `datetime-local` picker (the browser shows it in its own locale), in
 * the browser's time zone, to the minute or to the second.
 */
export function toDateTimeInput(epochMs: number, precision: 'minutes' | 'seconds' = 'minutes'): string {
  const date = new Date(epochMs);
  const minutes =
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return precision === 'seconds' ? `${minutes}:${pad(date.getSeconds())}` : minutes;
}

/** The value of a `datetime-local` picker as epoch ms, or null when empty or not a date. */
export function fromDateTimeInput(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) {
    return null;
  }
  const [year = 0, month = 1, day = 1, hours = 0, minutes = 0, seconds] = match.slice(1).map(Number);
  const ms = new Date(
    year,
    month - 1,
    day,
    hours,
    minutes,
    Number.isNaN(seconds) ? 0 : (seconds ?? 0),
  ).getTime();
  return Number.isNaN(ms) ? null : ms;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Day precision ("26 Nov 2026", "Nov 26, 2026"), in the browser's time zone. */
function dayFormat(language: string): Intl.DateTimeFormat {
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(toBcp47(language), { day: '2-digit', month: 'short', year: 'numeric' });
    dayFormats.set(language, format);
  }
  return format;
}

/**
 * The days a range covers, as one text: a single day when it starts and ends on the same day,
 * else both ends with the parts they share written once ("Nov 20 – 26, 2026"; "20.–26. Nov. 2026").
 */
export function formatDayRange(startMs: number, endMs: number, language: string): string {
  const format = dayFormat(language);
  if (new Date(startMs).toDateString() === new Date(endMs).toDateString()) return format.format(startMs);
  return format.formatRange(Math.min(startMs, endMs), Math.max(startMs, endMs));
}

/** A calendar page's title: month and year ("November 2026", "Listopad 2026"). */
export function formatMonthYear(epochMs: number, language: string): string {
  return new Intl.DateTimeFormat(toBcp47(language), { month: 'long', year: 'numeric' }).format(epochMs);
}

/** Short weekday names from `firstDay` (0 Sunday … 6 Saturday) on, for a calendar's header row. */
export function weekdayNames(language: string, firstDay: number): string[] {
  const format = new Intl.DateTimeFormat(toBcp47(language), { weekday: 'short' });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(2023, 0, 1 + ((firstDay + i) % 7))));
}

/** Regions whose weeks start on Sunday or Saturday (CLDR), for browsers without Intl week info. */
const SUNDAY_FIRST = new Set(['US', 'CA', 'BR', 'JP', 'KR', 'TW', 'IL', 'MX', 'PH', 'IN']);
const SATURDAY_FIRST = new Set(['IR', 'AF', 'EG', 'SA', 'AE']);

type LocaleWithWeek = Intl.Locale & {
  getWeekInfo?: () => { firstDay: number };
  weekInfo?: { firstDay: number };
};

/** The first day of the week (0 Sunday … 6 Saturday) where the language is spoken: Montag in de_DE. */
export function firstDayOfWeek(language: string): number {
  const locale = new Intl.Locale(toBcp47(language)) as LocaleWithWeek;
  // Intl week info numbers days 1 (Monday) … 7 (Sunday); older engines have the getter only.
  const info = locale.getWeekInfo?.() ?? locale.weekInfo;
  if (info) return info.firstDay % 7;
  const region = locale.maximize().region ?? '';
  if (SUNDAY_FIRST.has(region)) return 0;
  return SATURDAY_FIRST.has(region) ? 6 : 1;
}
