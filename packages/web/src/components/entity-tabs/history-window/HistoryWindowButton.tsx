import { type Timewindow, TimewindowType } from '@meridian/common';
import { useState } from 'react';
import { TimewindowButton } from '../../timewindow/TimewindowButton';
import { type HistoryWindow, historyWindowOf, timewindowOfHistory } from './history-window';

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
  /** Test ids; all start with `timewindow`, the panel's prefix. */
  testIds: HistoryWindowTestIds;
  /**
   * Offer the Realtime tab: for tables that follow live data (alarms). Others (audit logs) keep
   * the History tab only.
   */
  realtime?: boolean;
  /** Current time; Date.now by default. */
  now?: () => number;
}

/**
 * The time window of a time-ranged table (audit logs, alarms): the time-window panel (spec 3 §2.3)
 * without aggregation and time zone. What the table queries is the window's range, as a "last"
 * window (up to now at every read) or a fixed one (quick intervals become their range when chosen).
 */
export function HistoryWindowButton({
  value,
  onChange,
  testIds,
  realtime = false,
  now = Date.now,
}: HistoryWindowButtonProps) {
  const [timewindow, setTimewindow] = useState<Timewindow>(() => timewindowOfHistory(value, realtime));
  return (
    <TimewindowButton
      value={timewindow}
      onChange={(next) => {
        const chosen = realtime ? next : { ...next, selectedTab: TimewindowType.HISTORY };
        setTimewindow(chosen);
        onChange(historyWindowOf(chosen, now()));
      }}
      historyOnly={!realtime}
      aggregation={false}
      timezone={false}
      testIdPrefix={testIds.timewindow}
      now={now}
    />
  );
}
