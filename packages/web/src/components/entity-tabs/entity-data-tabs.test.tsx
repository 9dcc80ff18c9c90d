import type { AlarmInfo, AuditLog, EntityEvent, EntityRelationInfo, PageData } from '@meridian/common';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { selectors } from '../../selectors';
import type { Handler } from '../../test/fake-backend';
import { createEntityBackend, createEntityStore } from '../../test/fake-entities';
import { renderApp } from '../../test/render-app';
import { entityTabsSelectors } from './selectors';
import { tableRows } from './tab-test-utils';

// Whole-console page tests: generous time when the machine is busy.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const T = selectors.entityTable;
const TENANT = 'tenant@meridian.test';
const CUSTOMER = 'customer@meridian.test';
const T0 = new Date(2024, 0, 1, 12, 0, 0).getTime();

const page = <X,>(data: X[]): PageData<X> => ({
  data,
  totalPages: 1,
  totalElements: data.length,
  hasNext: false,
});

function auditLog(entityName: string): AuditLog {
  return {
    id: { id: 'log-1' },
    createdTime: Date.now() - 60_000,
    tenantId: { entityType: 'TENANT', id: 'tenant-1' },
    customerId: { entityType: 'CUSTOMER', id: 'customer-1' },
    entityId: { entityType: 'DEVICE', id: 'device-a1' },
    entityName,
    userId: { entityType: 'USER', id: 'user-1' },
    userName: TENANT,
    actionType: 'UPDATED',
    actionData: {},
    actionStatus: 'SUCCESS',
    actionFailureDetails: null,
  };
}

const relation: EntityRelationInfo = {
  from: { entityType: 'ASSET', id: 'asset-1' },
  to: { entityType: 'DEVICE', id: 'device-a1' },
  type: 'Contains',
  typeGroup: 'COMMON',
  fromName: 'Building 1',
  toName: 'Device A1',
};

function deviceAlarm(): AlarmInfo {
  const created = Date.now() - 60_000;
  return {
    id: { entityType: 'ALARM', id: 'alarm-1' },
    createdTime: created,
    tenantId: { entityType: 'TENANT', id: 'tenant-1' },
    customerId: { entityType: 'CUSTOMER', id: 'customer-1' },
    type: 'High Temperature',
    originator: { entityType: 'DEVICE', id: 'device-a1' },
    originatorName: 'Device A1',
    severity: 'MAJOR',
    status: 'ACTIVE_UNACK',
    startTs: created,
    endTs: created,
    ackTs: 0,
    clearTs: 0,
    details: {},
    propagate: true,
    propagateToOwner: true,
    propagateToTenant: false,
    propagateRelationTypes: null,
  };
}

function deviceError(): EntityEvent {
  return {
    id: { id: 'event-1' },
    createdTime: Date.now() - 60_000,
    tenantId: { entityType: 'TENANT', id: 'tenant-1' },
    type: 'ERROR',
    uid: 'event-1',
    entityId: { entityType: 'DEVICE', id: 'device-a1' },
    body: { server: 'node-a', method: 'onMsg', error: 'Timeout' },
  };
}

/** The entity backend plus the telemetry, relation, alarm and audit log calls of Device A1 and Customer A. */
function backend() {
  const base = '/api/plugins/telemetry/DEVICE/device-a1';
  let alarm = deviceAlarm();
  const overrides: Record<string, Handler> = {
    [`GET ${base}/values/attributes/CLIENT_SCOPE`]: () => ({
      body: [{ key: 'firmware', value: '1.2.0', lastUpdateTs: T0 }],
    }),
    [`GET ${base}/keys/timeseries`]: () => ({ body: ['temperature'] }),
    [`GET ${base}/values/timeseries`]: () => ({ body: { temperature: [{ ts: T0, value: 21.5 }] } }),
    'GET /api/relations/info': (call) => ({ body: call.query.get('toId') === 'device-a1' ? [relation] : [] }),
    'GET /api/audit/logs/entity/DEVICE/device-a1': () => ({ body: page([auditLog('Device A1')]) }),
    'GET /api/audit/logs/customer/customer-1': () => ({ body: page([auditLog('Customer A device')]) }),
    'GET /api/alarm/DEVICE/device-a1': () => ({ body: page([alarm]) }),
    // Propagated to the device's owner.
    'GET /api/alarm/CUSTOMER/customer-1': () => ({ body: page([alarm]) }),
    'GET /api/alarm/info/alarm-1': () => ({ body: alarm }),
    'POST /api/events/DEVICE/device-a1': () => ({ body: page([deviceError()]) }),
    'POST /api/alarm/alarm-1/ack': () => {
      alarm = { ...alarm, status: 'ACTIVE_ACK', ackTs: Date.now() };
      return { status: 200 };
    },
  };
  return createEntityBackend(createEntityStore(), overrides);
}

