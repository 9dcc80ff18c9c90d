import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firstDayOfWeek } from '../../i18n/date-time';
import type { DateTimePrecision } from '../../i18n/date-time-text';
import { toBcp47 } from '../../i18n/languages';
import { selectors } from '../../selectors';
import { CalendarMonth } from '../calendar/CalendarMonth';
import { monthStart } from '../calendar/calendar-model';

const S = selectors.dateTimePicker;
const DAY_MS = 86_400_000;
const range = (count: number) => Array.from({ length: count }, (_, i) => i);
const pad = (value: number) => String(value).padStart(2, '0');

export interface DateTimePopoverProps {
  /** The picked instant (epoch ms), or null when the field is empty or not a date. */
  valueMs: number | null;
  precision: DateTimePrecision;
  onPick: (epochMs: number) => void;
}

type TimeField = 'hours' | 'minutes' | 'seconds';

/**
 * The picker's popover: a month calendar (weeks from the language's first weekday, month and day
 * names in the language) and selects for the time. Every pick applies at once.
 */
export function DateTimePopover({ valueMs, precision, onPick }: DateTimePopoverProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [page, setPage] = useState(() => monthStart(valueMs ?? Date.now()));
  const current = valueMs === null ? null : new Date(valueMs);
  const time = {
    hours: current?.getHours() ?? 0,
    minutes: current?.getMinutes() ?? 0,
    seconds: precision === 'seconds' ? (current?.getSeconds() ?? 0) : 0,
  };
  const at = (day: Date, next: typeof time) =>
    new Date(
      day.getFullYear(),
      day.getMonth(),
      day.getDate(),
      next.hours,
      next.minutes,
      next.seconds,
    ).getTime();
  const pickDay = (dayMs: number) => onPick(at(new Date(dayMs), time));
  // A time picked before any day applies to today.
  const pickTime = (field: TimeField, value: number) =>
    onPick(at(current ?? new Date(), { ...time, [field]: value }));

  const dayStart =
    current && new Date(current.getFullYear(), current.getMonth(), current.getDate()).getTime();
  // Nothing is marked while there is no value (an empty range).
  const selected =
    dayStart === null ? { startMs: 1, endMs: 0 } : { startMs: dayStart, endMs: dayStart + DAY_MS - 1 };
  const hourFormat = new Intl.DateTimeFormat(toBcp47(language), { hour: '2-digit' });
  const select = (
    field: TimeField,
    label: string,
    testId: string,
    options: number[],
    text: (n: number) => string,
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={time[field]}
      onChange={(event) => pickTime(field, Number(event.target.value))}
      slotProps={{
        select: { native: true },
        htmlInput: { 'data-testid': testId },
        inputLabel: { shrink: true },
      }}
      sx={{ minWidth: 88 }}
    >
      {options.map((option) => (
        <option key={option} value={option}>
          {text(option)}
        </option>
      ))}
    </TextField>
  );
  return (
    <Box data-testid={S.popover} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <IconButton
          size="small"
          aria-label={t('date-time-picker.previous-month')}
          data-testid={S.previousMonth}
          onClick={() => setPage(monthStart(page, -1))}
        >
          <ChevronLeft />
        </IconButton>
        <CalendarMonth
          month={page}
          firstDay={firstDayOfWeek(language)}
          selected={selected}
          onPick={pickDay}
          testIds={S}
        />
        <IconButton
          size="small"
          aria-label={t('date-time-picker.next-month')}
          data-testid={S.nextMonth}
          onClick={() => setPage(monthStart(page, 1))}
        >
          <ChevronRight />
        </IconButton>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center' }}>
        {select('hours', t('date-time-picker.hours'), S.hour, range(24), (h) =>
          hourFormat.format(new Date(2024, 0, 1, h)),
        )}
        {select('minutes', t('date-time-picker.minutes'), S.minute, range(60), pad)}
        {precision === 'seconds' &&
          select('seconds', t('date-time-picker.seconds'), S.second, range(60), pad)}
      </Box>
    </Box>
  );
}
