import {
  type AlarmInfo,
  type AlarmSeverity,
  type AlarmStatus,
  alarmMatchesSearchStatus,
  applyPageLink,
  DAY_MS,
  type EntityId,
} from '@meridian/common';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { selectors } from '../../../selectors';
import type { HistoryWindow } from '../history-window/history-window';
import { entityTabsSelectors } from '../selectors';
import { renderTab, tableHeaders, tableRow, tableRows } from '../tab-test-utils';
import { AlarmTable, LIVE_RELOAD_DELAY_MS } from './AlarmTable';
import type { AlarmsTabApi, AlarmsTabQuery, LiveAlarmSource } from './types';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const T = selectors.entityTable;
const S = entityTabsSelectors.alarms;
const NOW = new Date(2024, 4, 10, 12, 0, 0).getTime();
const ACK_TIME = NOW + 5_000;
const CLEAR_TIME = NOW + 9_000;
const DEVICE: EntityId = { entityType: 'DEVICE', id: 'device-1' };

function alarm(n: number, type: string, severity: AlarmSeverity, status: AlarmStatus): AlarmInfo {
  const created = NOW - n * 60 * 60_000;
  return {
    id: { entityType: 'ALARM', id: `alarm-${n}` },
    createdTime: created,
    tenantId: { entityType: 'TENANT', id: 'tenant-1' },
    customerId: { entityType: 'CUSTOMER', id: '13814000-1dd2-11b2-8080-808080808080' },
    type,
    originator: DEVICE,
    originatorName: 'Thermostat',
    severity,
    status,
    startTs: created,
    endTs: created + 1000,
    ackTs: status.endsWith('_ACK') ? created + 2000 : 0,
    clearTs: status.startsWith('CLEARED') ? created + 3000 : 0,
    details: { temperature: 31.5 },
    propagate: false,
    propagateToOwner: false,
    propagateToTenant: false,
    propagateRelationTypes: null,
  };
}

/** An in-memory alarm list behind the tab's calls: time window and status filter as the server applies them. */
function fakeApi() {
  const alarms = new Map(
    [
      alarm(1, 'High Temperature', 'CRITICAL', 'ACTIVE_UNACK'),
      alarm(2, 'Low Battery', 'MINOR', 'ACTIVE_ACK'),
      alarm(3, 'Door Open', 'WARNING', 'CLEARED_UNACK'),
      alarm(4, 'Offline', 'MAJOR', 'CLEARED_ACK'),
      // Older than the 30-day window the tab opens on.
      alarm(24 * 40, 'Old Fault', 'INDETERMINATE', 'ACTIVE_UNACK'),
    ].map((a) => [a.id.id, a]),
  );
  const queries: AlarmsTabQuery[] = [];
  const api = {
    getAlarms: vi.fn(async (entityId: EntityId, query: AlarmsTabQuery) => {
      queries.push(query);
      const { startTime = 0, endTime = Number.MAX_SAFE_INTEGER } = query.pageLink;
      const found = [...alarms.values()].filter(
        (a) =>
          a.originator.id === entityId.id &&
          a.createdTime >= startTime &&
          a.createdTime <= endTime &&
          alarmMatchesSearchStatus(a.status, query.searchStatus),
      );
      return applyPageLink(found, { ...query.pageLink, textSearch: undefined });
    }),
    getAlarmInfo: vi.fn(async (alarmId: string) => {
      const found = alarms.get(alarmId);
      if (!found) throw new Error('not found');
      return found;
    }),
    ackAlarm: vi.fn(async (alarmId: string) => {
      const a = alarms.get(alarmId);
      if (a)
        alarms.set(alarmId, {
          ...a,
          ackTs: ACK_TIME,
          status: a.status.replace('UNACK', 'ACK') as AlarmStatus,
        });
    }),
    clearAlarm: vi.fn(async (alarmId: string) => {
      const a = alarms.get(alarmId);
      if (a)
        alarms.set(alarmId, {
          ...a,
          clearTs: CLEAR_TIME,
          status: a.status.replace('ACTIVE', 'CLEARED') as AlarmStatus,
        });
    }),
  } satisfies AlarmsTabApi;
  return { api, queries, alarms };
}

async function setup() {
  const fake = fakeApi();
  const rendered = await renderTab(<AlarmTable entityId={DEVICE} api={fake.api} now={() => NOW} />);
  await waitFor(() => expect(tableRows('alarms')).toHaveLength(4));
  return { ...fake, ...rendered };
}

/** Created time, originator, type, severity and status of every row (after the selection column). */
const rows = () => tableRows('alarms').map((cells) => cells.slice(1, 6));

