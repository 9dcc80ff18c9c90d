import type { AttributeData, AttributeScope, EntityId, JsonValue } from '@meridian/common';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { selectors } from '../../../selectors';
import { entityTabsSelectors } from '../selectors';
import { renderTab, tableHeaders, tableRow, tableRows } from '../tab-test-utils';
import { AttributeTable } from './AttributeTable';
import {
  type AttributesTabApi,
  DEVICE_ATTRIBUTE_SCOPES,
  type LivePointsListener,
  type LiveTelemetrySource,
} from './types';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const T = selectors.entityTable;
const S = entityTabsSelectors.attributes;
const V = entityTabsSelectors.valueInput;
const DEVICE: EntityId = { entityType: 'DEVICE', id: 'device-1' };
const T0 = new Date(2024, 0, 1, 12, 0, 0).getTime();

/** A live source whose values the test pushes; it records what the tab subscribed to. */
function fakeLive() {
  const subscriptions: { what: string; listener: LivePointsListener; active: boolean }[] = [];
  const add = (what: string, listener: LivePointsListener) => {
    const subscription = { what, listener, active: true };
    subscriptions.push(subscription);
    return () => {
      subscription.active = false;
    };
  };
  const live: LiveTelemetrySource = {
    attributes: (entityId, scope, listener) => add(`${entityId.id} ${scope}`, listener),
    latestTelemetry: (entityId, listener) => add(`${entityId.id} telemetry`, listener),
  };
  return {
    live,
    /** What is subscribed now. */
    active: () => subscriptions.filter((item) => item.active).map((item) => item.what),
    /** Sends points to every live subscription, as the socket would. */
    push: (values: Record<string, [number, string]>) =>
      act(() => {
        const points = new Map(Object.entries(values).map(([key, [ts, value]]) => [key, { ts, value }]));
        for (const item of subscriptions.filter((entry) => entry.active)) item.listener(points);
      }),
  };
}

/** An in-memory attribute store behind the tab's calls. */
function fakeApi(seed: Partial<Record<AttributeScope | 'TELEMETRY', Record<string, JsonValue>>> = {}) {
  const store: Record<string, Map<string, AttributeData>> = {};
  let clock = T0;
  const scopeOf = (name: string) => {
    store[name] ??= new Map();
    return store[name];
  };
  for (const [name, values] of Object.entries(seed)) {
    for (const [key, value] of Object.entries(values ?? {})) {
      clock += 1000;
      scopeOf(name).set(key, { key, value, lastUpdateTs: clock });
    }
  }
  const api = {
    getAttributes: vi.fn(async (_id: EntityId, scope: AttributeScope) => [...scopeOf(scope).values()]),
    saveAttributes: vi.fn(async (_id: EntityId, scope: AttributeScope, values: Record<string, JsonValue>) => {
      for (const [key, value] of Object.entries(values)) {
        clock += 1000;
        scopeOf(scope).set(key, { key, value, lastUpdateTs: clock });
      }
    }),
    deleteAttributes: vi.fn(async (_id: EntityId, scope: AttributeScope, keys: readonly string[]) => {
      for (const key of keys) scopeOf(scope).delete(key);
    }),
    getLatestTelemetry: vi.fn(async () => [...scopeOf('TELEMETRY').values()]),
    deleteTelemetry: vi.fn(async (_id: EntityId, keys: readonly string[]) => {
      for (const key of keys) scopeOf('TELEMETRY').delete(key);
    }),
  } satisfies AttributesTabApi;
  return {
    api,
    store: scopeOf,
    post: (key: string, value: JsonValue) => {
      clock += 1000;
      scopeOf('TELEMETRY').set(key, { key, value, lastUpdateTs: clock });
    },
  };
}

/** The Key column, top to bottom (its place depends on whether rows can be selected). */
const keys = (root = 'attributes') => {
  const column = tableHeaders(root).indexOf('Key');
  return tableRows(root).map((cells) => cells[column]);
};

