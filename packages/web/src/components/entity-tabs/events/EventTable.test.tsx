import {
  applyPageLink,
  DAY_MS,
  type EntityEvent,
  type EntityId,
  type EventFilter,
  type EventType,
  eventTypesOf,
  type TimePageLink,
} from '@meridian/common';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { selectors } from '../../../selectors';
import { entityTabsSelectors } from '../selectors';
import { renderTab, tableHeaders, tableRow, tableRows } from '../tab-test-utils';
import { EventTable } from './EventTable';
import type { EventsTabApi, EventsTabQuery } from './types';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const T = selectors.entityTable;
const S = entityTabsSelectors.events;
const NOW = new Date(2024, 4, 10, 12, 0, 0).getTime();
const DEVICE = { entityType: 'DEVICE' as const, id: 'device-1' };
const NODE = { entityType: 'RULE_NODE' as const, id: 'node-1' };

function event(n: number, type: string, body: Record<string, unknown>): EntityEvent {
  return {
    id: { id: `event-${n}` },
    createdTime: NOW - n * 60_000,
    tenantId: { entityType: 'TENANT', id: 'tenant-1' },
    type,
    uid: `event-${n}`,
    entityId: DEVICE,
    body: body as EntityEvent['body'],
  };
}

const EVENTS = [
  event(1, 'ERROR', { server: 'node-a', method: 'onMsg', error: 'Timeout after 3 s' }),
  event(2, 'ERROR', { server: 'node-a', method: 'init', error: 'Bad configuration' }),
  event(3, 'LC_EVENT', { server: 'node-a', event: 'STARTED', success: true }),
  event(4, 'LC_EVENT', { server: 'node-a', event: 'UPDATED', success: false, error: 'No script' }),
  event(5, 'STATS', { server: 'node-a', messagesProcessed: 42, errorsOccurred: 1 }),
  event(6, 'DEBUG_RULE_NODE', {
    type: 'IN',
    server: 'node-a',
    entityId: 'device-1',
    entityName: 'DEVICE',
    msgId: 'msg-1',
    msgType: 'POST_TELEMETRY_REQUEST',
    dataType: 'JSON',
    data: '{"temperature":21.5}',
    metadata: '{"deviceName":"Thermostat"}',
  }),
];

/** A fake of the tab's calls over EVENTS: the filter's type and its `method` field, the time range, paging. */
function setup(
  entityId: EntityId = DEVICE,
  eventTypes: readonly EventType[] = ['ERROR', 'LC_EVENT', 'STATS'],
) {
  const queries: EventsTabQuery[] = [];
  const cleared: { filter: EventFilter; range: { startTime: number; endTime: number } }[] = [];
  let events = [...EVENTS];
  const api: EventsTabApi = {
    getEvents: vi.fn(async (_id, query: EventsTabQuery) => {
      queries.push(query);
      const { pageLink, filter } = query;
      const method = 'method' in filter ? filter.method : undefined;
      const rows = events.filter(
        (e) =>
          e.type === filter.eventType &&
          e.createdTime >= (pageLink.startTime ?? 0) &&
          (!method || (e.body as { method?: string }).method === method),
      );
      return applyPageLink(rows, { ...(pageLink as TimePageLink), textSearch: undefined });
    }),
    clearEvents: vi.fn(async (_id, filter: EventFilter, range) => {
      cleared.push({ filter, range });
      events = events.filter((e) => e.type !== filter.eventType);
    }),
  };
  const rendered = renderTab(
    <EventTable entityId={entityId} api={api} eventTypes={eventTypes} now={() => NOW} />,
  );
  return { rendered, queries, cleared };
}

