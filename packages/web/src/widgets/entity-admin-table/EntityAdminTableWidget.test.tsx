import type { Authority } from '@meridian/common';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dashboardRuntimeKeys } from '../../api/dashboard-runtime';
import { type WidgetActions, WidgetActionsContext } from '../../dashboard/actions/widget-actions-context';
import { type DashboardRuntime, DashboardRuntimeContext } from '../../dashboard/dashboard-runtime-context';
import { selectors } from '../../selectors';
import { createEntityBackend } from '../../test/fake-entities';
import * as reply from '../../test/fake-replies';
import { renderWithServices } from '../../test/render-widget';
import { widgetProps } from '../../test/widget-test-data';
import { widgetTableSelectors as table } from '../table-parts/selectors';
import type { WidgetProps } from '../widget-definition';
import { AssetAdminTableWidget, DeviceAdminTableWidget } from './EntityAdminTableWidgets';
import { entityAdminSelectors as s } from './selectors';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const DASHBOARD = 'dash-1';
/** An alias resolution the table's changes must make stale. */
const ALIAS_KEY = dashboardRuntimeKeys.alias(
  DASHBOARD,
  { id: 'devices', alias: 'Devices', filter: { type: 'entityType', entityType: 'DEVICE' } },
  {},
);

/** What the widget needs of an open dashboard: its id and whether the viewer is public. */
function runtime(readOnly: boolean): DashboardRuntime {
  return { dashboardId: DASHBOARD, readOnly } as DashboardRuntime;
}

const row = (entityType: 'DEVICE' | 'ASSET', id: string, name: string) => ({
  entity: { id: { entityType, id }, name, label: '' },
  latest: [],
  series: [],
});

const deviceRows = () =>
  widgetProps([], [row('DEVICE', 'device-t1', 'Thermostat T1'), row('DEVICE', 'device-a1', 'Device A1')]);

/** Renders the widget signed in (the console loads the user before any page shows). */
async function renderAdmin(
  props: WidgetProps,
  options: {
    readOnly?: boolean;
    authority?: Authority;
    actions?: WidgetActions;
    widget?: typeof DeviceAdminTableWidget;
    backend?: ReturnType<typeof createEntityBackend>;
  } = {},
) {
  const Widget = options.widget ?? DeviceAdminTableWidget;
  let ui = (
    <DashboardRuntimeContext.Provider value={runtime(options.readOnly === true)}>
      <Widget {...props} />
    </DashboardRuntimeContext.Provider>
  );
  if (options.actions) {
    ui = <WidgetActionsContext.Provider value={options.actions}>{ui}</WidgetActionsContext.Provider>;
  }
  const backend = options.backend ?? createEntityBackend();
  const view = renderWithServices(ui, backend, options.authority);
  view.services.queryClient.setQueryData(ALIAS_KEY, { kind: 'entities', entities: [] });
  await act(() => view.services.auth.reloadUser());
  expect(view.services.auth.getState().authUser?.authority).toBe(options.authority ?? 'TENANT_ADMIN');
  return { ...view, backend };
}

const aliasInvalidated = (view: Awaited<ReturnType<typeof renderAdmin>>) =>
  view.services.queryClient.getQueryState(ALIAS_KEY)?.isInvalidated === true;

const rowOf = (name: string) => {
  const found = screen.getAllByTestId(table.row).find((r) => within(r).queryByText(name));
  if (!found) throw new Error(`No row ${name}`);
  return found;
};

