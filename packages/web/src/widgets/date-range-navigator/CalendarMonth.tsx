import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMonthYear, weekdayNames } from '../../i18n/date-time';
import { monthWeeks } from './calendar-model';
import type { DateRange } from './date-range-model';
import { dateRangeNavigatorSelectors as s } from './selectors';

export interface CalendarMonthProps {
  month: number;
  firstDay: number;
  selected: DateRange;
  onPick: (dayMs: number) => void;
}

/** One month of days; the days of the selected range are marked, its ends strongest. */
export function CalendarMonth({ month, firstDay, selected, onPick }: CalendarMonthProps) {
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