describe('EventTable', () => {
  it('opens on the errors of the last day, newest first, with the error columns', async () => {
    const { rendered, queries } = setup();
    await rendered;
    await waitFor(() => expect(tableRows('events')).toHaveLength(2));
    expect(tableHeaders('events')).toEqual(['Event time', 'Server', 'Method', 'Error']);
    expect(tableRows('events')[0]?.slice(0, 3)).toEqual(['05/10/2024, 11:59:00 AM', 'node-a', 'onMsg']);
    expect(queries[0]).toEqual({
      pageLink: {
        pageSize: 10,
        page: 0,
        sortOrder: { property: 'createdTime', direction: 'DESC' },
        startTime: NOW - DAY_MS,
        endTime: NOW,
      },
      filter: { eventType: 'ERROR' },
    });
    expect(screen.getByTestId(S.timewindow)).toHaveTextContent('History – last 1 day');
    expect(screen.queryByTestId(T.add)).not.toBeInTheDocument();
  });

  it('switches between lifecycle and statistics events, each with its columns', async () => {
    const { rendered } = setup();
    const { user } = await rendered;
    await waitFor(() => expect(tableRows('events')).toHaveLength(2));
    await user.click(screen.getByTestId(S.eventType));
    await user.click(screen.getByRole('option', { name: 'Lifecycle event' }));
    await waitFor(() =>
      expect(tableHeaders('events')).toEqual(['Event time', 'Server', 'Event', 'Status', 'Error']),
    );
    await waitFor(() =>
      expect(tableRows('events').map((row) => row.slice(2, 4))).toEqual([
        ['STARTED', 'Success'],
        ['UPDATED', 'Failure'],
      ]),
    );
    await user.click(screen.getByTestId(S.eventType));
    await user.click(screen.getByRole('option', { name: 'Statistics' }));
    await waitFor(() =>
      expect(tableRows('events')).toEqual([['05/10/2024, 11:55:00 AM', 'node-a', '42', '1']]),
    );
    expect(tableHeaders('events')).toEqual(['Event time', 'Server', 'Messages processed', 'Errors occurred']);
    // Debug events are for rule nodes and chains only.
    await user.click(screen.getByTestId(S.eventType));
    expect(screen.queryByRole('option', { name: 'Debug' })).not.toBeInTheDocument();
  });

  it('shows a long text in the content viewer', async () => {
    const { rendered } = setup();
    const { user } = await rendered;
    await waitFor(() => expect(tableRows('events')).toHaveLength(2));
    await user.click(within(tableRow('events', 'init')).getByTestId(S.view('error')));
    const dialog = await screen.findByTestId(S.contentDialog);
    expect(dialog).toHaveTextContent('Error');
    expect(within(dialog).getByTestId(S.content)).toHaveValue('Bad configuration');
    await user.click(within(dialog).getByTestId(S.contentClose));
    await waitFor(() => expect(screen.queryByTestId(S.contentDialog)).not.toBeInTheDocument());
  });

  it('filters by the fields of the type and clears the filter', async () => {
    const { rendered, queries } = setup();
    const { user } = await rendered;
    await waitFor(() => expect(tableRows('events')).toHaveLength(2));
    await user.click(screen.getByTestId(S.filter));
    const dialog = await screen.findByTestId(S.filterDialog);
    expect(within(dialog).getByTestId(S.filterField('server'))).toBeInTheDocument();
    await user.type(within(dialog).getByTestId(S.filterField('method')), ' init ');
    await user.click(within(dialog).getByTestId(S.filterApply));
    await waitFor(() => expect(tableRows('events').map((row) => row[2])).toEqual(['init']));
    expect(queries.at(-1)?.filter).toEqual({ eventType: 'ERROR', method: 'init' });

    await user.click(screen.getByTestId(S.clearFilter));
    await waitFor(() => expect(tableRows('events')).toHaveLength(2));
    expect(queries.at(-1)?.filter).toEqual({ eventType: 'ERROR' });
    expect(screen.queryByTestId(S.clearFilter)).not.toBeInTheDocument();
  });

  it('clears the events of the type in the window after asking', async () => {
    const { rendered, cleared } = setup();
    const { user } = await rendered;
    await waitFor(() => expect(tableRows('events')).toHaveLength(2));
    await user.click(screen.getByTestId(S.clearEvents));
    await user.click(await screen.findByTestId(T.confirmCancel));
    expect(cleared).toEqual([]);
    await user.click(screen.getByTestId(S.clearEvents));
    const confirm = await screen.findByTestId(T.confirmDialog);
    expect(confirm).toHaveTextContent('Clear events?');
    await user.click(within(confirm).getByTestId(T.confirmOk));
    await waitFor(() => expect(screen.getByText('No events found')).toBeInTheDocument());
    expect(cleared).toEqual([
      { filter: { eventType: 'ERROR' }, range: { startTime: NOW - DAY_MS, endTime: NOW } },
    ]);
  });

  it('offers debug events of a rule node with their message columns', async () => {
    const { rendered, queries } = setup(NODE, eventTypesOf('RULE_NODE'));
    const { user } = await rendered;
    await waitFor(() => expect(tableRows('events')).toHaveLength(1));
    expect(queries[0]?.filter).toEqual({ eventType: 'DEBUG_RULE_NODE' });
    expect(tableHeaders('events')).toEqual([
      'Event time',
      'Server',
      'Type',
      'Entity type',
      'Message id',
      'Message type',
      'Relation type',
      'Data',
      'Metadata',
      'Error',
    ]);
    expect(tableRows('events')[0]?.slice(1, 7)).toEqual([
      'node-a',
      'IN',
      'DEVICE',
      'msg-1',
      'POST_TELEMETRY_REQUEST',
      '',
    ]);
    expect(within(tableRow('events', 'msg-1')).queryByTestId(S.view('error'))).not.toBeInTheDocument();
    await user.click(within(tableRow('events', 'msg-1')).getByTestId(S.view('data')));
    const dialog = await screen.findByTestId(S.contentDialog);
    expect(JSON.parse((within(dialog).getByTestId(S.content) as HTMLTextAreaElement).value)).toEqual({
      temperature: 21.5,
    });
    await user.click(within(dialog).getByTestId(S.contentClose));

    // The error text field appears once "Has error" is ticked.
    await user.click(screen.getByTestId(S.filter));
    const filter = await screen.findByTestId(S.filterDialog);
    expect(within(filter).queryByTestId(S.filterField('errorStr'))).not.toBeInTheDocument();
    await user.click(within(filter).getByTestId(S.filterField('isError')));
    await user.type(within(filter).getByTestId(S.filterField('errorStr')), 'timeout');
    await user.click(within(filter).getByTestId(S.filterField('msgDirectionType')));
    await user.click(screen.getByRole('option', { name: 'Out' }));
    await user.click(within(filter).getByTestId(S.filterApply));
    await waitFor(() =>
      expect(queries.at(-1)?.filter).toEqual({
        eventType: 'DEBUG_RULE_NODE',
        msgDirectionType: 'OUT',
        isError: true,
        errorStr: 'timeout',
      }),
    );
  });
});
