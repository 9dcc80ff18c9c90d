import { DAY_MS, HOUR_MS, MINUTE_MS, type Timewindow, TimewindowType } from '@meridian/common';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WithConsoleMessages } from '../../test/i18n-console';
import { PANEL_MIN_WIDTH, panelPlacement, TimewindowButton } from './TimewindowButton';
import { timewindowTestIds } from './TimewindowPanel';

const S = timewindowTestIds('tw');
const NOW = new Date(2024, 4, 10, 12, 0, 0).getTime();

function setup(value: Timewindow | undefined, props: Partial<Parameters<typeof TimewindowButton>[0]> = {}) {
  const onChange = vi.fn();
  const user = userEvent.setup();
  render(
    <WithConsoleMessages>
      <TimewindowButton value={value} onChange={onChange} testIdPrefix="tw" now={() => NOW} {...props} />
    </WithConsoleMessages>,
  );
  return { user, onChange };
}

async function choose(
  user: ReturnType<typeof userEvent.setup>,
  panel: HTMLElement,
  testId: string,
  name: string,
) {
  await user.click(within(panel).getByTestId(testId));
  await user.click(await screen.findByRole('option', { name }));
}

const originalWidth = window.innerWidth;
afterEach(() => {
  window.innerWidth = originalWidth;
});