describe('DeviceAdminTableWidget', () => {
  it('lists the entities like the entities table, with add, edit and delete for a tenant administrator', async () => {
    await renderAdmin(deviceRows());
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Entity name',
      'Entity type',
      '',
    ]);
    expect(
      screen.getAllByTestId(table.row).map((r) => within(r).getAllByRole('cell')[0]?.textContent),
    ).toEqual(['Device A1', 'Thermostat T1']);
    expect(await screen.findByTestId(s.addButton)).toHaveAccessibleName('Add device');
    expect(within(rowOf('Device A1')).getByTestId(s.editButton)).toHaveAccessibleName('Edit device');
    expect(within(rowOf('Device A1')).getByTestId(s.deleteButton)).toHaveAccessibleName('Delete device');
  });

  it('adds a device with the default profile, then refreshes the dashboard’s aliases', async () => {
    const view = await renderAdmin(deviceRows());
    const { user, backend } = view;
    await user.click(await screen.findByTestId(s.addButton));
    const dialog = await screen.findByTestId(s.dialog);
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Add device');
    // The tenant's default profile is preselected; a name is all that is missing.
    await waitFor(() => expect(screen.getByTestId(s.deviceProfile)).toHaveValue('default'));
    expect(screen.getByTestId(s.submit)).toBeDisabled();
    await user.type(screen.getByTestId(s.name), 'Boiler');
    await user.type(screen.getByTestId(s.label), 'Basement');
    await user.click(screen.getByTestId(s.submit));
    await waitFor(() => expect(screen.queryByTestId(s.dialog)).not.toBeInTheDocument());
    const sent = backend.callsTo('POST', '/api/device')[0]?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      name: 'Boiler',
      label: 'Basement',
      type: 'default',
      deviceProfileId: { entityType: 'DEVICE_PROFILE', id: 'profile-default' },
    });
    expect(sent).not.toHaveProperty('id');
    expect(backend.store.devices.map((d) => d.name)).toContain('Boiler');
    expect(aliasInvalidated(view)).toBe(true);
  });

  it('keeps the dialog open with the server’s message when the name is taken', async () => {
    const view = await renderAdmin(deviceRows());
    const { user } = view;
    await user.click(await screen.findByTestId(s.addButton));
    await waitFor(() => expect(screen.getByTestId(s.deviceProfile)).toHaveValue('default'));
    await user.type(screen.getByTestId(s.name), 'Device A1');
    await user.click(screen.getByTestId(s.submit));
    expect(await screen.findByTestId(s.dialogError)).toHaveTextContent(
      'Device with such name already exists!',
    );
    expect(screen.getByTestId(s.dialog)).toBeInTheDocument();
    expect(aliasInvalidated(view)).toBe(false);
    await user.click(screen.getByTestId(s.cancel));
    await waitFor(() => expect(screen.queryByTestId(s.dialog)).not.toBeInTheDocument());
  });

  it('edits a device from the stored one: name, label and profile, keeping the rest', async () => {
    const view = await renderAdmin(deviceRows());
    const { user, backend } = view;
    const before = backend.store.devices.find((d) => d.id.id === 'device-a1');
    await user.click(within(rowOf('Device A1')).getByTestId(s.editButton));
    const dialog = await screen.findByTestId(s.dialog);
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Edit device');
    expect(screen.getByTestId(s.name)).toHaveValue('Device A1');
    expect(screen.getByTestId(s.deviceProfile)).toHaveValue('default');
    // Nothing changed yet: nothing to save.
    expect(screen.getByTestId(s.submit)).toBeDisabled();
    await user.clear(screen.getByTestId(s.name));
    await user.type(screen.getByTestId(s.name), 'Device A2');
    await user.click(screen.getByTestId(s.deviceProfile));
    await user.click(await screen.findByRole('option', { name: 'MQTT sensors' }));
    await user.click(screen.getByTestId(s.submit));
    await waitFor(() => expect(screen.queryByTestId(s.dialog)).not.toBeInTheDocument());
    const sent = backend.callsTo('POST', '/api/device')[0]?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      id: { entityType: 'DEVICE', id: 'device-a1' },
      name: 'Device A2',
      deviceProfileId: { entityType: 'DEVICE_PROFILE', id: 'profile-mqtt' },
      customerId: before?.customerId,
    });
    expect(backend.store.devices.find((d) => d.id.id === 'device-a1')?.name).toBe('Device A2');
    expect(aliasInvalidated(view)).toBe(true);
  });

  it('deletes a device after the confirm dialog, and nothing when it is cancelled', async () => {
    const view = await renderAdmin(deviceRows());
    const { user, backend } = view;
    await user.click(within(rowOf('Thermostat T1')).getByTestId(s.deleteButton));
    const confirm = await screen.findByTestId(selectors.entityTable.confirmDialog);
    expect(confirm).toHaveTextContent('Delete the device “Thermostat T1”?');
    await user.click(screen.getByTestId(selectors.entityTable.confirmCancel));
    expect(backend.callsTo('DELETE', '/api/device/device-t1')).toHaveLength(0);

    await user.click(within(rowOf('Thermostat T1')).getByTestId(s.deleteButton));
    await user.click(await screen.findByTestId(selectors.entityTable.confirmOk));
    await waitFor(() => expect(backend.callsTo('DELETE', '/api/device/device-t1')).toHaveLength(1));
    expect(backend.store.devices.map((d) => d.id.id)).not.toContain('device-t1');
    await waitFor(() => expect(aliasInvalidated(view)).toBe(true));
  });

  it('offers no admin buttons to a customer user', async () => {
    await renderAdmin(deviceRows(), { authority: 'CUSTOMER_USER' });
    expect(screen.getAllByTestId(table.row)).toHaveLength(2);
    expect(screen.queryByTestId(s.addButton)).not.toBeInTheDocument();
    expect(screen.queryByTestId(s.editButton)).not.toBeInTheDocument();
    expect(screen.queryByTestId(s.deleteButton)).not.toBeInTheDocument();
  });

  it('offers no admin buttons in a public read-only viewer, even to a tenant administrator', async () => {
    await renderAdmin(deviceRows(), { readOnly: true });
    expect(screen.getAllByTestId(table.row)).toHaveLength(2);
    expect(screen.queryByTestId(s.addButton)).not.toBeInTheDocument();
    expect(screen.queryByTestId(s.editButton)).not.toBeInTheDocument();
    expect(screen.queryByTestId(s.deleteButton)).not.toBeInTheDocument();
  });

  it('runs its other configured action cell buttons as the entities table does', async () => {
    const details = { name: 'Details', icon: 'insert_chart', type: 'openDashboardState' as const };
    const run = vi.fn();
    const actions: WidgetActions = {
      of: (source) => (source === 'actionCellButton' ? [details] : []),
      run,
    };
    const { user } = await renderAdmin(deviceRows(), { actions });
    await user.click(within(rowOf('Device A1')).getByRole('button', { name: 'Details' }));
    expect(run).toHaveBeenCalledWith(
      details,
      expect.objectContaining({ entityName: 'Device A1' }),
      expect.any(HTMLElement),
    );
    expect(within(rowOf('Device A1')).getByTestId(s.editButton)).toBeInTheDocument();
  });
});

