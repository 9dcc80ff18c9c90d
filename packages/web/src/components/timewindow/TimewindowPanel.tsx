import {
  type AggregationType,
  DEFAULT_MAX_DATAPOINTS_LIMIT,
  HistoryWindowType,
  PREDEFINED_AGGREGATION_INTERVALS,
  QUICK_TIME_INTERVALS,
  type QuickTimeInterval,
  REALTIME_QUICK_TIME_INTERVALS,
  RealtimeWindowType,
  TimewindowType,
} from '@meridian/common';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Tab from '@mui/material/Tab';
import Tabs, { type TabsActions } from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { type ReactNode, type Ref, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromDateTimeInput, toDateTimeInput } from '../../i18n/date-time';
import { DateTimePicker } from '../date-time-picker/DateTimePicker';
import { fixedWindowOf } from '../entity-tabs/history-window/history-window';
import {
  type FullTimewindow,
  groupingIntervalsForWindow,
  knownTimeZones,
  PANEL_AGGREGATION_TYPES,
  selectedInterval,
  selectedWindowMs,
  validLimit,
  withSelectedInterval,
  withValidInterval,
} from './timewindow-model';
import { quickIntervalKey, useTimewindowText } from './useTimewindowText';

const AGGREGATION_KEYS: Record<AggregationType, string> = {
  NONE: 'timewindow.agg-none',
  MIN: 'timewindow.agg-min',
  MAX: 'timewindow.agg-max',
  AVG: 'timewindow.agg-avg',
  SUM: 'timewindow.agg-sum',
  COUNT: 'timewindow.agg-count',
};

/** The "Last …" durations: the predefined intervals, plus the saved one when it is none of them. */
function durationChoices(current: number | undefined): number[] {
  const choices = PREDEFINED_AGGREGATION_INTERVALS.map((interval) => interval.ms);
  return current && !choices.includes(current) ? [...choices, current].sort((a, b) => a - b) : choices;
}

/** The panel's test ids, all derived from one prefix. */
export function timewindowTestIds(prefix: string) {
  return {
    button: prefix,
    panel: `${prefix}-panel`,
    realtimeTab: `${prefix}-tab-realtime`,
    historyTab: `${prefix}-tab-history`,
    last: `${prefix}-last`,
    quick: `${prefix}-quick`,
    fixed: `${prefix}-fixed`,
    duration: `${prefix}-interval`,
    quickInterval: `${prefix}-quick-interval`,
    start: `${prefix}-start`,
    end: `${prefix}-end`,
    aggregation: `${prefix}-aggregation`,
    groupingInterval: `${prefix}-grouping-interval`,
    limit: `${prefix}-limit`,
    timezone: `${prefix}-timezone`,
    update: `${prefix}-update`,
    cancel: `${prefix}-cancel`,
  };
}

function SelectField({
  label,
  value,
  onChange,
  disabled,
  testId,
  children,
  minWidth = 180,
  displayEmpty = false,
}: {
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  disabled?: boolean;
  testId: string;
  children: ReactNode;
  minWidth?: number;
  /** Shows the item of the empty value (Browser time) instead of an empty field. */
  displayEmpty?: boolean;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth, flex: 1 }}
      slotProps={{
        select: { displayEmpty, SelectDisplayProps: { 'data-testid': testId } as object },
        ...(displayEmpty ? { inputLabel: { shrink: true } } : {}),
      }}
    >
      {children}
    </TextField>
  );
}

export interface TimewindowPanelProps {
  /** The window being edited; the panel starts from a copy. */
  value: FullTimewindow;
  onUpdate: (value: FullTimewindow) => void;
  onCancel: () => void;
  /** Only the History tab (tables that cannot follow live data). */
  historyOnly?: boolean;
  /** Shows the aggregation, grouping interval and time zone sections unless hidden by the value. */
  aggregation?: boolean;
  timezone?: boolean;
  maxDatapointsLimit?: number;
  testIdPrefix: string;
  now: () => number;
  /** Lets the opener re-measure the tab indicator once the panel has grown in. */
  tabsAction?: Ref<TabsActions>;
}