describe('time-window button and panel', () => {
  it('shows the window as the reference writes it', () => {
    setup({ realtime: { timewindowMs: MINUTE_MS } });
    expect(screen.getByTestId(S.button)).toHaveTextContent('Realtime – last 1 minute');
  });

  it('writes quick intervals, history last intervals and compound durations', () => {
    setup({
      selectedTab: TimewindowType.HISTORY,
      history: { historyType: 2, quickInterval: 'PREVIOUS_WEEK_ISO' },
    });
    expect(screen.getByTestId(S.button)).toHaveTextContent('History – Previous week (Mon – Sun)');
  });

  it('switches tabs and applies a history window of the last hour on Update', async () => {
    const { user, onChange } = setup({ realtime: { timewindowMs: MINUTE_MS } });
    await user.click(screen.getByTestId(S.button));
    const panel = await screen.findByTestId(S.panel);
    expect(within(panel).getByTestId(S.realtimeTab)).toHaveAttribute('aria-selected', 'true');
    // Nothing changed yet: Update waits for a change.
    expect(within(panel).getByTestId(S.update)).toBeDisabled();
    await user.click(within(panel).getByTestId(S.historyTab));
    await user.click(within(panel).getByTestId(S.last));
    await choose(user, panel, S.duration, '1 hour');
    await user.click(within(panel).getByTestId(S.update));
    expect(onChange).toHaveBeenCalledTimes(1);
    const chosen = onChange.mock.calls[0]?.[0] as Timewindow;
    expect(chosen.selectedTab).toBe(TimewindowType.HISTORY);
    expect(chosen.history).toMatchObject({ historyType: 0, timewindowMs: HOUR_MS });
    await waitFor(() => expect(screen.queryByTestId(S.panel)).not.toBeInTheDocument());
  });

  it('closes without change on Cancel and on a click on the backdrop', async () => {
    const { user, onChange } = setup({});
    await user.click(screen.getByTestId(S.button));
    let panel = await screen.findByTestId(S.panel);
    await user.click(within(panel).getByTestId(S.historyTab));
    await user.click(within(panel).getByTestId(S.cancel));
    await waitFor(() => expect(screen.queryByTestId(S.panel)).not.toBeInTheDocument());

    await user.click(screen.getByTestId(S.button));
    panel = await screen.findByTestId(S.panel);
    // The draft does not survive a cancel: the panel opens on the saved tab.
    expect(within(panel).getByTestId(S.realtimeTab)).toHaveAttribute('aria-selected', 'true');
    const backdrop = document.querySelector('.MuiBackdrop-root, .MuiModal-backdrop');
    expect(backdrop).not.toBeNull();
    await user.click(backdrop as Element);
    await waitFor(() => expect(screen.queryByTestId(S.panel)).not.toBeInTheDocument());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('offers grouping intervals valid for the window, and max values for None', async () => {
    const { user, onChange } = setup({ realtime: { timewindowMs: HOUR_MS, interval: MINUTE_MS } });
    await user.click(screen.getByTestId(S.button));
    const panel = await screen.findByTestId(S.panel);
    await user.click(within(panel).getByTestId(S.groupingInterval));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '10 seconds',
      '15 seconds',
      '30 seconds',
      '1 minute',
      '2 minutes',
      '5 minutes',
    ]);
    await user.click(screen.getByRole('option', { name: '5 minutes' }));
    // A longer window moves the interval into its own range.
    await choose(user, panel, S.duration, '30 days');
    expect(within(panel).getByTestId(S.groupingInterval)).toHaveTextContent('2 hours');
    await choose(user, panel, S.aggregation, 'None');
    expect(within(panel).queryByTestId(S.groupingInterval)).not.toBeInTheDocument();
    const limit = within(panel).getByTestId(S.limit);
    await user.clear(limit);
    await user.type(limit, '900');
    await user.click(within(panel).getByTestId(S.update));
    expect(onChange.mock.calls[0]?.[0]).toMatchObject({
      realtime: { timewindowMs: 30 * DAY_MS, interval: 2 * HOUR_MS },
      // Max values stay within the max data points (500 unless the server says otherwise).
      aggregation: { type: 'NONE', limit: 500 },
    });
  });

  it('hides the interval, aggregation, grouping interval and time zone as the window says', async () => {
    const { user } = setup({ hideInterval: true, hideAggregation: true, hideTimezone: true });
    await user.click(screen.getByTestId(S.button));
    const panel = await screen.findByTestId(S.panel);
    expect(within(panel).queryByTestId(S.last)).not.toBeInTheDocument();
    expect(within(panel).queryByTestId(S.aggregation)).not.toBeInTheDocument();
    expect(within(panel).queryByTestId(S.timezone)).not.toBeInTheDocument();
    expect(within(panel).getByTestId(S.update)).toBeInTheDocument();
  });

  it('keeps the grouping interval when only the aggregation type is hidden', async () => {
    const { user } = setup({ hideAggregation: true, realtime: { timewindowMs: HOUR_MS } });
    await user.click(screen.getByTestId(S.button));
    const panel = await screen.findByTestId(S.panel);
    expect(within(panel).queryByTestId(S.aggregation)).not.toBeInTheDocument();
    expect(within(panel).getByTestId(S.groupingInterval)).toHaveTextContent('10 seconds');
  });

  it('keeps only the History tab for history-only tables', async () => {
    const { user } = setup(
      { realtime: { timewindowMs: MINUTE_MS } },
      { historyOnly: true, aggregation: false },
    );
    await user.click(screen.getByTestId(S.button));
    const panel = await screen.findByTestId(S.panel);
    expect(within(panel).queryByTestId(S.realtimeTab)).not.toBeInTheDocument();
    expect(within(panel).getByTestId(S.historyTab)).toHaveAttribute('aria-selected', 'true');
    expect(within(panel).queryByTestId(S.aggregation)).not.toBeInTheDocument();
  });

  it('fills the screen below 600 px', async () => {
    window.innerWidth = 390;
    const { user } = setup({});
    await user.click(screen.getByTestId(S.button));
    const panel = await screen.findByTestId(S.panel);
    expect(panel.className).toMatch(/MuiDialog-paperFullScreen/);
  });
});

describe('panel placement', () => {
  const viewport = { width: 1280, height: 800 };
  it('opens below and from the start when there is room', () => {
    expect(panelPlacement({ top: 50, bottom: 80, left: 100, right: 300 }, viewport)).toEqual({
      anchorOrigin: { vertical: 'bottom', horizontal: 'left' },
      transformOrigin: { vertical: 'top', horizontal: 'left' },
    });
  });

  it('opens upward with less than 375 px below, and aligns to the end with less than 417 px right', () => {
    expect(
      panelPlacement({ top: 400, bottom: 430, left: 1280 - PANEL_MIN_WIDTH + 1, right: 1270 }, viewport),
    ).toEqual({
      anchorOrigin: { vertical: 'top', horizontal: 'right' },
      transformOrigin: { vertical: 'bottom', horizontal: 'right' },
    });
  });
});
