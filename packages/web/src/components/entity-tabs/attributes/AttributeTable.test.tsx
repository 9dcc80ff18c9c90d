import type { AttributeData, AttributeScope, EntityId, JsonValue } from '@meridian/common';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { selectors } from '../../../selectors';
import { entityTabsSelectors } from '../selectors';
import { renderTab, tableHeaders, tableRow, tableRows } from '../tab-test-utils';
import { AttributeTable } from './AttributeTable';
import { type AttributesTabApi, DEVICE_ATTRIBUTE_SCOPES } from './types';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const T = selectors.entityTable;
const S = entityTabsSelectors.attributes;
const V = entityTabsSelectors.valueInput;
const DEVICE: EntityId = { entityType: 'DEVICE', id: 'device-1' };
const T0 = new Date(2024, 0, 1, 12, 0, 0).getTime();

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
    expect(tableRow('attributes', 'temperature').textContent).toContain('2024-01-01 12:00:01');
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