async function openDeviceA1(who: string) {
  const app = renderApp({ path: '/devices', signedInAs: who, backend: backend() });
  await screen.findAllByTestId(T.row, {}, { timeout: 5000 });
  await app.user.click(screen.getByRole('cell', { name: 'Device A1' }));
  const drawer = await screen.findByTestId(T.details);
  return { ...app, drawer };
}

const tabIds = (drawer: HTMLElement) =>
  within(drawer)
    .getAllByRole('tab')
    .map((tab) => tab.getAttribute('data-testid'));

describe('entity data tabs on devices and customers', () => {
  it('a tenant administrator gets attributes, telemetry, alarms, events, relations and audit logs of a device', async () => {
    const { user, drawer, backend: fake } = await openDeviceA1(TENANT);
    expect(tabIds(drawer)).toEqual([
      T.detailsTab('details'),
      T.detailsTab('attributes'),
      T.detailsTab('telemetry'),
      T.detailsTab('alarms'),
      T.detailsTab('events'),
      T.detailsTab('relations'),
      T.detailsTab('auditLogs'),
    ]);

    await user.click(within(drawer).getByTestId(T.detailsTab('attributes')));
    await waitFor(() => expect(tableRows('attributes').map((cells) => cells[1])).toEqual(['firmware']));
    expect(within(drawer).getByTestId(T.title)).toHaveTextContent('Client attributes');
    expect(within(drawer).getByTestId(entityTabsSelectors.attributes.scope)).toBeInTheDocument();
    // Enter in the tab's search field stays in the tab: the device form is not submitted.
    await user.click(within(drawer).getByTestId(T.searchToggle));
    await user.type(within(drawer).getByTestId(T.searchInput), 'firm{Enter}');
    expect(fake.callsTo('POST', '/api/device')).toHaveLength(0);

    await user.click(within(drawer).getByTestId(T.detailsTab('telemetry')));
    await waitFor(() =>
      expect(tableRows('telemetry').map((cells) => cells.slice(2, 4))).toEqual([['temperature', '21.5']]),
    );
    expect(
      fake.callsTo('GET', '/api/plugins/telemetry/DEVICE/device-a1/values/timeseries')[0]?.query.get('keys'),
    ).toBe('temperature');

    await user.click(within(drawer).getByTestId(T.detailsTab('alarms')));
    await waitFor(() =>
      expect(tableRows('alarms').map((cells) => cells.slice(2, 6))).toEqual([
        ['Device A1', 'High Temperature', 'Major', 'Active, unacknowledged'],
      ]),
    );
    const query = fake.callsTo('GET', '/api/alarm/DEVICE/device-a1')[0]?.query;
    expect(query?.get('searchStatus')).toBe('ANY');
    expect(query?.get('fetchOriginator')).toBe('true');
    expect(query?.get('sortProperty')).toBe('createdTime');
    expect(query?.get('sortOrder')).toBe('DESC');
    expect(Number(query?.get('endTime')) - Number(query?.get('startTime'))).toBe(30 * 24 * 60 * 60_000);

    await user.click(within(drawer).getByTestId(entityTabsSelectors.alarms.statusFilter));
    await user.click(screen.getByRole('option', { name: 'Active' }));
    await waitFor(() =>
      expect(fake.callsTo('GET', '/api/alarm/DEVICE/device-a1').at(-1)?.query.get('searchStatus')).toBe(
        'ACTIVE',
      ),
    );

    await user.click(within(drawer).getByTestId(T.rowAction('details')));
    const alarmDialog = await screen.findByTestId(entityTabsSelectors.alarms.detailsDialog);
    await user.click(within(alarmDialog).getByTestId(entityTabsSelectors.alarms.ack));
    await waitFor(() => expect(fake.callsTo('POST', '/api/alarm/alarm-1/ack')).toHaveLength(1));
    await waitFor(() =>
      expect(tableRows('alarms').map((cells) => cells[5])).toEqual(['Active, acknowledged']),
    );
    expect(within(alarmDialog).queryByTestId(entityTabsSelectors.alarms.ack)).not.toBeInTheDocument();
    await user.click(within(alarmDialog).getByTestId(entityTabsSelectors.alarms.detailsClose));
    await waitFor(() =>
      expect(screen.queryByTestId(entityTabsSelectors.alarms.detailsDialog)).not.toBeInTheDocument(),
    );

    await user.click(within(drawer).getByTestId(T.detailsTab('events')));
    await waitFor(() =>
      expect(tableRows('events').map((cells) => cells.slice(1, 3))).toEqual([['node-a', 'onMsg']]),
    );
    const eventsCall = fake.callsTo('POST', '/api/events/DEVICE/device-a1')[0];
    expect(eventsCall?.query.get('sortOrder')).toBe('DESC');
    expect(Number(eventsCall?.query.get('endTime')) - Number(eventsCall?.query.get('startTime'))).toBe(
      24 * 60 * 60_000,
    );

    await user.click(within(drawer).getByTestId(T.detailsTab('relations')));
    await waitFor(() => expect(within(drawer).getByText('No relations found')).toBeInTheDocument());
    await user.click(within(drawer).getByTestId(entityTabsSelectors.relations.direction));
    await user.click(screen.getByRole('option', { name: 'To' }));
    await waitFor(() =>
      expect(tableRows('relations').map((cells) => cells.slice(1, 4))).toEqual([
        ['Contains', 'Asset', 'Building 1'],
      ]),
    );

    await user.click(within(drawer).getByTestId(T.detailsTab('auditLogs')));
    await waitFor(() => expect(tableRows('audit-logs')).toHaveLength(1));
    expect(
      fake.callsTo('GET', '/api/audit/logs/entity/DEVICE/device-a1')[0]?.query.get('startTime'),
    ).not.toBeNull();
  });

  it('a customer user gets no audit log tab and may relate only its own kinds of entities', async () => {
    const { user, drawer } = await openDeviceA1(CUSTOMER);
    expect(tabIds(drawer)).toEqual([
      T.detailsTab('details'),
      T.detailsTab('attributes'),
      T.detailsTab('telemetry'),
      T.detailsTab('alarms'),
      T.detailsTab('events'),
      T.detailsTab('relations'),
    ]);
    await user.click(within(drawer).getByTestId(T.detailsTab('relations')));
    await user.click(await within(drawer).findByTestId(T.add));
    const dialog = await screen.findByTestId(entityTabsSelectors.relations.dialog);
    await user.click(within(dialog).getByTestId(entityTabsSelectors.relations.entityType));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Device',
      'Asset',
      'Entity view',
    ]);
  });

  it("a customer's tabs list the alarms propagated to it and what concerns the customer", async () => {
    const { user } = renderApp({ path: '/customers/customer-1', signedInAs: TENANT, backend: backend() });
    const details = await screen.findByTestId(T.details);
    await waitFor(() => expect(within(details).getByTestId(T.detailsTitle)).toHaveTextContent('Customer A'));
    await user.click(within(details).getByTestId(T.detailsTab('alarms')));
    await waitFor(() =>
      expect(tableRows('alarms').map((cells) => cells.slice(2, 4))).toEqual([
        ['Device A1', 'High Temperature'],
      ]),
    );
    await user.click(within(details).getByTestId(T.detailsTab('auditLogs')));
    await waitFor(() =>
      expect(within(details).getByRole('cell', { name: 'Customer A device' })).toBeInTheDocument(),
    );
    // Customer tabs show server attributes only.
    await user.click(within(details).getByTestId(T.detailsTab('attributes')));
    expect(await within(details).findByTestId(T.title)).toHaveTextContent('Server attributes');
    expect(within(details).queryByTestId(entityTabsSelectors.attributes.scope)).not.toBeInTheDocument();
  });
});