describe('AssetAdminTableWidget', () => {
  const assetRows = () => widgetProps([], [row('ASSET', 'asset-2', 'Building 2')]);

  it('adds an asset with its type, and edits and deletes only assets', async () => {
    const props = assetRows();
    props.data[0]?.entities.push(row('DEVICE', 'device-t1', 'Thermostat T1'));
    const view = await renderAdmin(props, { widget: AssetAdminTableWidget });
    const { user, backend } = view;
    expect(within(rowOf('Thermostat T1')).queryByTestId(s.editButton)).not.toBeInTheDocument();

    await user.click(await screen.findByTestId(s.addButton));
    expect(within(await screen.findByTestId(s.dialog)).getByRole('heading')).toHaveTextContent('Add asset');
    await user.type(screen.getByTestId(s.name), 'Warehouse');
    await user.type(screen.getByTestId(s.assetType), 'depot');
    await user.click(screen.getByTestId(s.submit));
    await waitFor(() => expect(screen.queryByTestId(s.dialog)).not.toBeInTheDocument());
    expect(backend.callsTo('POST', '/api/asset')[0]?.body).toMatchObject({
      name: 'Warehouse',
      type: 'depot',
    });
    expect(aliasInvalidated(view)).toBe(true);

    await user.click(within(rowOf('Building 2')).getByTestId(s.editButton));
    await waitFor(() => expect(screen.getByTestId(s.assetType)).toHaveValue('building'));
    await user.type(screen.getByTestId(s.label), 'North');
    await user.click(screen.getByTestId(s.submit));
    await waitFor(() => expect(screen.queryByTestId(s.dialog)).not.toBeInTheDocument());
    expect(backend.store.assets.find((a) => a.id.id === 'asset-2')?.label).toBe('North');

    await user.click(within(rowOf('Building 2')).getByTestId(s.deleteButton));
    expect(await screen.findByTestId(selectors.entityTable.confirmDialog)).toHaveTextContent(
      'Delete the asset “Building 2”?',
    );
    await user.click(screen.getByTestId(selectors.entityTable.confirmOk));
    await waitFor(() => expect(backend.store.assets.map((a) => a.id.id)).not.toContain('asset-2'));
  });

  it('shows a refused save in the dialog', async () => {
    const backend = createEntityBackend(undefined, {
      'POST /api/asset': () => reply.badRequest('Asset with such name already exists!'),
    });
    const { user } = await renderAdmin(assetRows(), { widget: AssetAdminTableWidget, backend });
    await user.click(await screen.findByTestId(s.addButton));
    await user.type(await screen.findByTestId(s.name), 'Building 1');
    await user.type(screen.getByTestId(s.assetType), 'building');
    await user.click(screen.getByTestId(s.submit));
    expect(await screen.findByTestId(s.dialogError)).toHaveTextContent(
      'Asset with such name already exists!',
    );
  });
});
