import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarMonth } from '../../components/calendar/CalendarMonth';
import { monthStart } from '../../components/calendar/calendar-model';
import { formatDayRange } from '../../i18n/date-time';
import { type DateRange, endOfDay, startOfDay } from './date-range-model';
import { dateRangeNavigatorSelectors as s } from './selectors';

export interface DateRangePanelProps {
  range: DateRange;
  /** One calendar that picks a single day, instead of two that pick a range. */
  onePanel: boolean;
  autoConfirm: boolean;
  showTemplate: boolean;
  firstDay: number;
  onApply: (range: DateRange) => void;
}

/**
 * The navigator's picker: whole days, picked on one calendar (a day) or two (first and last day).
 * Applies on OK, or as soon as the pick is complete with `autoConfirm`.
 */
export function DateRangePanel({
  range,
  onePanel,
  autoConfirm,
  showTemplate,
  firstDay,
  onApply,
}: DateRangePanelProps) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState(range);
  const [firstPick, setFirstPick] = useState<number | null>(null);
  const [page, setPage] = useState(() => monthStart(range.startMs));

  const complete = (next: DateRange) => {
    setDraft(next);
    setFirstPick(null);
    if (autoConfirm) onApply(next);
  };
  const pick = (dayMs: number) => {
    if (onePanel) {
      complete({ startMs: startOfDay(dayMs), endMs: endOfDay(dayMs) });
    } else if (firstPick === null) {
      setFirstPick(dayMs);
      setDraft({ startMs: startOfDay(dayMs), endMs: endOfDay(dayMs) });
    } else {
      complete({
        startMs: startOfDay(Math.min(firstPick, dayMs)),
        endMs: endOfDay(Math.max(firstPick, dayMs)),
      });
    }
  };
  const months = onePanel ? [page] : [page, monthStart(page, 1)];
  return (
    <Box data-testid={s.panel} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {showTemplate && (
        <TextField
          size="small"
          value={formatDayRange(draft.startMs, draft.endMs, i18n.language)}
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': s.template } }}
        />
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <IconButton
          size="small"
          aria-label={t('date-range-navigator.previous-month')}
          data-testid={s.previousMonth}
          onClick={() => setPage(monthStart(page, -1))}
        >
          <ChevronLeft />
        </IconButton>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          {months.map((month) => (
            <CalendarMonth
              key={month}
              month={month}
              firstDay={firstDay}
              selected={draft}
              onPick={pick}
              testIds={s}
            />
          ))}
        </Box>
        <IconButton
          size="small"
          aria-label={t('date-range-navigator.next-month')}
          data-testid={s.nextMonth}
          onClick={() => setPage(monthStart(page, 1))}
        >
          <ChevronRight />
        </IconButton>
      </Box>
      {!autoConfirm && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            variant="contained"
            data-testid={s.apply}
            disabled={firstPick !== null}
            onClick={() => onApply(draft)}
          >
            {t('date-range-navigator.ok')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
