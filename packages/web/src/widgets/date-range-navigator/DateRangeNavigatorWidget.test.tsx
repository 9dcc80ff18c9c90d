import { HistoryWindowType, type JsonObject, type Timewindow, TimewindowType } from '@meridian/common';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardRuntimeContext } from '../../dashboard/dashboard-runtime-context';
import { testRuntime } from '../../test/dashboard-runtime';
import { WithConsoleMessages } from '../../test/i18n-console';
import type { WidgetProps } from '../widget-definition';
import { DateRangeNavigatorWidget } from './DateRangeNavigatorWidget';
import { storageKey } from './date-range-model';
import { dateRangeNavigatorSelectors as s } from './selectors';

const DAY = 86_400_000;
/** Local noon of 2026-11-26, a Thursday. */
const NOW = new Date(2026, 10, 26, 12, 0, 0).getTime();
const END_OF_TODAY = new Date(2026, 10, 26, 23, 59, 59, 999).getTime();

const props = (settings: JsonObject): WidgetProps => ({
  config: { settings },
  data: [],
  range: { startTs: 0, endTs: 1 },
});

/** The navigator on a dashboard whose time window it (and the test) can change. */
function renderNavigator(settings: JsonObject, initial?: Timewindow) {
  const seen: Timewindow[] = [];
  let setFromOutside: (next: Timewindow) => void = () => undefined;
  function Dashboard() {
    const [timewindow, setTimewindow] = useState<Timewindow | undefined>(initial);
    setFromOutside = setTimewindow;
    const runtime = testRuntime({
      timewindow,
      setTimewindow: (next: Timewindow) => {
        seen.push(next);
        setTimewindow(next);
      },
    });
    return (
      <DashboardRuntimeContext.Provider value={runtime}>
        <DateRangeNavigatorWidget {...props(settings)} />
      </DashboardRuntimeContext.Provider>
    );
  }
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
  const { unmount } = render(
    <WithConsoleMessages>
      <Dashboard />
    </WithConsoleMessages>,
  );
  const last = () => {
    const tw = seen.at(-1);
    if (!tw) throw new Error('no time window set');
    return tw;
  };
  return {
    seen,
    last,
    user,
    unmount,
    setFromOutside: (tw: Timewindow) => act(() => setFromOutside(tw)),
  };
}

const fixed = (tw: Timewindow) => tw.history?.fixedTimewindow;

/** The picker's text with Intl's thin and narrow spaces as plain ones. */
const pickerText = () => (screen.getByTestId(s.picker) as HTMLInputElement).value.replace(/\s/gu, ' ');

