import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashboardRuntime } from '../../dashboard/dashboard-runtime-context';
import { formatDayRange } from '../../i18n/date-time';
import type { WidgetProps } from '../widget-definition';
import { DateRangePanel } from './DateRangePanel';
import {
  DATE_RANGE_INTERVALS,
  type DateRange,
  type DateRangeIntervalId,
  dateRangeSettings,
  fixedRangeOf,
  initialRange,
  intervalMs,
  matchingInterval,
  readStoredRange,
  resizeRange,
  stepRange,
  storeRange,
  withFixedRange,
} from './date-range-model';
import { dateRangeNavigatorSelectors as s } from './selectors';

const CUSTOM = 'custom';

/** i18n keys of the interval names. */
const INTERVAL_LABELS: Record<DateRangeIntervalId, string> = {
  hour: 'date-range-navigator.hour',
  day: 'date-range-navigator.day',
  week: 'date-range-navigator.week',
  twoWeeks: 'date-range-navigator.two-weeks',
  month: 'date-range-navigator.month',
  threeMonths: 'date-range-navigator.three-months',
  sixMonths: 'date-range-navigator.six-months',
};

/**
 * The reference's `date.date_range_navigator`: sets the dashboard's time window to a fixed history
 * range — picked on a calendar, re-sized to a named interval or stepped back and forth — so every
 * widget of the dashboard follows, and shows the range the dashboard has when it changes elsewhere.
 * It starts from the session's last range of this dashboard (`useSessionStorage`) or the initial
 * interval up to the end of today, and gives the dashboard that range when it opens.
 */
export function DateRangeNavigatorWidget({ config }: WidgetProps) {
  const { t, i18n } = useTranslation();
  const { dashboardId, timewindow, setTimewindow } = useDashboardRuntime();
  const settings = useMemo(
    () => dateRangeSettings(config.settings as Record<string, unknown> | undefined),
    [config.settings],
  );
  const [lastRange, setLastRange] = useState<DateRange>(
    () =>
      (settings.useSessionStorage ? readStoredRange(window.sessionStorage, dashboardId) : null) ??
      initialRange(Date.now(), settings.initialInterval),
  );
  const [stepId, setStepId] = useState<DateRangeIntervalId>(settings.stepSize);
  const [pickerAnchor, setPickerAnchor] = useState<HTMLElement | null>(null);
  const dashboardRange = fixedRangeOf(timewindow);
  const range = dashboardRange ?? lastRange;

  const apply = (next: DateRange) => setTimewindow(withFixedRange(timewindow, next, Date.now()));

  // The dashboard opens on the navigator's range, as in the reference.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    apply(lastRange);
  });

  const startMs = dashboardRange?.startMs;
  const endMs = dashboardRange?.endMs;
  useEffect(() => {
    if (startMs === undefined || endMs === undefined) return;
    setLastRange({ startMs, endMs });
    if (settings.useSessionStorage) storeRange(window.sessionStorage, dashboardId, { startMs, endMs });
  }, [startMs, endMs, settings.useSessionStorage, dashboardId]);

  const interval = matchingInterval(range);
  const label = (key: string) => (settings.hideLabels ? undefined : t(key));
  // Hidden labels still name the fields for assistive technology.
  const ariaLabel = (key: string) => (settings.hideLabels ? { 'aria-label': t(key) } : {});
  return (
    <Box
      data-testid={s.root}
      sx={{
        position: 'absolute',
        inset: 0,
        overflow: 'auto',
        p: 1,
        display: 'flex',
        flexWrap: 'wrap',
        alignContent: 'flex-start',
        alignItems: 'center',
        gap: 1.5,
        '& > *': { flex: '1 1 180px' },
      }}
    >
      {!settings.hidePicker && (
        <TextField
          size="small"
          label={label('date-range-navigator.date-picker')}
          value={formatDayRange(range.startMs, range.endMs, i18n.language)}
          onClick={(event) => setPickerAnchor(event.currentTarget)}
          slotProps={{
            htmlInput: {
              readOnly: true,
              'data-testid': s.picker,
              style: { cursor: 'pointer' },
              ...ariaLabel('date-range-navigator.date-picker'),
            },
          }}
        />
      )}
      {!settings.hideInterval && (
        <TextField
          select
          size="small"
          label={label('date-range-navigator.interval')}
          value={interval ?? CUSTOM}
          onChange={(event) => {
            const id = event.target.value as DateRangeIntervalId | typeof CUSTOM;
            if (id !== CUSTOM) apply(resizeRange(range, intervalMs(id)));
          }}
          slotProps={{
            select: {
              SelectDisplayProps: {
                'data-testid': s.interval,
                ...ariaLabel('date-range-navigator.interval'),
              } as object,
            },
          }}
        >
          {interval === null && (
            <MenuItem value={CUSTOM} data-testid={s.intervalOption(CUSTOM)}>
              {t('date-range-navigator.custom-interval')}
            </MenuItem>
          )}
          {DATE_RANGE_INTERVALS.map(({ id }) => (
            <MenuItem key={id} value={id} data-testid={s.intervalOption(id)}>
              {t(INTERVAL_LABELS[id])}
            </MenuItem>
          ))}
        </TextField>
      )}
      {!settings.hideStepSize && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <IconButton
            aria-label={t('date-range-navigator.step-back')}
            data-testid={s.back}
            onClick={() => apply(stepRange(range, intervalMs(stepId), -1))}
          >
            <KeyboardArrowLeft />
          </IconButton>
          <TextField
            select
            size="small"
            fullWidth
            label={label('date-range-navigator.step-size')}
            value={stepId}
            onChange={(event) => setStepId(event.target.value as DateRangeIntervalId)}
            slotProps={{
              select: {
                SelectDisplayProps: {
                  'data-testid': s.stepSize,
                  ...ariaLabel('date-range-navigator.step-size'),
                } as object,
              },
            }}
          >
            {DATE_RANGE_INTERVALS.map(({ id }) => (
              <MenuItem key={id} value={id} data-testid={s.stepOption(id)}>
                {t(INTERVAL_LABELS[id])}
              </MenuItem>
            ))}
          </TextField>
          <IconButton
            aria-label={t('date-range-navigator.step-forward')}
            data-testid={s.forward}
            onClick={() => apply(stepRange(range, intervalMs(stepId), 1))}
          >
            <KeyboardArrowRight />
          </IconButton>
        </Box>
      )}
      <Popover
        open={pickerAnchor !== null}
        anchorEl={pickerAnchor}
        onClose={() => setPickerAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        {pickerAnchor && (
          <DateRangePanel
            range={range}
            onePanel={settings.onePanel}
            autoConfirm={settings.autoConfirm}
            showTemplate={settings.showTemplate}
            firstDay={settings.firstDayOfWeek}
            onApply={(next) => {
              setPickerAnchor(null);
              apply(next);
            }}
          />
        )}
      </Popover>
    </Box>
  );
}
