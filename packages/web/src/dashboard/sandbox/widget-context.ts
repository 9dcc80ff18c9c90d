import type { WidgetContextData } from './protocol';

/**
 * The `ctx` a widget function (cell content, cell style, row style) gets in the tenant script
 * worker: the reference hands these functions its whole widget context; what can exist without
 * the page is the widget's settings and the date pipe (`ctx.date.transform(value, format)`, which
 * the reference's firmware and software dashboards use in their cell content functions).
 * Runs only inside the worker.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Angular's named formats (en-US), which the reference's DatePipe accepts besides patterns. */
const NAMED_FORMATS: Record<string, string> = {
  short: 'M/d/yy, h:mm a',
  medium: 'MMM d, y, h:mm:ss a',
  long: 'MMMM d, y, h:mm:ss a',
  shortDate: 'M/d/yy',
  mediumDate: 'MMM d, y',
  longDate: 'MMMM d, y',
  fullDate: 'EEEE, MMMM d, y',
  shortTime: 'h:mm a',
  mediumTime: 'h:mm:ss a',
};

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** One pattern field of Angular's DatePipe, in the worker's (the browser's) time zone. */
function field(token: string, date: Date): string {
  const hours = date.getHours();
  const h12 = hours % 12 || 12;
  switch (token[0]) {
    case 'y': {
      const year = date.getFullYear();
      return token.length === 2 ? pad(year % 100, 2) : pad(year, token.length);
    }
    case 'M': {
      const month = date.getMonth();
      if (token.length >= 4) return MONTHS[month] ?? '';
      if (token.length === 3) return (MONTHS[month] ?? '').slice(0, 3);
      return pad(month + 1, token.length);
    }
    case 'd':
      return pad(date.getDate(), token.length);
    case 'E': {
      const day = DAYS[date.getDay()] ?? '';
      return token.length >= 4 ? day : day.slice(0, 3);
    }
    case 'H':
      return pad(hours, token.length);
    case 'h':
      return pad(h12, token.length);
    case 'm':
      return pad(date.getMinutes(), token.length);
    case 's':
      return pad(date.getSeconds(), token.length);
    case 'S':
      return pad(date.getMilliseconds(), 3).slice(0, token.length);
    case 'a':
      return hours < 12 ? 'AM' : 'PM';
    default:
      return token;
  }
}

const TOKENS = /'(?:[^']|'')*'|y+|M+|d+|E+|H+|h+|m+|s+|S+|a+/g;

/** A date as Angular's DatePipe prints it: null for an empty value, as the pipe does. */
export function transformDate(value: unknown, format = 'mediumDate'): string | null {
  if (value === null || value === undefined || value === '') return null;
  const numeric = typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value));
  const date = value instanceof Date ? value : new Date(numeric ? Number(value) : (value as string | number));
  if (Number.isNaN(date.getTime())) throw new Error(`Unable to convert "${String(value)}" into a date`);
  const pattern = NAMED_FORMATS[format] ?? format;
  return pattern.replace(TOKENS, (token) =>
    token.startsWith("'") ? token.slice(1, -1).replace(/''/g, "'") : field(token, date),
  );
}

/** The stand-in `ctx` made from what crossed for it. */
export function widgetContextStandIn(data: unknown) {
  const settings = (data as Partial<WidgetContextData> | null)?.settings ?? {};
  return { settings, date: { transform: transformDate } };
}
