import type { PredefinedInterval } from '@meridian/common';
import AccessTime from '@mui/icons-material/AccessTime';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromDateTimeInput, toDateTimeInput } from '../../../i18n/date-time';
import { useFormatters } from '../../../i18n/useFormatters';
import { fixedWindowOf, HISTORY_INTERVALS, type HistoryWindow, historyWindowRange } from './history-window';

// The time window's messages live under `audit.`, where it was first used.
const UNIT_KEYS: Record<PredefinedInterval['unit'], string> = {
  MILLISECONDS: 'audit.interval-milliseconds',
  SECONDS: 'audit.interval-seconds',
  MINUTES: 'audit.interval-minutes',
  HOURS: 'audit.interval-hours',
  DAYS: 'audit.interval-days',
};

/** "1 day", "12 hours": a predefined interval, or a duration in minutes when it is none of them. */
function useIntervalLabel() {
  const { t } = useTranslation();
  return (durationMs: number) => {
    const interval = HISTORY_INTERVALS.find((item) => item.ms === durationMs);
    return interval
      ? t(UNIT_KEYS[interval.unit], { count: interval.amount })
      : t('audit.interval-minutes', { count: Math.round(durationMs / 60_000) });
  };
}

/** The start or end of a time period; `error` says what is wrong with the period. */
function PeriodEnd({
  label,
  value,
  onChange,
  disabled,
  error,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  error?: string;
  testId: string;
}) {
  return (
    <TextField
      size="small"
      type="datetime-local"
      disabled={disabled}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined}
      helperText={error}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } }}
    />
  );
}

/** data-testid values of the button and its panel; each table using it has its own. */
export interface HistoryWindowTestIds {
  timewindow: string;
  timewindowPanel: string;
  timewindowLast: string;
  timewindowFixed: string;
  timewindowInterval: string;
  timewindowStart: string;
  timewindowEnd: string;
  timewindowUpdate: string;
  timewindowCancel: string;
}

export interface HistoryWindowButtonProps {
  value: HistoryWindow;
  onChange: (value: HistoryWindow) => void;
  testIds: HistoryWindowTestIds;
  /** Current time; Date.now by default. */
  now?: () => number;
}

/**
 * The history time window of a table (audit logs, alarms): a button showing the window, opening a
 * panel with "Last" (an interval up to now) or "Time period" (from–to), Cancel and Update (spec 3
 * §2.3: minimum width 417 px, maximum height 550 px; Update needs a valid, changed window).
 */
export function HistoryWindowButton({
  value,
  onChange,
  testIds: S,
  now = Date.now,
}: HistoryWindowButtonProps) {
  const { t } = useTranslation();
  const formats = useFormatters();
  const intervalLabel = useIntervalLabel();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [kind, setKind] = useState<HistoryWindow['kind']>(value.kind);
  const [duration, setDuration] = useState(
    value.kind === 'last' ? value.durationMs : (HISTORY_INTERVALS[0]?.ms ?? 0),
  );
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');

  const open = (element: HTMLElement) => {
    const range = historyWindowRange(value, now());
    setKind(value.kind);
    if (value.kind === 'last') {
      setDuration(value.durationMs);
    }
    setStart(toDateTimeInput(range.startTime));
    setEnd(toDateTimeInput(range.endTime));
    setAnchor(element);
  };

  const next: HistoryWindow | null =
    kind === 'last'
      ? { kind: 'last', durationMs: duration }
      : fixedWindowOf(fromDateTimeInput(start), fromDateTimeInput(end), now());
  const changed = next !== null && JSON.stringify(next) !== JSON.stringify(value);
  const text =
    value.kind === 'last'
      ? t('audit.timewindow-last', { interval: intervalLabel(value.durationMs) })
      : t('audit.timewindow-fixed', {
          start: formats.dateTime(value.startTimeMs),
          end: formats.dateTime(value.endTimeMs),
        });

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<AccessTime />}
        onClick={(event) => open(event.currentTarget)}
        aria-label={`${t('audit.timewindow')}: ${text}`}
        sx={{ textTransform: 'none' }}
        data-testid={S.timewindow}
      >
        {text}
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{
          paper: {
            sx: { p: 2, minWidth: { sm: 417 }, maxHeight: 550 },
            'data-testid': S.timewindowPanel,
          } as object,
        }}
      >
        <Typography variant="subtitle1" sx={{ mb: 1 }}>
          {t('audit.history')}
        </Typography>
        <RadioGroup value={kind} onChange={(event) => setKind(event.target.value as HistoryWindow['kind'])}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <FormControlLabel
              value="last"
              control={<Radio slotProps={{ input: { 'data-testid': S.timewindowLast } as object }} />}
              label={t('audit.last')}
              sx={{ minWidth: 130 }}
            />
            <TextField
              select
              size="small"
              disabled={kind !== 'last'}
              label={t('audit.interval')}
              value={duration}
              onChange={(event) => setDuration(Number(event.target.value))}
              sx={{ minWidth: 160 }}
              slotProps={{
                select: { SelectDisplayProps: { 'data-testid': S.timewindowInterval } as object },
              }}
            >
              {HISTORY_INTERVALS.map((interval) => (
                <MenuItem key={interval.ms} value={interval.ms}>
                  {intervalLabel(interval.ms)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mt: 1 }}>
            <FormControlLabel
              value="fixed"
              control={<Radio slotProps={{ input: { 'data-testid': S.timewindowFixed } as object }} />}
              label={t('audit.time-period')}
              sx={{ minWidth: 130 }}
            />
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
              <PeriodEnd
                label={t('audit.from')}
                value={start}
                onChange={setStart}
                disabled={kind !== 'fixed'}
                testId={S.timewindowStart}
              />
              <PeriodEnd
                label={t('audit.to')}
                value={end}
                onChange={setEnd}
                disabled={kind !== 'fixed'}
                error={kind === 'fixed' && next === null ? t('audit.period-invalid') : undefined}
                testId={S.timewindowEnd}
              />
            </Box>
          </Box>
        </RadioGroup>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
          <Button onClick={() => setAnchor(null)} data-testid={S.timewindowCancel}>
            {t('action.cancel')}
          </Button>
          <Button
            variant="contained"
            disabled={!changed}
            onClick={() => {
              if (next) {
                onChange(next);
              }
              setAnchor(null);
            }}
            data-testid={S.timewindowUpdate}
          >
            {t('audit.update')}
          </Button>
        </Box>
      </Popover>
    </>
  );
}