const field = (dialog: HTMLElement, name: string) =>
  (within(dialog).getByTestId(S.detailsField(name)) as HTMLInputElement).value;

describe('AlarmTable', () => {
  it('lists the alarms of the last 30 days, newest first, with any status', async () => {
    const { queries } = await setup();
    expect(tableHeaders('alarms')).toEqual([
      '',
      'Created time',
      'Originator',
      'Type',
      'Severity',
      'Status',
      '',
    ]);
    expect(rows()).toEqual([
      ['05/10/2024, 11:00:00 AM', 'Thermostat', 'High Temperature', 'Critical', 'Active, unacknowledged'],
      ['05/10/2024, 10:00:00 AM', 'Thermostat', 'Low Battery', 'Minor', 'Active, acknowledged'],
      ['05/10/2024, 09:00:00 AM', 'Thermostat', 'Door Open', 'Warning', 'Cleared, unacknowledged'],
      ['05/10/2024, 08:00:00 AM', 'Thermostat', 'Offline', 'Major', 'Cleared, acknowledged'],
    ]);
    expect(queries[0]).toEqual({
      pageLink: {
        pageSize: 10,
        page: 0,
        sortOrder: { property: 'createdTime', direction: 'DESC' },
        startTime: NOW - 30 * DAY_MS,
        endTime: NOW,
      },
      searchStatus: 'ANY',
    });
    expect(screen.getByTestId(S.timewindow)).toHaveTextContent('History – last 30 days');
    expect(screen.getByTestId(S.statusFilter)).toHaveTextContent('Any');
    // The originator name is not a sort property of the server.
    expect(screen.queryByTestId(T.sortHeader('originator'))).not.toBeInTheDocument();
    expect(screen.getByTestId(T.sortHeader('severity'))).toBeInTheDocument();
  });

  it('shows each severity in its colour', async () => {
    await setup();
    const colours = screen.getAllByTestId(S.severity).map((cell) => [cell.textContent, cell.style.color]);
    expect(colours).toEqual([
      ['Critical', 'red'],
      ['Minor', 'yellow'],
      ['Warning', 'olive'],
      ['Major', 'orange'],
    ]);
    expect(screen.getAllByTestId(S.severity)[0]?.style.fontWeight).toBe('bold');
  });

  it('asks the server again for a status filter, a time window and a search text', async () => {
    const { user, queries } = await setup();

    await user.click(screen.getByTestId(S.statusFilter));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Any',
      'Active',
      'Cleared',
      'Acknowledged',
      'Unacknowledged',
    ]);
    await user.click(screen.getByRole('option', { name: 'Unacknowledged' }));
    await waitFor(() => expect(queries.at(-1)?.searchStatus).toBe('UNACK'));
    await waitFor(() => expect(rows().map((cells) => cells[2])).toEqual(['High Temperature', 'Door Open']));
    expect(queries.at(-1)?.pageLink.page).toBe(0);

    await user.click(screen.getByTestId(S.timewindow));
    const panel = await screen.findByTestId(S.timewindowPanel);
    await user.click(within(panel).getByTestId(S.timewindowInterval));
    await user.click(screen.getByRole('option', { name: '2 hours' }));
    await user.click(within(panel).getByTestId(S.timewindowUpdate));
    await waitFor(() => expect(queries.at(-1)?.pageLink.startTime).toBe(NOW - 2 * 60 * 60_000));
    expect(queries.at(-1)).toMatchObject({ searchStatus: 'UNACK', pageLink: { endTime: NOW } });
    await waitFor(() => expect(rows().map((cells) => cells[2])).toEqual(['High Temperature']));
    expect(screen.getByTestId(S.timewindow)).toHaveTextContent('History – last 2 hours');

    await user.click(screen.getByTestId(T.searchToggle));
    await user.type(screen.getByTestId(T.searchInput), 'temp');
    await waitFor(() => expect(queries.at(-1)?.pageLink.textSearch).toBe('temp'));
  });

  it('shows the details of an alarm, then acknowledges and clears it, reloading the list', async () => {
    const { user, api } = await setup();
    await user.click(within(tableRow('alarms', 'High Temperature')).getByTestId(T.rowAction('details')));
    const dialog = await screen.findByTestId(S.detailsDialog);
    expect(dialog).toHaveTextContent('Alarm details');
    expect(field(dialog, 'created-time')).toBe('05/10/2024, 11:00:00 AM');
    expect(field(dialog, 'originator')).toBe('Thermostat');
    expect(field(dialog, 'start-time')).toBe('05/10/2024, 11:00:00 AM');
    expect(field(dialog, 'end-time')).toBe('05/10/2024, 11:00:01 AM');
    expect(field(dialog, 'type')).toBe('High Temperature');
    expect(field(dialog, 'severity')).toBe('Critical');
    expect(within(dialog).getByTestId(S.detailsField('severity')).style.color).toBe('red');
    expect(field(dialog, 'status')).toBe('Active, unacknowledged');
    expect(JSON.parse(field(dialog, 'details'))).toEqual({ temperature: 31.5 });
    // Not acknowledged or cleared yet: no such times.
    expect(within(dialog).queryByTestId(S.detailsField('ack-time'))).not.toBeInTheDocument();
    expect(within(dialog).queryByTestId(S.detailsField('clear-time'))).not.toBeInTheDocument();

    const listCalls = api.getAlarms.mock.calls.length;
    await user.click(within(dialog).getByTestId(S.ack));
    expect(api.ackAlarm).toHaveBeenCalledWith('alarm-1');
    await waitFor(() => expect(field(dialog, 'status')).toBe('Active, acknowledged'));
    expect(field(dialog, 'ack-time')).toBe('05/10/2024, 12:00:05 PM');
    expect(within(dialog).queryByTestId(S.ack)).not.toBeInTheDocument();
    await waitFor(() => expect(api.getAlarms.mock.calls.length).toBeGreaterThan(listCalls));
    await waitFor(() =>
      expect(tableRow('alarms', 'High Temperature').textContent).toContain('Active, acknowledged'),
    );

    await user.click(within(dialog).getByTestId(S.clear));
    expect(api.clearAlarm).toHaveBeenCalledWith('alarm-1');
    await waitFor(() => expect(field(dialog, 'status')).toBe('Cleared, acknowledged'));
    expect(field(dialog, 'clear-time')).toBe('05/10/2024, 12:00:09 PM');
    expect(within(dialog).queryByTestId(S.clear)).not.toBeInTheDocument();
    await waitFor(() =>
      expect(tableRow('alarms', 'High Temperature').textContent).toContain('Cleared, acknowledged'),
    );

    await user.click(within(dialog).getByTestId(S.detailsClose));
    await waitFor(() => expect(screen.queryByTestId(S.detailsDialog)).not.toBeInTheDocument());
  });

  it('offers only what applies: a cleared, acknowledged alarm has neither button', async () => {
    const { user } = await setup();
    await user.click(within(tableRow('alarms', 'Offline')).getByTestId(T.rowAction('details')));
    let dialog = await screen.findByTestId(S.detailsDialog);
    expect(within(dialog).queryByTestId(S.ack)).not.toBeInTheDocument();
    expect(within(dialog).queryByTestId(S.clear)).not.toBeInTheDocument();
    expect(field(dialog, 'ack-time')).toBe('05/10/2024, 08:00:02 AM');
    expect(field(dialog, 'clear-time')).toBe('05/10/2024, 08:00:03 AM');
    await user.click(within(dialog).getByTestId(S.detailsClose));
    await waitFor(() => expect(screen.queryByTestId(S.detailsDialog)).not.toBeInTheDocument());

    // Cleared but not acknowledged: Acknowledge only.
    await user.click(within(tableRow('alarms', 'Door Open')).getByTestId(T.rowAction('details')));
    dialog = await screen.findByTestId(S.detailsDialog);
    expect(within(dialog).getByTestId(S.ack)).toBeInTheDocument();
    expect(within(dialog).queryByTestId(S.clear)).not.toBeInTheDocument();
  });

  it('acknowledges and clears the selected alarms they apply to, after asking', async () => {
    const { user, api } = await setup();
    await user.click(screen.getByTestId(T.selectAll));
    expect(screen.getByTestId(T.selectedCount)).toHaveTextContent('4 selected');

    await user.click(screen.getByTestId(T.groupAction('ack')));
    let confirm = await screen.findByTestId(T.confirmDialog);
    expect(confirm).toHaveTextContent('Acknowledge 2 alarms?');
    await user.click(within(confirm).getByTestId(T.confirmOk));
    await waitFor(() => expect(api.ackAlarm).toHaveBeenCalledTimes(2));
    expect(api.ackAlarm.mock.calls.map(([id]) => id).sort()).toEqual(['alarm-1', 'alarm-3']);
    await waitFor(() =>
      expect(rows().map((cells) => cells[4])).toEqual([
        'Active, acknowledged',
        'Active, acknowledged',
        'Cleared, acknowledged',
        'Cleared, acknowledged',
      ]),
    );

    // The rows stay selected.
    expect(screen.getByTestId(T.selectedCount)).toHaveTextContent('4 selected');
    await user.click(screen.getByTestId(T.groupAction('ack')));
    confirm = await screen.findByTestId(T.confirmDialog);
    expect(confirm).toHaveTextContent('Every selected alarm is acknowledged already.');
    await user.click(within(confirm).getByTestId(T.confirmOk));
    await waitFor(() => expect(screen.queryByTestId(T.confirmDialog)).not.toBeInTheDocument());
    expect(api.ackAlarm).toHaveBeenCalledTimes(2);

    // Declining sends nothing.
    await user.click(screen.getByTestId(T.groupAction('clear')));
    confirm = await screen.findByTestId(T.confirmDialog);
    expect(confirm).toHaveTextContent('Clear 2 alarms?');
    await user.click(within(confirm).getByTestId(T.confirmCancel));
    expect(api.clearAlarm).not.toHaveBeenCalled();

    await user.click(screen.getByTestId(T.groupAction('clear')));
    confirm = await screen.findByTestId(T.confirmDialog);
    await user.click(within(confirm).getByTestId(T.confirmOk));
    await waitFor(() => expect(api.clearAlarm).toHaveBeenCalledTimes(2));
    await waitFor(() =>
      expect(rows().map((cells) => cells[4])).toEqual(Array(4).fill('Cleared, acknowledged')),
    );
  });
});