describe('AttributeTable', () => {
  it('lists server attributes by key with last update time and typed values', async () => {
    const { api } = fakeApi({
      SERVER_SCOPE: { temperature: 21.5, active: true, config: { mode: 'eco' }, name: 'Boiler' },
    });
    await renderTab(<AttributeTable kind="attributes" entityId={DEVICE} api={api} />);
    await waitFor(() => expect(keys()).toEqual(['active', 'config', 'name', 'temperature']));
    expect(tableHeaders('attributes').slice(1, 4)).toEqual(['Last update time', 'Key', 'Value']);
    expect(tableRow('attributes', 'temperature').textContent).toContain('01/01/2024, 12:00:01 PM');
    expect(tableRow('attributes', 'config').textContent).toContain('{"mode":"eco"}');
    expect(screen.getByTestId(T.title)).toHaveTextContent('Server attributes');
    expect(api.getAttributes).toHaveBeenCalledWith(DEVICE, 'SERVER_SCOPE', expect.anything());
    // Only one scope: no selector.
    expect(screen.queryByTestId(S.scope)).not.toBeInTheDocument();
  });

  it('devices start on read-only client attributes and switch scopes', async () => {
    const { api } = fakeApi({ CLIENT_SCOPE: { firmware: '1.0' }, SHARED_SCOPE: { interval: 30 } });
    const { user } = await renderTab(
      <AttributeTable kind="attributes" entityId={DEVICE} api={api} scopes={DEVICE_ATTRIBUTE_SCOPES} />,
    );
    await waitFor(() => expect(keys()).toEqual(['firmware']));
    expect(screen.getByTestId(T.title)).toHaveTextContent('Client attributes');
    expect(screen.queryByTestId(T.add)).not.toBeInTheDocument();
    expect(screen.queryByTestId(T.rowCheckbox)).not.toBeInTheDocument();
    expect(
      within(tableRow('attributes', 'firmware')).queryByRole('button', { name: /Edit the value/ }),
    ).toBeNull();

    await user.click(screen.getByTestId(S.scope));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Client attributes',
      'Server attributes',
      'Shared attributes',
    ]);
    await user.click(screen.getByRole('option', { name: 'Shared attributes' }));
    await waitFor(() => expect(keys()).toEqual(['interval']));
    expect(screen.getByTestId(T.title)).toHaveTextContent('Shared attributes');
    expect(screen.getByTestId(T.add)).toBeInTheDocument();
    expect(api.getAttributes).toHaveBeenLastCalledWith(DEVICE, 'SHARED_SCOPE', expect.anything());
  });

  it('adds a double server attribute and a JSON shared attribute', async () => {
    const { api } = fakeApi();
    const { user } = await renderTab(
      <AttributeTable
        kind="attributes"
        entityId={DEVICE}
        api={api}
        scopes={['SERVER_SCOPE', 'SHARED_SCOPE']}
      />,
    );
    await screen.findByText('No attributes found');
    await user.click(screen.getByTestId(T.add));
    const dialog = await screen.findByTestId(S.addDialog);
    const add = within(dialog).getByTestId(S.addSubmit);
    expect(add).toBeDisabled();
    await user.type(within(dialog).getByTestId(S.key), 'targetTemperature');
    await user.click(within(dialog).getByTestId(V.type));
    await user.click(screen.getByRole('option', { name: 'Double' }));
    await user.type(within(dialog).getByTestId(V.double), '23.5');
    await user.click(add);
    await waitFor(() => expect(screen.queryByTestId(S.addDialog)).not.toBeInTheDocument());
    expect(api.saveAttributes).toHaveBeenCalledWith(DEVICE, 'SERVER_SCOPE', { targetTemperature: 23.5 });
    await waitFor(() => expect(keys()).toEqual(['targetTemperature']));
    expect(tableRow('attributes', 'targetTemperature').textContent).toContain('23.5');

    await user.click(screen.getByTestId(S.scope));
    await user.click(screen.getByRole('option', { name: 'Shared attributes' }));
    await screen.findByText('No attributes found');
    await user.click(screen.getByTestId(T.add));
    const second = await screen.findByTestId(S.addDialog);
    await user.type(within(second).getByTestId(S.key), 'schedule');
    await user.click(within(second).getByTestId(V.type));
    await user.click(screen.getByRole('option', { name: 'JSON' }));
    const json = within(second).getByTestId(V.json);
    expect(json).toHaveValue('{}');
    await user.clear(json);
    await user.type(json, '{{"on":');
    expect(await within(second).findByText('JSON value has an invalid format.')).toBeInTheDocument();
    expect(within(second).getByTestId(S.addSubmit)).toBeDisabled();
    await user.type(json, '"08:00"}');
    await user.click(within(second).getByTestId(S.addSubmit));
    await waitFor(() => expect(api.saveAttributes).toHaveBeenCalledTimes(2));
    expect(api.saveAttributes).toHaveBeenLastCalledWith(DEVICE, 'SHARED_SCOPE', {
      schedule: { on: '08:00' },
    });
    await waitFor(() => expect(keys()).toEqual(['schedule']));
  });

  it('requires a key and a value before adding', async () => {
    const { api } = fakeApi();
    const { user } = await renderTab(<AttributeTable kind="attributes" entityId={DEVICE} api={api} />);
    await screen.findByText('No attributes found');
    await user.click(screen.getByTestId(T.add));
    const dialog = await screen.findByTestId(S.addDialog);
    await user.click(within(dialog).getByTestId(S.key));
    await user.click(within(dialog).getByTestId(V.string));
    await user.tab();
    expect(within(dialog).getByText('Attribute key is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('String value is required.')).toBeInTheDocument();
    await user.click(within(dialog).getByTestId(V.type));
    await user.click(screen.getByRole('option', { name: 'Integer' }));
    await user.type(within(dialog).getByTestId(S.key), 'count');
    await user.type(within(dialog).getByTestId(V.integer), '1.5');
    expect(await within(dialog).findByText('Invalid integer value.')).toBeInTheDocument();
    expect(within(dialog).getByTestId(S.addSubmit)).toBeDisabled();
    await user.click(within(dialog).getByTestId(S.addCancel));
    expect(api.saveAttributes).not.toHaveBeenCalled();
  });

  it('edits a value in place: boolean to false', async () => {
    const { api } = fakeApi({ SERVER_SCOPE: { active: true, level: 3 } });
    const { user } = await renderTab(<AttributeTable kind="attributes" entityId={DEVICE} api={api} />);
    await waitFor(() => expect(keys()).toEqual(['active', 'level']));
    await user.click(within(tableRow('attributes', 'active')).getByTestId(S.value));
    const panel = await screen.findByTestId(S.editPanel);
    const update = within(panel).getByTestId(S.editSubmit);
    expect(update).toBeDisabled();
    const checkbox = within(panel).getByTestId(V.boolean);
    expect(checkbox).toBeChecked();
    await user.click(checkbox);
    await user.click(update);
    await waitFor(() => expect(screen.queryByTestId(S.editPanel)).not.toBeInTheDocument());
    expect(api.saveAttributes).toHaveBeenCalledWith(DEVICE, 'SERVER_SCOPE', { active: false });
    await waitFor(() => expect(tableRow('attributes', 'active').textContent).toContain('false'));
  });

  it('deletes the selected attributes after confirmation, in one call', async () => {
    const { api } = fakeApi({ SERVER_SCOPE: { a: 1, b: 2, c: 3 } });
    const { user } = await renderTab(<AttributeTable kind="attributes" entityId={DEVICE} api={api} />);
    await waitFor(() => expect(keys()).toEqual(['a', 'b', 'c']));
    await user.click(within(tableRow('attributes', 'a')).getByTestId(T.rowCheckbox));
    await user.click(within(tableRow('attributes', 'c')).getByTestId(T.rowCheckbox));
    expect(screen.getByTestId(T.selectedCount)).toHaveTextContent('2 selected');
    await user.click(screen.getByTestId(T.groupAction('delete')));
    const confirm = await screen.findByTestId(T.confirmDialog);
    expect(confirm).toHaveTextContent('Are you sure you want to delete 2 attributes?');
    await user.click(within(confirm).getByTestId(T.confirmOk));
    await waitFor(() => expect(keys()).toEqual(['b']));
    expect(api.deleteAttributes).toHaveBeenCalledWith(DEVICE, 'SERVER_SCOPE', ['a', 'c']);
  });

  it('searches keys and pages in the browser, without calling the server again', async () => {
    const values = Object.fromEntries(
      Array.from({ length: 14 }, (_, i) => [`key${String(i).padStart(2, '0')}`, i]),
    );
    const { api } = fakeApi({ SERVER_SCOPE: { ...values, humidity: 40 } });
    const { user } = await renderTab(<AttributeTable kind="attributes" entityId={DEVICE} api={api} />);
    await waitFor(() => expect(keys()).toHaveLength(10));
    expect(screen.getByText('1–10 of 15')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(keys()).toEqual(['key09', 'key10', 'key11', 'key12', 'key13']));
    await user.click(screen.getByTestId(T.searchToggle));
    await user.type(screen.getByTestId(T.searchInput), 'HUM');
    await waitFor(() => expect(keys()).toEqual(['humidity']));
    expect(api.getAttributes).toHaveBeenCalledTimes(1);
    // Refresh reloads from the server.
    await user.click(screen.getByTestId(T.searchClose));
    await user.click(screen.getByTestId(T.refresh));
    await waitFor(() => expect(api.getAttributes).toHaveBeenCalledTimes(2));
  });
});