/**
 * The body of the time-window panel (spec 3 §2.3, reference console §5.5): Realtime and History
 * tabs (last N, "current" intervals; last N, fixed range, predefined intervals), aggregation with
 * its grouping interval (or max values for None), time zone, Cancel and Update.
 */
export function TimewindowPanel({
  value,
  onUpdate,
  onCancel,
  historyOnly = false,
  aggregation = true,
  timezone = true,
  maxDatapointsLimit = DEFAULT_MAX_DATAPOINTS_LIMIT,
  testIdPrefix,
  now,
  tabsAction,
}: TimewindowPanelProps) {
  const { t } = useTranslation();
  const text = useTimewindowText();
  const S = timewindowTestIds(testIdPrefix);
  // The grouping interval shown is one the window allows (a saved 1 s on an hour becomes 10 s).
  const [draft, setDraft] = useState<FullTimewindow>(() =>
    withValidInterval(historyOnly ? { ...value, selectedTab: TimewindowType.HISTORY } : value),
  );
  // The period fields start from the fixed window, or else from the range the window covers now.
  const initialRange =
    value.selectedTab === TimewindowType.HISTORY &&
    value.history.historyType === HistoryWindowType.FIXED &&
    value.history.fixedTimewindow
      ? value.history.fixedTimewindow
      : { startTimeMs: now() - selectedWindowMs(value), endTimeMs: now() };
  const [start, setStart] = useState(() => toDateTimeInput(initialRange.startTimeMs));
  const [end, setEnd] = useState(() => toDateTimeInput(initialRange.endTimeMs));
  const zones = useMemo(knownTimeZones, []);

  const change = (next: FullTimewindow) => setDraft(withValidInterval(next));
  const isHistory = draft.selectedTab === TimewindowType.HISTORY;
  const historyType = draft.history.historyType;
  const fixedWindow =
    isHistory && historyType === HistoryWindowType.FIXED
      ? fixedWindowOf(fromDateTimeInput(start), fromDateTimeInput(end), now())
      : null;
  const fixedInvalid = isHistory && historyType === HistoryWindowType.FIXED && fixedWindow === null;
  // Text that is no date has the picker's own message; the period message is for the rest.
  const unreadable = (text: string) => text.trim() !== '' && fromDateTimeInput(text) === null;
  const periodInvalid = fixedInvalid && !unreadable(start) && !unreadable(end);

  const setFixedText = (which: 'start' | 'end', text: string) => {
    (which === 'start' ? setStart : setEnd)(text);
    const window = fixedWindowOf(
      fromDateTimeInput(which === 'start' ? text : start),
      fromDateTimeInput(which === 'end' ? text : end),
      now(),
    );
    if (window?.kind === 'fixed') {
      const { startTimeMs, endTimeMs } = window;
      change({ ...draft, history: { ...draft.history, fixedTimewindow: { startTimeMs, endTimeMs } } });
    }
  };

  /** The window Update would apply. */
  const candidate = (): FullTimewindow => {
    let next = draft;
    if (fixedWindow?.kind === 'fixed') {
      const { startTimeMs, endTimeMs } = fixedWindow;
      next = { ...next, history: { ...next.history, fixedTimewindow: { startTimeMs, endTimeMs } } };
    }
    next = withValidInterval(next);
    return {
      ...next,
      aggregation: { ...next.aggregation, limit: validLimit(next.aggregation.limit, maxDatapointsLimit) },
    };
  };
  const next = candidate();
  // As in the reference, Update needs a valid window that differs from the one shown.
  const changed = JSON.stringify(next) !== JSON.stringify(withValidInterval(value));

  const durationSelect = (current: number | undefined, disabled: boolean, set: (ms: number) => void) => (
    <SelectField
      label={t('audit.interval')}
      value={current ?? ''}
      disabled={disabled}
      onChange={(v) => set(Number(v))}
      testId={S.duration}
    >
      {durationChoices(current).map((ms) => (
        <MenuItem key={ms} value={ms}>
          {text.duration(ms)}
        </MenuItem>
      ))}
    </SelectField>
  );
  const quickSelect = (
    current: QuickTimeInterval | undefined,
    choices: readonly QuickTimeInterval[],
    disabled: boolean,
    set: (interval: QuickTimeInterval) => void,
  ) => (
    <SelectField
      label={t('audit.interval')}
      value={current && choices.includes(current) ? current : ''}
      disabled={disabled}
      onChange={(v) => set(v as QuickTimeInterval)}
      testId={S.quickInterval}
    >
      {choices.map((interval) => (
        <MenuItem key={interval} value={interval}>
          {t(quickIntervalKey(interval))}
        </MenuItem>
      ))}
    </SelectField>
  );
  const option = (radioValue: string, label: string, testId: string, control: ReactNode) => (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
      <FormControlLabel
        value={radioValue}
        control={<Radio size="small" slotProps={{ input: { 'data-testid': testId } as object }} />}
        label={label}
        sx={{ minWidth: 130, mt: 0.25 }}
      />
      <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 180 }}>{control}</Box>
    </Box>
  );

  const realtime = draft.realtime;
  const realtimeSection = (
    <RadioGroup
      value={realtime.realtimeType === RealtimeWindowType.INTERVAL ? 'quick' : 'last'}
      onChange={(event) =>
        change({
          ...draft,
          realtime: {
            ...realtime,
            realtimeType:
              event.target.value === 'quick' ? RealtimeWindowType.INTERVAL : RealtimeWindowType.LAST_INTERVAL,
          },
        })
      }
      sx={{ gap: 1.5 }}
    >
      {option(
        'last',
        t('audit.last'),
        S.last,
        durationSelect(realtime.timewindowMs, realtime.realtimeType === RealtimeWindowType.INTERVAL, (ms) =>
          change({ ...draft, realtime: { ...realtime, timewindowMs: ms } }),
        ),
      )}
      {option(
        'quick',
        t('audit.interval'),
        S.quick,
        quickSelect(
          realtime.quickInterval,
          REALTIME_QUICK_TIME_INTERVALS,
          realtime.realtimeType !== RealtimeWindowType.INTERVAL,
          (quickInterval) => change({ ...draft, realtime: { ...realtime, quickInterval } }),
        ),
      )}
    </RadioGroup>
  );

  const history = draft.history;
  const historyKind =
    historyType === HistoryWindowType.FIXED
      ? 'fixed'
      : historyType === HistoryWindowType.INTERVAL
        ? 'quick'
        : 'last';
  const historySection = (
    <RadioGroup
      value={historyKind}
      onChange={(event) => {
        const kind = event.target.value;
        const type =
          kind === 'fixed'
            ? HistoryWindowType.FIXED
            : kind === 'quick'
              ? HistoryWindowType.INTERVAL
              : HistoryWindowType.LAST_INTERVAL;
        change({ ...draft, history: { ...history, historyType: type } });
      }}
      sx={{ gap: 1.5 }}
    >
      {option(
        'last',
        t('audit.last'),
        S.last,
        durationSelect(history.timewindowMs, historyKind !== 'last', (ms) =>
          change({ ...draft, history: { ...history, timewindowMs: ms } }),
        ),
      )}
      {option(
        'fixed',
        t('audit.time-period'),
        S.fixed,
        (['start', 'end'] as const).map((which) => (
          <DateTimePicker
            key={which}
            size="small"
            fullWidth={false}
            disabled={historyKind !== 'fixed'}
            label={which === 'start' ? t('audit.from') : t('audit.to')}
            value={which === 'start' ? start : end}
            onChange={(text) => setFixedText(which, text)}
            error={which === 'end' && periodInvalid}
            helperText={which === 'end' && periodInvalid ? t('audit.period-invalid') : undefined}
            testId={which === 'start' ? S.start : S.end}
          />
        )),
      )}
      {option(
        'quick',
        t('audit.interval'),
        S.quick,
        quickSelect(history.quickInterval, QUICK_TIME_INTERVALS, historyKind !== 'quick', (quickInterval) =>
          change({ ...draft, history: { ...history, quickInterval } }),
        ),
      )}
    </RadioGroup>
  );

  const aggType = draft.aggregation.type;
  const windowMs = selectedWindowMs(draft);
  // The reference hides the type (with max values) and the grouping interval separately.
  const showAggregation = aggregation && !draft.hideAggregation;
  const showGrouping = aggregation && !draft.hideAggInterval && aggType !== 'NONE';
  const showTimezone = timezone && !draft.hideTimezone;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}>
      <Tabs
        action={tabsAction}
        value={isHistory ? 'history' : 'realtime'}
        onChange={(_event, tab: string) =>
          change({
            ...draft,
            selectedTab: tab === 'history' ? TimewindowType.HISTORY : TimewindowType.REALTIME,
          })
        }
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: 'divider', flexShrink: 0 }}
      >
        {!historyOnly && (
          <Tab value="realtime" label={t('timewindow.realtime')} data-testid={S.realtimeTab} />
        )}
        <Tab value="history" label={t('audit.history')} data-testid={S.historyTab} />
      </Tabs>
      <Box
        sx={{
          p: 2,
          display: 'flex',
          flexDirection: 'column',
          gap: 2,
          overflowY: 'auto',
          flex: 1,
          minHeight: 0,
        }}
      >
        {!draft.hideInterval && (isHistory ? historySection : realtimeSection)}
        {(showAggregation || showGrouping) && (
          <>
            <Divider />
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              {showAggregation && (
                <SelectField
                  label={t('timewindow.aggregation')}
                  value={aggType}
                  onChange={(type) =>
                    change({ ...draft, aggregation: { ...draft.aggregation, type: type as AggregationType } })
                  }
                  testId={S.aggregation}
                >
                  {PANEL_AGGREGATION_TYPES.map((type) => (
                    <MenuItem key={type} value={type}>
                      {t(AGGREGATION_KEYS[type])}
                    </MenuItem>
                  ))}
                </SelectField>
              )}
              {showAggregation && aggType === 'NONE' && (
                <TextField
                  size="small"
                  type="number"
                  label={t('timewindow.limit')}
                  value={draft.aggregation.limit}
                  onChange={(event) =>
                    setDraft({
                      ...draft,
                      aggregation: { ...draft.aggregation, limit: Number(event.target.value) },
                    })
                  }
                  sx={{ minWidth: 140, flex: 1 }}
                  slotProps={{ htmlInput: { min: 1, max: maxDatapointsLimit, 'data-testid': S.limit } }}
                />
              )}
              {showGrouping && (
                <SelectField
                  label={t('timewindow.grouping-interval')}
                  value={selectedInterval(draft) ?? ''}
                  onChange={(v) => setDraft(withSelectedInterval(draft, Number(v)))}
                  testId={S.groupingInterval}
                >
                  {groupingIntervalsForWindow(windowMs).map((interval) => (
                    <MenuItem key={interval.ms} value={interval.ms}>
                      {text.duration(interval.ms)}
                    </MenuItem>
                  ))}
                </SelectField>
              )}
            </Box>
          </>
        )}
        {showTimezone && (
          <>
            <Divider />
            <SelectField
              label={t('timewindow.timezone')}
              value={draft.timezone ?? ''}
              onChange={(zone) => setDraft({ ...draft, timezone: zone || undefined })}
              testId={S.timezone}
              displayEmpty
            >
              <MenuItem value="">{t('timewindow.browser-time')}</MenuItem>
              {zones.map((zone) => (
                <MenuItem key={zone} value={zone}>
                  {zone}
                </MenuItem>
              ))}
            </SelectField>
          </>
        )}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, p: 2, pt: 1, flexShrink: 0 }}>
        <Button onClick={onCancel} data-testid={S.cancel}>
          {t('action.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={fixedInvalid || !changed}
          onClick={() => onUpdate(next)}
          data-testid={S.update}
        >
          {t('audit.update')}
        </Button>
      </Box>
    </Box>
  );
}