describe('DateRangeNavigatorWidget', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    window.sessionStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('gives the dashboard a fixed history window of the initial interval up to the end of today', () => {
    const { last } = renderNavigator({ initialInterval: 'week' });
    expect(last().selectedTab).toBe(TimewindowType.HISTORY);
    expect(last().history?.historyType).toBe(HistoryWindowType.FIXED);
    expect(fixed(last())).toEqual({ startTimeMs: END_OF_TODAY + 1 - 7 * DAY, endTimeMs: END_OF_TODAY });
    expect(pickerText()).toBe('Nov 20 – 26, 2026');
    expect(screen.getByTestId(s.interval)).toHaveTextContent('Week');
  });

  it('steps the range back and forth by the step size', async () => {
    const { last, user } = renderNavigator({ initialInterval: 'day', stepSize: 'day' });
    const today = fixed(last());
    await user.click(screen.getByTestId(s.back));
    expect(fixed(last())).toEqual({
      startTimeMs: (today?.startTimeMs ?? 0) - DAY,
      endTimeMs: (today?.endTimeMs ?? 0) - DAY,
    });
    expect(pickerText()).toBe('Nov 25, 2026');
    await user.click(screen.getByTestId(s.stepSize));
    await user.click(screen.getByTestId(s.stepOption('week')));
    await user.click(screen.getByTestId(s.forward));
    expect(fixed(last())).toEqual({
      startTimeMs: (today?.startTimeMs ?? 0) + 6 * DAY,
      endTimeMs: (today?.endTimeMs ?? 0) + 6 * DAY,
    });
  });

  it('re-sizes the range to a chosen interval, centred on its end', async () => {
    const { last, user } = renderNavigator({ initialInterval: 'week' });
    await user.click(screen.getByTestId(s.interval));
    await user.click(screen.getByTestId(s.intervalOption('day')));
    expect(fixed(last())).toEqual({ startTimeMs: END_OF_TODAY - DAY / 2, endTimeMs: END_OF_TODAY + DAY / 2 });
  });

  it('applies a range picked on the calendar on OK', async () => {
    const { last, user } = renderNavigator({ initialInterval: 'week' });
    await user.click(screen.getByTestId(s.picker));
    const panel = screen.getByTestId(s.panel);
    expect(within(panel).getAllByTestId(s.month)).toHaveLength(2);
    await user.click(within(panel).getByTestId(s.day('2026-11-03')));
    expect(within(panel).getByTestId(s.apply)).toBeDisabled();
    await user.click(within(panel).getByTestId(s.day('2026-11-05')));
    await user.click(within(panel).getByTestId(s.apply));
    expect(fixed(last())).toEqual({
      startTimeMs: new Date(2026, 10, 3).getTime(),
      endTimeMs: new Date(2026, 10, 5, 23, 59, 59, 999).getTime(),
    });
    expect(screen.queryByTestId(s.panel)).not.toBeInTheDocument();
    expect(screen.getByTestId(s.interval)).toHaveTextContent('Custom interval');
  });

  it('picks one day on one panel and applies it at once with autoConfirm', async () => {
    const { last, user } = renderNavigator({ onePanel: true, autoConfirm: true, firstDayOfWeek: 7 });
    await user.click(screen.getByTestId(s.picker));
    const panel = screen.getByTestId(s.panel);
    expect(within(panel).getAllByTestId(s.month)).toHaveLength(1);
    expect(within(panel).queryByTestId(s.apply)).not.toBeInTheDocument();
    // 7 is a full turn of the reference picker's week: weeks start on Sunday, and November 2026
    // opens on Sunday the 1st.
    expect(within(panel).getAllByRole('button')[1]).toHaveAttribute('data-testid', s.day('2026-11-01'));
    await user.click(within(panel).getByTestId(s.day('2026-11-10')));
    expect(fixed(last())).toEqual({
      startTimeMs: new Date(2026, 10, 10).getTime(),
      endTimeMs: new Date(2026, 10, 10, 23, 59, 59, 999).getTime(),
    });
  });

  it('reads firstDayOfWeek 0, and no setting, as Monday, as the reference does', async () => {
    for (const settings of [{ firstDayOfWeek: 0 }, {}] as JsonObject[]) {
      const { user, unmount } = renderNavigator({ onePanel: true, ...settings });
      await user.click(screen.getByTestId(s.picker));
      const panel = screen.getByTestId(s.panel);
      // November 2026 opens on Sunday the 1st: a Monday week starts on October 26th.
      expect(within(panel).getAllByRole('button')[1]).toHaveAttribute('data-testid', s.day('2026-10-26'));
      unmount();
    }
  });

  it('shows the range the dashboard gets elsewhere, and keeps it for the session', () => {
    const { setFromOutside } = renderNavigator({});
    const startTimeMs = new Date(2026, 0, 1).getTime();
    const endTimeMs = new Date(2026, 0, 31, 23, 59, 59, 999).getTime();
    setFromOutside({
      selectedTab: TimewindowType.HISTORY,
      history: { historyType: HistoryWindowType.FIXED, fixedTimewindow: { startTimeMs, endTimeMs } },
    });
    expect(pickerText()).toBe('Jan 1 – 31, 2026');
    expect(JSON.parse(window.sessionStorage.getItem(storageKey('dash-1')) ?? '')).toEqual({
      startMs: startTimeMs,
      endMs: endTimeMs,
    });
  });

  it('starts from the range this dashboard had earlier in the session', () => {
    const stored = { startMs: new Date(2026, 5, 1).getTime(), endMs: new Date(2026, 5, 2).getTime() };
    window.sessionStorage.setItem(storageKey('dash-1'), JSON.stringify(stored));
    const first = renderNavigator({});
    expect(fixed(first.last())).toEqual({ startTimeMs: stored.startMs, endTimeMs: stored.endMs });
  });

  it('ignores the session’s range with useSessionStorage off, and hides what the settings hide', () => {
    window.sessionStorage.setItem(storageKey('dash-1'), JSON.stringify({ startMs: 1, endMs: 2 }));
    const { last } = renderNavigator({
      useSessionStorage: false,
      initialInterval: 'day',
      hidePicker: true,
      hideInterval: true,
      hideLabels: true,
    });
    expect(fixed(last())).toEqual({ startTimeMs: END_OF_TODAY + 1 - DAY, endTimeMs: END_OF_TODAY });
    expect(screen.queryByTestId(s.picker)).not.toBeInTheDocument();
    expect(screen.queryByTestId(s.interval)).not.toBeInTheDocument();
    expect(screen.queryByText('Step size')).not.toBeInTheDocument();
    expect(screen.getByTestId(s.stepSize)).toHaveAttribute('aria-label', 'Step size');
    expect(screen.getByTestId(s.back)).toBeInTheDocument();
  });
});
