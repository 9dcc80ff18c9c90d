import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMonthYear, weekdayNames } from '../../i18n/date-time';
import { monthWeeks } from './calendar-model';

/** Test ids of a calendar's month and of its days (by local date, `YYYY-MM-DD`). */
export interface CalendarTestIds {
  month: string;
  day: (isoDate: string) => string;
}

export interface CalendarMonthProps {
  /** Any instant of the month to show. */
  month: number;
  /** 0 Sunday … 6 Saturday. */
  firstDay: number;
  /** The days marked as picked: a range, or one day from its start to its end. */
  selected: { startMs: number; endMs: number };
  onPick: (dayMs: number) => void;
  testIds: CalendarTestIds;
}

/**
 * One month of days, shared by the date-range navigator and the date-time picker; the days of the
 * selected range are marked, its ends strongest.
 */
export function CalendarMonth({ month, firstDay, selected, onPick, testIds: s }: CalendarMonthProps) {
  const { i18n } = useTranslation();
  const names = weekdayNames(i18n.language, firstDay);
  return (
    <Box data-testid={s.month} sx={{ minWidth: 224 }}>
      <Typography variant="subtitle2" align="center" sx={{ mb: 0.5 }}>
        {formatMonthYear(month, i18n.language)}
      </Typography>
      <Box role="grid" sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 32px)', gap: '2px' }}>
        {names.map((name) => (
          <Typography key={name} variant="caption" align="center" sx={{ color: 'text.secondary' }}>
            {name}
          </Typography>
        ))}
        {monthWeeks(month, firstDay)
          .flat()
          .map((day) => {
            const end = new Date(day.ms);
            end.setHours(23, 59, 59, 999);
            const inRange = day.ms <= selected.endMs && end.getTime() >= selected.startMs;
            const isEnd = inRange && (day.ms <= selected.startMs || end.getTime() >= selected.endMs);
            return (
              <ButtonBase
                key={day.iso}
                data-testid={s.day(day.iso)}
                aria-pressed={inRange}
                onClick={() => onPick(day.ms)}
                sx={(theme) => ({
                  height: 32,
                  borderRadius: 1,
                  typography: 'body2',
                  color: isEnd
                    ? theme.palette.primary.contrastText
                    : day.inMonth
                      ? theme.palette.text.primary
                      : theme.palette.text.disabled,
                  bgcolor: isEnd
                    ? theme.palette.primary.main
                    : inRange
                      ? theme.palette.action.selected
                      : 'transparent',
                  '&:hover': { bgcolor: isEnd ? theme.palette.primary.dark : theme.palette.action.hover },
                })}
              >
                {day.day}
              </ButtonBase>
            );
          })}
      </Box>
    </Box>
  );
}
