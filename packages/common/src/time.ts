/**
 * Time constants (spec 2 §9) and small clock helpers. All wire times are epoch milliseconds.
 * A month is 30 days and a year 365 days: that is how the reference sizes quick intervals.
 */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;
/** Month length used for quick-interval sizing (30 days). */
export const MONTH_MS = 30 * DAY_MS;
/** Year length used for quick-interval sizing (365 days). */
export const YEAR_MS = 365 * DAY_MS;

/**
 * Time units as the reference spells them (Java `TimeUnit` names), used e.g. by the `unit` of a
 * DURATION alarm condition.
 */
export const TIME_UNITS = ['MILLISECONDS', 'SECONDS', 'MINUTES', 'HOURS', 'DAYS'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

/** Milliseconds in one of each {@link TimeUnit}. */
export const TIME_UNIT_MS: Readonly<Record<TimeUnit, number>> = {
  MILLISECONDS: 1,
  SECONDS: SECOND_MS,
  MINUTES: MINUTE_MS,
  HOURS: HOUR_MS,
  DAYS: DAY_MS,
};

/** Converts `value` of `unit` to milliseconds (e.g. a DURATION alarm condition's threshold). */
export function timeUnitToMs(value: number, unit: TimeUnit): number {
  return value * TIME_UNIT_MS[unit];
}

/** Display format of dates in the console (date-fns / Angular token syntax). */
export const DATE_DISPLAY_FORMAT = 'yyyy-MM-dd HH:mm:ss';
/** Locale used to format dates. */
export const DATE_LOCALE = 'en-GB';

/**
 * Estimated difference between server and client clocks (spec 1 §9): the server time is taken to
 * belong to the midpoint of the request round trip, and the result is rounded up like the reference.
 * Add the result to `Date.now()` to get server time.
 */
export function serverTimeDiff(
  serverTimeMs: number,
  requestSentMs: number,
  responseReceivedMs: number,
): number {
  // `|| 0` turns the -0 that rounding up a small negative value gives into 0.
  return Math.ceil(serverTimeMs - (requestSentMs + responseReceivedMs) / 2) || 0;
}
