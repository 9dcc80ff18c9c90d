import { HistoryWindowType, restoreTimewindow, type Timewindow, TimewindowType } from '@meridian/common';
import { withValidInterval } from '../../components/timewindow/timewindow-model';

/**
 * The rules of the reference's `date.date_range_navigator`: its named intervals and steps, the range
 * it starts with, stepping and re-sizing a range, and the fixed history window it gives the dashboard.
 */

const HOUR = 3_600_000;
const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** The reference's month: a twelfth of a year of 365.24 days. */
const MONTH = 2_629_743_000;

/** The reference's interval and step names (`initialInterval`, `stepSize`), in display order. */
export const DATE_RANGE_INTERVALS = [
  { id: 'hour', ms: HOUR },
  { id: 'day', ms: DAY },
  { id: 'week', ms: WEEK },
  { id: 'twoWeeks', ms: 2 * WEEK },
  { id: 'month', ms: MONTH },
  { id: 'threeMonths', ms: 3 * MONTH },
  { id: 'sixMonths', ms: 6 * MONTH },
] as const;

export type DateRangeIntervalId = (typeof DATE_RANGE_INTERVALS)[number]['id'];

export interface DateRange {
  startMs: number;
  endMs: number;
}

export interface DateRangeNavigatorSettings {
  hidePicker: boolean;
  onePanel: boolean;
  autoConfirm: boolean;
  showTemplate: boolean;
  firstDayOfWeek: number;
  hideInterval: boolean;
  initialInterval: DateRangeIntervalId;
  hideStepSize: boolean;
  stepSize: DateRangeIntervalId;
  hideLabels: boolean;
  useSessionStorage: boolean;
}

function intervalId(value: unknown, fallback: DateRangeIntervalId): DateRangeIntervalId {
  return DATE_RANGE_INTERVALS.find((interval) => interval.id === value)?.id ?? fallback;
}

/**
 * The calendar's first weekday (0 Sunday … 6 Saturday) from the setting. The reference gives its
 * picker `firstDayOfWeek || 1`, so 0 (and no setting) means Monday, 1–6 Monday to Saturday, and 7,
 * a full turn of the picker's week, Sunday.
 */
export function firstDayOfWeek(setting: unknown): number {
  const day = Number(setting);
  if (!Number.isInteger(day) || day < 1 || day > 7) return 1;
  return day % 7;
}

/** Settings with the reference's defaults (a week shown, stepped by a day, kept for the session). */
export function dateRangeSettings(raw: Record<string, unknown> | undefined): DateRangeNavigatorSettings {
  const settings = raw ?? {};
  const flag = (key: string, fallback = false) =>
    typeof settings[key] === 'boolean' ? (settings[key] as boolean) : fallback;
  return {
    hidePicker: flag('hidePicker'),
    onePanel: flag('onePanel'),
    autoConfirm: flag('autoConfirm'),
    showTemplate: flag('showTemplate'),
    firstDayOfWeek: firstDayOfWeek(settings.firstDayOfWeek),
    hideInterval: flag('hideInterval'),
    initialInterval: intervalId(settings.initialInterval, 'week'),
    hideStepSize: flag('hideStepSize'),
    stepSize: intervalId(settings.stepSize, 'day'),
    hideLabels: flag('hideLabels'),
    useSessionStorage: flag('useSessionStorage', true),
  };
}

export function intervalMs(id: DateRangeIntervalId): number {
  return DATE_RANGE_INTERVALS.find((interval) => interval.id === id)?.ms ?? DAY;
}

/** The local day's last millisecond. */
export function endOfDay(epochMs: number): number {
  const date = new Date(epochMs);
  date.setHours(23, 59, 59, 999);
  return date.getTime();
}

/** The local day's first millisecond. */
export function startOfDay(epochMs: number): number {
  const date = new Date(epochMs);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/** The range a navigator starts with: the initial interval up to the end of today. */
export function initialRange(nowMs: number, interval: DateRangeIntervalId): DateRange {
  const endMs = endOfDay(nowMs);
  return { startMs: endMs + 1 - intervalMs(interval), endMs };
}

/** The range moved by `direction` steps. */
export function stepRange(range: DateRange, stepMs: number, direction: 1 | -1): DateRange {
  return { startMs: range.startMs + stepMs * direction, endMs: range.endMs + stepMs * direction };
}

/** A range of another length, centred where the range ends (as the reference re-sizes it). */
export function resizeRange(range: DateRange, lengthMs: number): DateRange {
  return { startMs: range.endMs - lengthMs / 2, endMs: range.endMs + lengthMs / 2 };
}

/** The named interval a range spans (to the millisecond, as a day ends at .999), else null. */
export function matchingInterval(range: DateRange): DateRangeIntervalId | null {
  const length = range.endMs - range.startMs;
  return DATE_RANGE_INTERVALS.find((interval) => Math.abs(interval.ms - length) <= 1)?.id ?? null;
}

/** The fixed history range a dashboard time window selects, or null when it selects another. */
export function fixedRangeOf(timewindow: Timewindow | undefined): DateRange | null {
  const fixed = timewindow?.history?.fixedTimewindow;
  if (
    timewindow?.selectedTab !== TimewindowType.HISTORY ||
    timewindow.history?.historyType !== HistoryWindowType.FIXED ||
    !fixed
  ) {
    return null;
  }
  return { startMs: fixed.startTimeMs, endMs: fixed.endTimeMs };
}

/**
 * The dashboard's time window set to a fixed history range, its other parts (aggregation, time zone)
 * kept; the grouping interval becomes the finest the range allows, as the reference asks for it.
 */
export function withFixedRange(current: Timewindow | undefined, range: DateRange, nowMs: number): Timewindow {
  const full = restoreTimewindow(current, nowMs);
  return withValidInterval({
    ...full,
    selectedTab: TimewindowType.HISTORY,
    history: {
      ...full.history,
      historyType: HistoryWindowType.FIXED,
      fixedTimewindow: { startTimeMs: Math.round(range.startMs), endTimeMs: Math.round(range.endMs) },
      interval: 1,
    },
  });
}

/** Where a dashboard's picked range is kept for the browser session. */
export function storageKey(dashboardId: string): string {
  return `meridian.date-range-navigator.${dashboardId}`;
}

export function readStoredRange(storage: Storage, dashboardId: string): DateRange | null {
  try {
    const value = JSON.parse(storage.getItem(storageKey(dashboardId)) ?? 'null') as unknown;
    if (value && typeof value === 'object') {
      const { startMs, endMs } = value as Record<string, unknown>;
      if (typeof startMs === 'number' && typeof endMs === 'number' && startMs < endMs)
        return { startMs, endMs };
    }
  } catch {
    // A value not written by this widget: start afresh.
  }
  return null;
}

export function storeRange(storage: Storage, dashboardId: string, range: DateRange): void {
  storage.setItem(storageKey(dashboardId), JSON.stringify(range));
}
