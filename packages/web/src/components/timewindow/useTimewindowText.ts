import type { QuickTimeInterval } from '@meridian/common';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../i18n/useFormatters';
import {
  type FullTimewindow,
  type TimewindowDisplay,
  timeIntervalParts,
  timewindowDisplay,
} from './timewindow-model';

const UNIT_KEYS = {
  DAYS: 'audit.interval-days',
  HOURS: 'audit.interval-hours',
  MINUTES: 'audit.interval-minutes',
  SECONDS: 'audit.interval-seconds',
} as const;

/** Translation key of a quick interval's name. */
export const quickIntervalKey = (interval: QuickTimeInterval) => `timewindow.quick.${interval}`;

/** Turns durations and timewindows into the words of the panel and its button. */
export function useTimewindowText() {
  const { t } = useTranslation();
  const formats = useFormatters();
  const duration = useCallback(
    (ms: number) =>
      timeIntervalParts(ms)
        .map(({ unit, count }) => t(UNIT_KEYS[unit], { count }))
        .join(' '),
    [t],
  );
  const display = useCallback(
    (value: TimewindowDisplay): string => {
      if (value.kind === 'fixed') {
        return t('dashboard-viewer.history-range', {
          start: formats.dateTime(value.startTimeMs),
          end: formats.dateTime(value.endTimeMs),
        });
      }
      if (value.kind === 'quick') {
        const interval = t(quickIntervalKey(value.interval));
        return value.tab === 'realtime'
          ? t('timewindow.realtime-quick', { interval })
          : t('timewindow.history-quick', { interval });
      }
      const interval = duration(value.durationMs);
      return value.tab === 'realtime'
        ? t('dashboard-viewer.realtime-last', { interval })
        : t('timewindow.history-last', { interval });
    },
    [t, formats, duration],
  );
  const timewindow = useCallback((value: FullTimewindow) => display(timewindowDisplay(value)), [display]);
  return { duration, display, timewindow };
}
