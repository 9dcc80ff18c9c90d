import { DATE_TIME_FIELDS, fromDateTimeInput } from './date-time';
import { toBcp47 } from './languages';

/**
 * The text of the console's date-time picker: an instant written in the console's date-time format
 * for the user's language (the one tables show, in the browser's time zone), and such text read
 * back. "28.11.2026, 14:05" in de_DE, "11/28/2026, 02:05 PM" in en_US.
 */

export type DateTimePrecision = 'minutes' | 'seconds';

type NumericField = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

interface TextFormat {
  format: Intl.DateTimeFormat;
  /** The numeric fields in the order the language writes them. */
  order: NumericField[];
  /** Whether hours run 1–12 with a day period. */
  twelveHours: boolean;
  /** The language's words for the two halves of the day, compacted (see `compact`). */
  am: string;
  pm: string;
  /** What to type, e.g. "dd.mm.yyyy, hh:mm" or "mm/dd/yyyy, hh:mm:ss AM/PM". */
  pattern: string;
}

const NUMERIC_FIELDS: ReadonlySet<string> = new Set(['year', 'month', 'day', 'hour', 'minute', 'second']);
const PATTERN_TOKENS: Record<NumericField, string> = {
  year: 'yyyy',
  month: 'mm',
  day: 'dd',
  hour: 'hh',
  minute: 'mm',
  second: 'ss',
};

/** Lower case, without spaces, dots and direction marks: "p. m." and "PM" read alike. */
const compact = (text: string) => text.toLowerCase().replace(/[\s.\p{Cf}]/gu, '');

/** Arabic-Indic and Persian digits as ASCII ones, so text in fa_IR's own digits parses too. */
const asciiDigits = (text: string) =>
  text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));

const formats = new Map<string, TextFormat>();

function textFormat(language: string, precision: DateTimePrecision): TextFormat {
  const cacheKey = `${language}|${precision}`;
  const cached = formats.get(cacheKey);
  if (cached) return cached;
  const tag = toBcp47(language);
  const format = new Intl.DateTimeFormat(tag, {
    ...DATE_TIME_FIELDS,
    ...(precision === 'seconds' ? { second: '2-digit' as const } : {}),
  });
  const period = (hour: number) =>
    new Intl.DateTimeFormat(tag, { hour: 'numeric', hour12: true })
      .formatToParts(new Date(2024, 0, 1, hour))
      .find((part) => part.type === 'dayPeriod')?.value ?? (hour < 12 ? 'AM' : 'PM');
  const [amWord, pmWord] = [period(9), period(21)];
  const parts = format.formatToParts(new Date(2024, 0, 1, 21, 0, 0));
  const order = parts
    .map((part) => part.type)
    .filter((type): type is NumericField => NUMERIC_FIELDS.has(type));
  const pattern = parts
    .map((part) =>
      part.type === 'dayPeriod'
        ? `${amWord}/${pmWord}`
        : part.type === 'literal'
          ? part.value.replace(/\p{Cf}/gu, '')
          : (PATTERN_TOKENS[part.type as NumericField] ?? part.value),
    )
    .join('');
  const result: TextFormat = {
    format,
    order,
    twelveHours: format.resolvedOptions().hour12 === true,
    am: compact(amWord),
    pm: compact(pmWord),
    pattern,
  };
  formats.set(cacheKey, result);
  return result;
}

/** The instant (epoch ms) as the picker shows it; '' for none. */
export function formatDateTimeText(
  epochMs: number | null,
  language: string,
  precision: DateTimePrecision = 'minutes',
): string {
  if (epochMs === null || !Number.isFinite(epochMs)) return '';
  return textFormat(language, precision).format.format(epochMs);
}

/** What the user types for the language, e.g. "dd.mm.yyyy, hh:mm". */
export function dateTimePattern(language: string, precision: DateTimePrecision = 'minutes'): string {
  return textFormat(language, precision).pattern;
}

const daysInMonth = (year: number, month: number) => new Date(year, month, 0).getDate();

/**
 * Text typed in the language's format as epoch ms in the browser's time zone, or null when it is
 * not a date and time. Separators are not checked, only the order of the numbers; seconds are
 * optional; a 12-hour language also takes 24-hour times without a day period. The picker's own
 * `YYYY-MM-DDTHH:mm[:ss]` value text is read too, so pasted ISO values work in every language.
 */
export function parseDateTimeText(text: string, language: string): number | null {
  const trimmed = asciiDigits(text.trim());
  if (trimmed === '') return null;
  const iso = fromDateTimeInput(trimmed);
  if (iso !== null) return iso;
  const { order, am, pm } = textFormat(language, 'seconds');
  const words = compact(trimmed.replace(/\d+/g, ' '));
  const isPm = pm !== '' && words.includes(pm);
  const isAm = !isPm && am !== '' && words.includes(am);
  const rest = isPm ? words.replace(pm, '') : isAm ? words.replace(am, '') : words;
  if (/\p{L}/u.test(rest)) return null;
  const numbers = trimmed.match(/\d+/g) ?? [];
  const withoutSeconds = order.filter((field) => field !== 'second');
  const fields = numbers.length === order.length ? order : withoutSeconds;
  if (numbers.length !== fields.length) return null;
  const value: Record<NumericField, number> = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  fields.forEach((field, i) => {
    value[field] = Number(numbers[i]);
  });
  let { hour } = value;
  if (isAm || isPm) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (isPm ? 12 : 0);
  }
  const { year, month, day, minute, second } = value;
  const valid =
    year >= 1000 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59;
  return valid ? new Date(year, month - 1, day, hour, minute, second).getTime() : null;
}