describe('AttributeTable: latest telemetry', () => {
  it('shows the latest values, refreshes on demand and deletes keys with all their data', async () => {
    const { api, post } = fakeApi({ TELEMETRY: { temperature: 21.5, humidity: 40 } });
    const { user } = await renderTab(<AttributeTable kind="telemetry" entityId={DEVICE} api={api} />);
    await waitFor(() => expect(keys('telemetry')).toEqual(['humidity', 'temperature']));
    expect(screen.getByTestId(T.title)).toHaveTextContent('Latest telemetry');
    expect(screen.queryByTestId(T.add)).not.toBeInTheDocument();
    expect(
      within(tableRow('telemetry', 'humidity')).queryByRole('button', { name: /Edit the value/ }),
    ).toBeNull();

    post('pressure', 1013);
    await user.click(screen.getByTestId(T.refresh));
    await waitFor(() => expect(keys('telemetry')).toEqual(['humidity', 'pressure', 'temperature']));

    await user.click(within(tableRow('telemetry', 'humidity')).getByTestId(T.rowCheckbox));
    await user.click(screen.getByTestId(T.groupAction('delete')));
    const confirm = await screen.findByTestId(T.confirmDialog);
    expect(confirm).toHaveTextContent('Are you sure you want to delete 1 time series?');
    await user.click(within(confirm).getByTestId(T.confirmOk));
    await waitFor(() => expect(keys('telemetry')).toEqual(['pressure', 'temperature']));
    expect(api.deleteTelemetry).toHaveBeenCalledWith(DEVICE, ['humidity']);
  });
});