/** A live source whose changes the test sends; it records what the tab subscribed to and when it stopped. */
function fakeLive() {
  const subscriptions: {
    entityId: EntityId;
    window: HistoryWindow;
    onChange: () => void;
    stopped: boolean;
  }[] = [];
  const live: LiveAlarmSource = {
    alarmChanges: (entityId, window, onChange) => {
      const subscription = { entityId, window, onChange, stopped: false };
      subscriptions.push(subscription);
      return () => {
        subscription.stopped = true;
      };
    },
  };
  /** Reports a change to every subscription still open, as the socket would. */
  const change = () => {
    for (const subscription of subscriptions) if (!subscription.stopped) subscription.onChange();
  };
  return { live, subscriptions, change };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('AlarmTable: live updates', () => {
  async function setupLive() {
    const source = fakeLive();
    const fake = fakeApi();
    const api = { ...fake.api, live: source.live };
    const rendered = await renderTab(<AlarmTable entityId={DEVICE} api={api} now={() => NOW} />);
    await waitFor(() => expect(tableRows('alarms')).toHaveLength(4));
    return { ...fake, ...rendered, ...source };
  }

  it('follows the alarms of the entity in the window and reloads the page once per burst of changes', async () => {
    const { subscriptions, change, api, alarms } = await setupLive();
    expect(subscriptions.map(({ entityId, window }) => ({ entityId, window }))).toEqual([
      { entityId: DEVICE, window: { kind: 'last', durationMs: 30 * DAY_MS } },
    ]);
    const loads = api.getAlarms.mock.calls.length;

    // A rule raises an alarm and the server reports three changes: one reload.
    const raised = alarm(0.5, 'Overheating', 'MAJOR', 'ACTIVE_UNACK');
    alarms.set(raised.id.id, raised);
    act(() => {
      change();
      change();
      change();
    });
    await waitFor(() => expect(rows().map((cells) => cells[2])).toContain('Overheating'));
    await pause(LIVE_RELOAD_DELAY_MS + 100);
    expect(api.getAlarms.mock.calls.length).toBe(loads + 1);
    expect(rows()[0]).toEqual([
      '05/10/2024, 11:30:00 AM',
      'Thermostat',
      'Overheating',
      'Major',
      'Active, unacknowledged',
    ]);
  });

  it('subscribes again for a new window and stops when the tab closes, reloading nothing after', async () => {
    const { subscriptions, change, api, user, unmount } = await setupLive();
    await user.click(screen.getByTestId(S.timewindow));
    const panel = await screen.findByTestId(S.timewindowPanel);
    await user.click(within(panel).getByTestId(S.timewindowInterval));
    await user.click(screen.getByRole('option', { name: '2 hours' }));
    await user.click(within(panel).getByTestId(S.timewindowUpdate));
    await waitFor(() => expect(subscriptions).toHaveLength(2));
    expect(subscriptions.map(({ window, stopped }) => ({ window, stopped }))).toEqual([
      { window: { kind: 'last', durationMs: 30 * DAY_MS }, stopped: true },
      { window: { kind: 'last', durationMs: 2 * 60 * 60_000 }, stopped: false },
    ]);

    // A change right before closing: its pending reload is dropped with the tab.
    act(() => subscriptions[1]?.onChange());
    unmount();
    expect(subscriptions[1]?.stopped).toBe(true);
    const loads = api.getAlarms.mock.calls.length;
    change();
    await pause(LIVE_RELOAD_DELAY_MS + 100);
    expect(api.getAlarms.mock.calls.length).toBe(loads);
  });
});
