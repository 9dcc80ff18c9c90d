/**
 * A month page of a calendar (the range navigator's, the date-time picker's): whole weeks from the
 * given first weekday, each day as its local midnight.
 */

export interface CalendarDay {
  /** Local midnight of the day. */
  ms: number;
  /** `YYYY-MM-DD`, local. */
  iso: string;
  day: number;
  inMonth: boolean;
}

const pad = (value: number) => String(value).padStart(2, '0');

export function isoDate(epochMs: number): string {
  const date = new Date(epochMs);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The first day of the month `offset` months after the one holding `epochMs`. */
export function monthStart(epochMs: number, offset = 0): number {
  const date = new Date(epochMs);
  return new Date(date.getFullYear(), date.getMonth() + offset, 1).getTime();
}

/** The weeks of a month page, starting on `firstDay` (0 Sunday … 6 Saturday). */
export function monthWeeks(month: number, firstDay: number): CalendarDay[][] {
  const first = new Date(month);
  const lead = (first.getDay() - firstDay + 7) % 7;
  const weeks: CalendarDay[][] = [];
  let cursor = new Date(first.getFullYear(), first.getMonth(), 1 - lead);
  do {
    const week: CalendarDay[] = [];
    for (let i = 0; i < 7; i++) {
      week.push({
        ms: cursor.getTime(),
        iso: isoDate(cursor.getTime()),
        day: cursor.getDate(),
        inMonth: cursor.getMonth() === first.getMonth(),
      });
      cursor = new Date(cursor.getFullYear(), cursor.getMonth(), cursor.getDate() + 1);
    }
    weeks.push(week);
  } while (cursor.getMonth() === first.getMonth());
  return weeks;
}