describe('AttributeTable: live updates', () => {
  it('shows a telemetry value posted by the device without pressing Refresh', async () => {
    const { api } = fakeApi({ TELEMETRY: { temperature: 21.5 } });
    const source = fakeLive();
    const { unmount } = await renderTab(
      <AttributeTable kind="telemetry" entityId={DEVICE} api={{ ...api, live: source.live }} />,
    );
    await waitFor(() => expect(keys('telemetry')).toEqual(['temperature']));
    expect(source.active()).toEqual(['device-1 telemetry']);
    const later = T0 + 60_000;
    source.push({ temperature: [later, '22.75'], pressure: [later, '1013'] });
    await waitFor(() => expect(keys('telemetry')).toEqual(['pressure', 'temperature']));
    expect(tableRow('telemetry', 'temperature').textContent).toContain('22.75');
    expect(tableRow('telemetry', 'temperature').textContent).toContain('01/01/2024, 12:01:00 PM');
    // Served from the live values: the list was loaded once.
    expect(api.getLatestTelemetry).toHaveBeenCalledTimes(1);
    // An older point does not replace a newer one.
    source.push({ temperature: [later - 1, '0'] });
    expect(tableRow('telemetry', 'temperature').textContent).toContain('22.75');
    unmount();
    expect(source.active()).toEqual([]);
  });

  it('follows the chosen scope and keeps a live number a number when edited', async () => {
    const { api } = fakeApi({ CLIENT_SCOPE: { firmware: '1.0' }, SHARED_SCOPE: { level: 3 } });
    const source = fakeLive();
    const { user } = await renderTab(
      <AttributeTable
        kind="attributes"
        entityId={DEVICE}
        api={{ ...api, live: source.live }}
        scopes={DEVICE_ATTRIBUTE_SCOPES}
      />,
    );
    await waitFor(() => expect(keys()).toEqual(['firmware']));
    expect(source.active()).toEqual(['device-1 CLIENT_SCOPE']);
    source.push({ firmware: [T0 + 60_000, '1.1'] });
    await waitFor(() => expect(tableRow('attributes', '1.1')).toBeTruthy());

    await user.click(screen.getByTestId(S.scope));
    await user.click(screen.getByRole('option', { name: 'Shared attributes' }));
    await waitFor(() => expect(keys()).toEqual(['level']));
    expect(source.active()).toEqual(['device-1 SHARED_SCOPE']);
    source.push({ level: [T0 + 60_000, '4'] });
    await waitFor(() => expect(tableRow('attributes', 'level').textContent).toContain('4'));
    await user.click(within(tableRow('attributes', 'level')).getByTestId(S.value));
    const panel = await screen.findByTestId(S.editPanel);
    expect(within(panel).getByTestId(V.integer)).toHaveValue(4);
  });

  it('reloads the list when a new editable key arrives, so it gets its real type', async () => {
    const { api, store } = fakeApi({ SERVER_SCOPE: { a: 1 } });
    const source = fakeLive();
    await renderTab(
      <AttributeTable kind="attributes" entityId={DEVICE} api={{ ...api, live: source.live }} />,
    );
    await waitFor(() => expect(keys()).toEqual(['a']));
    store('SERVER_SCOPE').set('enabled', { key: 'enabled', value: true, lastUpdateTs: T0 + 60_000 });
    source.push({ enabled: [T0 + 60_000, 'true'] });
    await waitFor(() => expect(keys()).toEqual(['a', 'enabled']));
    expect(api.getAttributes).toHaveBeenCalledTimes(2);
  });

  it('does not bring back keys deleted in the table', async () => {
    const { api } = fakeApi({ TELEMETRY: { humidity: 40, temperature: 21.5 } });
    const source = fakeLive();
    const { user } = await renderTab(
      <AttributeTable kind="telemetry" entityId={DEVICE} api={{ ...api, live: source.live }} />,
    );
    await waitFor(() => expect(keys('telemetry')).toEqual(['humidity', 'temperature']));
    source.push({ humidity: [T0 + 60_000, '41'] });
    await waitFor(() => expect(tableRow('telemetry', 'humidity').textContent).toContain('41'));
    await user.click(within(tableRow('telemetry', 'humidity')).getByTestId(T.rowCheckbox));
    await user.click(screen.getByTestId(T.groupAction('delete')));
    await user.click(within(await screen.findByTestId(T.confirmDialog)).getByTestId(T.confirmOk));
    await waitFor(() => expect(keys('telemetry')).toEqual(['temperature']));
    await user.click(screen.getByTestId(T.refresh));
    await waitFor(() => expect(api.getLatestTelemetry).toHaveBeenCalledTimes(3));
    expect(keys('telemetry')).toEqual(['temperature']);
  });
});
