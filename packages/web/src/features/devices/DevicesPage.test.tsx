import type { DeviceCredentials, DeviceInfo } from '@meridian/common';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { selectors } from '../../selectors';
import { createEntityBackend } from '../../test/fake-entities';
import { renderApp } from '../../test/render-app';

// Whole-console page tests: generous time when the machine is busy.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const TENANT = 'tenant@meridian.test';
const CUSTOMER = 'customer@meridian.test';

async function openDevices(path = '/devices', who = TENANT, backend = createEntityBackend()) {
  const app = renderApp({ path, signedInAs: who, backend });
  await screen.findAllByTestId(selectors.entityTable.row, {}, { timeout: 10_000 });
  return app;
}

/** The table row showing `name` (also while a drawer or dialog hides the table from the a11y tree). */
function row(name: string): HTMLElement {
  const cell = screen.getByRole('cell', { name, hidden: true });
  const tr = cell.closest('tr');
  if (!tr) {
    throw new Error(`no row ${name}`);
  }
  return tr;
}

/** The Name column of every row, top to bottom. */
function rowNames(): string[] {
  const headers = screen.getAllByRole('columnheader', { hidden: true }).map((cell) => cell.textContent);
  const column = headers.indexOf('Name');
  return screen
    .getAllByTestId(selectors.entityTable.row)
    .map((tr) => within(tr).getAllByRole('cell', { hidden: true })[column]?.textContent ?? '');
}

describe('DevicesPage as tenant administrator', () => {
  it('lists the tenant devices with customer and public columns, newest first', async () => {
    const { backend } = await openDevices();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers.slice(1, 8)).toEqual([
      'Created time',
      'Name',
      'Device profile',
      'Label',
      'Customer',
      'Public',
      'Is gateway',
    ]);
    expect(rowNames()).toEqual(['Public sensor', 'Thermostat T1', 'Device B1', 'Device A1']);
    const call = backend.callsTo('GET', '/api/tenant/deviceInfos')[0];
    expect(call?.query.get('sortProperty')).toBe('createdTime');
    expect(call?.query.get('sortOrder')).toBe('DESC');
    expect(call?.query.get('pageSize')).toBe('10');
    expect(within(row('Device A1')).getByRole('cell', { name: 'Customer A' })).toBeInTheDocument();
    expect(within(row('Public sensor')).getAllByLabelText('Yes')).toHaveLength(1);
  });

  it('filters by device profile', async () => {
    const { user, backend } = await openDevices();
    await user.click(screen.getByTestId(selectors.devices.profileFilter));
    await user.click(await screen.findByRole('option', { name: 'MQTT sensors' }));
    await waitFor(() => expect(rowNames()).toEqual(['Device B1']));
    const last = backend.callsTo('GET', '/api/tenant/deviceInfos').at(-1);
    expect(last?.query.get('deviceProfileId')).toBe('profile-mqtt');
    expect(last?.query.get('page')).toBe('0');
  });

  it('edits a device in the details drawer and sends the device without list-only fields', async () => {
    const { user, backend } = await openDevices();
    await user.click(screen.getByRole('cell', { name: 'Thermostat T1' }));
    const drawer = await screen.findByTestId(selectors.entityTable.details);
    expect(within(drawer).getByTestId(selectors.entityTable.detailsTitle)).toHaveTextContent('Thermostat T1');
    expect(within(drawer).getByTestId(selectors.devices.name)).toBeDisabled();
    await user.click(within(drawer).getByTestId(selectors.entityTable.editToggle));
    await user.type(within(drawer).getByTestId(selectors.devices.label), 'Hall');
    await user.click(within(drawer).getByTestId(selectors.devices.gateway));
    await user.click(within(drawer).getByTestId(selectors.entityTable.apply));
    await waitFor(() => expect(backend.callsTo('POST', '/api/device')).toHaveLength(1));
    const sent = backend.callsTo('POST', '/api/device')[0]?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      id: { entityType: 'DEVICE', id: 'device-t1' },
      name: 'Thermostat T1',
      label: 'Hall',
      deviceProfileId: { entityType: 'DEVICE_PROFILE', id: 'profile-default' },
      additionalInfo: { gateway: true, overwriteActivityTime: false, description: '' },
      deviceData: { configuration: { type: 'DEFAULT' }, transportConfiguration: { type: 'DEFAULT' } },
    });
    expect(sent).not.toHaveProperty('customerTitle');
    expect(sent).not.toHaveProperty('deviceProfileName');
    await waitFor(() =>
      expect(
        within(row('Thermostat T1')).getByRole('cell', { name: 'Hall', hidden: true }),
      ).toBeInTheDocument(),
    );
    expect(within(drawer).queryByTestId(selectors.entityTable.apply)).not.toBeInTheDocument();
  });

  it('declining an edit restores the stored values and sends nothing', async () => {
    const { user, backend } = await openDevices();
    await user.click(screen.getByRole('cell', { name: 'Thermostat T1' }));
    const drawer = await screen.findByTestId(selectors.entityTable.details);
    await user.click(within(drawer).getByTestId(selectors.entityTable.editToggle));
    await user.clear(within(drawer).getByTestId(selectors.devices.name));
    expect(within(drawer).getByTestId(selectors.entityTable.apply)).toBeDisabled();
    expect(await within(drawer).findByText('Device name is required.')).toBeInTheDocument();
    await user.click(within(drawer).getByTestId(selectors.entityTable.decline));
    expect(within(drawer).getByTestId(selectors.devices.name)).toHaveValue('Thermostat T1');
    expect(backend.callsTo('POST', '/api/device')).toHaveLength(0);
  });

  it('manages credentials: MQTT basic needs a client id or user name, then saves the JSON value', async () => {
    const { user, backend } = await openDevices();
    await user.click(
      within(row('Thermostat T1')).getByTestId(selectors.entityTable.rowAction('manageCredentials')),
    );
    const dialog = await screen.findByTestId(selectors.credentials.dialog);
    expect(await within(dialog).findByTestId(selectors.credentials.accessToken)).toHaveValue(
      'DEVICE-T1_TOKEN',
    );
    await user.click(within(dialog).getByTestId(selectors.credentials.type));
    await user.click(await screen.findByTestId(selectors.credentials.typeOption('MQTT_BASIC')));
    await user.type(within(dialog).getByTestId(selectors.credentials.password), 'secret');
    expect(await within(dialog).findByText('Enter a client ID, a user name or both.')).toBeInTheDocument();
    expect(within(dialog).getByTestId(selectors.credentials.save)).toBeDisabled();
    await user.type(within(dialog).getByTestId(selectors.credentials.clientId), 'client-7');
    await user.type(within(dialog).getByTestId(selectors.credentials.userName), 'thermo');
    await waitFor(() => expect(within(dialog).getByTestId(selectors.credentials.save)).toBeEnabled());
    await user.click(within(dialog).getByTestId(selectors.credentials.save));
    await waitFor(() => expect(backend.callsTo('POST', '/api/device/credentials')).toHaveLength(1));
    const sent = backend.callsTo('POST', '/api/device/credentials')[0]?.body as DeviceCredentials;
    expect(sent).toMatchObject({
      id: { id: 'cred-device-t1' },
      deviceId: { entityType: 'DEVICE', id: 'device-t1' },
      credentialsType: 'MQTT_BASIC',
      credentialsId: null,
    });
    expect(JSON.parse(sent.credentialsValue ?? '')).toEqual({
      clientId: 'client-7',
      userName: 'thermo',
      password: 'secret',
    });
    await waitFor(() => expect(screen.queryByTestId(selectors.credentials.dialog)).not.toBeInTheDocument());
  });

  it('offers only the credential types of the profile transport', async () => {
    const { user } = await openDevices();
    await user.click(
      within(row('Device B1')).getByTestId(selectors.entityTable.rowAction('manageCredentials')),
    );
    const dialog = await screen.findByTestId(selectors.credentials.dialog);
    await user.click(await within(dialog).findByTestId(selectors.credentials.type));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Access token', 'X.509', 'MQTT Basic']);
  });

  it('assigns an unassigned device to a customer; the public customer is not offered', async () => {
    const { user, backend } = await openDevices();
    expect(
      within(row('Device A1')).queryByTestId(selectors.entityTable.rowAction('assignToCustomer')),
    ).not.toBeInTheDocument();
    await user.click(
      within(row('Thermostat T1')).getByTestId(selectors.entityTable.rowAction('assignToCustomer')),
    );
    const dialog = await screen.findByTestId(selectors.assignDialog.root);
    await user.click(within(dialog).getByTestId(selectors.assignDialog.customer));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Customer A', 'Customer B']);
    await user.click(screen.getByRole('option', { name: 'Customer B' }));
    await user.click(within(dialog).getByTestId(selectors.assignDialog.submit));
    await waitFor(() =>
      expect(backend.callsTo('POST', '/api/customer/customer-2/device/device-t1')).toHaveLength(1),
    );
    await waitFor(() =>
      expect(
        within(row('Thermostat T1')).getByRole('cell', { name: 'Customer B', hidden: true }),
      ).toBeInTheDocument(),
    );
  });

  it('makes a device public after confirmation, and private again', async () => {
    const { user, backend } = await openDevices();
    await user.click(within(row('Thermostat T1')).getByTestId(selectors.entityTable.rowAction('makePublic')));
    const confirm = await screen.findByTestId(selectors.entityTable.confirmDialog);
    expect(confirm).toHaveTextContent('Make the device “Thermostat T1” public?');
    await user.click(within(confirm).getByTestId(selectors.entityTable.confirmOk));
    await waitFor(() =>
      expect(backend.callsTo('POST', '/api/customer/public/device/device-t1')).toHaveLength(1),
    );
    await user.click(
      await within(row('Thermostat T1')).findByTestId(selectors.entityTable.rowAction('makePrivate')),
    );
    await user.click(
      within(await screen.findByTestId(selectors.entityTable.confirmDialog)).getByTestId(
        selectors.entityTable.confirmOk,
      ),
    );
    await waitFor(() => expect(backend.callsTo('DELETE', '/api/customer/device/device-t1')).toHaveLength(1));
  });

  it('cancelling a confirmation changes nothing', async () => {
    const { user, backend } = await openDevices();
    await user.click(
      within(row('Device A1')).getByTestId(selectors.entityTable.rowAction('unassignFromCustomer')),
    );
    await user.click(
      within(await screen.findByTestId(selectors.entityTable.confirmDialog)).getByTestId(
        selectors.entityTable.confirmCancel,
      ),
    );
    expect(backend.callsTo('DELETE', '/api/customer/device/device-a1')).toHaveLength(0);
  });

  it('deletes the selected devices after one confirmation', async () => {
    const { user, backend } = await openDevices();
    await user.click(within(row('Device A1')).getByTestId(selectors.entityTable.rowCheckbox));
    await user.click(within(row('Device B1')).getByTestId(selectors.entityTable.rowCheckbox));
    expect(screen.getByTestId(selectors.entityTable.selectedCount)).toHaveTextContent('2 selected');
    await user.click(screen.getByTestId(selectors.entityTable.groupAction('delete')));
    const confirm = await screen.findByTestId(selectors.entityTable.confirmDialog);
    expect(confirm).toHaveTextContent('Delete 2 devices?');
    await user.click(within(confirm).getByTestId(selectors.entityTable.confirmOk));
    await waitFor(() => expect(rowNames()).toEqual(['Public sensor', 'Thermostat T1']));
    expect(backend.callsTo('DELETE', '/api/device/device-a1')).toHaveLength(1);
    expect(backend.callsTo('DELETE', '/api/device/device-b1')).toHaveLength(1);
    expect(screen.queryByTestId(selectors.entityTable.selectionToolbar)).not.toBeInTheDocument();
  });

  it('reports the devices a bulk delete failed for, and deletes the others', async () => {
    const backend = createEntityBackend(undefined, {
      'DELETE /api/device/device-b1': () => ({
        status: 403,
        body: { status: 403, errorCode: 20, message: 'You do not have permission', timestamp: 0 },
      }),
    });
    const { user } = await openDevices('/devices', TENANT, backend);
    await user.click(within(row('Device A1')).getByTestId(selectors.entityTable.rowCheckbox));
    await user.click(within(row('Device B1')).getByTestId(selectors.entityTable.rowCheckbox));
    await user.click(screen.getByTestId(selectors.entityTable.groupAction('delete')));
    await user.click(
      within(await screen.findByTestId(selectors.entityTable.confirmDialog)).getByTestId(
        selectors.entityTable.confirmOk,
      ),
    );
    expect(await screen.findByTestId(selectors.entityTable.bulkReport)).toHaveTextContent(
      'Deleted 1 of 2. Not deleted: Device B1 (You do not have permission)',
    );
    await waitFor(() => expect(rowNames()).not.toContain('Device A1'));
    expect(rowNames()).toContain('Device B1');
  });

  it('adds a device with the wizard: default profile, access token and a customer', async () => {
    const backend = createEntityBackend();
    const { user } = await openDevices('/devices', TENANT, backend);
    await user.click(screen.getByTestId(selectors.entityTable.add));
    await user.click(await screen.findByTestId(selectors.entityTable.addMenuItem('addDevice')));
    const wizard = await screen.findByTestId(selectors.deviceWizard.dialog);
    await user.type(within(wizard).getByTestId(selectors.deviceWizard.name), 'Boiler 9');
    await waitFor(() =>
      expect(within(wizard).getByTestId(selectors.deviceWizard.deviceProfile)).toHaveValue('default'),
    );
    await user.click(within(wizard).getByTestId(selectors.deviceWizard.next));
    await user.click(within(wizard).getByTestId(selectors.deviceWizard.addCredentials));
    await user.type(within(wizard).getByTestId(selectors.credentials.accessToken), 'BOILER_9_TOKEN');
    await user.click(within(wizard).getByTestId(selectors.deviceWizard.next));
    await user.click(within(wizard).getByTestId(selectors.deviceWizard.customer));
    await user.click(await screen.findByRole('option', { name: 'Customer A' }));
    await user.click(within(wizard).getByTestId(selectors.deviceWizard.add));
    await waitFor(() => expect(backend.callsTo('POST', '/api/device-with-credentials')).toHaveLength(1));
    expect(backend.callsTo('POST', '/api/device-with-credentials')[0]?.body).toEqual({
      device: {
        name: 'Boiler 9',
        label: null,
        type: 'default',
        deviceProfileId: { entityType: 'DEVICE_PROFILE', id: 'profile-default' },
        deviceData: { configuration: { type: 'DEFAULT' }, transportConfiguration: { type: 'DEFAULT' } },
        additionalInfo: { gateway: false, overwriteActivityTime: false, description: '' },
      },
      credentials: {
        credentialsType: 'ACCESS_TOKEN',
        credentialsId: 'BOILER_9_TOKEN',
        credentialsValue: null,
      },
    });
    const created = backend.store.devices.find((d: DeviceInfo) => d.name === 'Boiler 9');
    await waitFor(() =>
      expect(backend.callsTo('POST', `/api/customer/customer-1/device/${created?.id.id}`)).toHaveLength(1),
    );
    await waitFor(() => expect(screen.queryByTestId(selectors.deviceWizard.dialog)).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: 'Boiler 9' })).toBeInTheDocument();
  });

  it('the wizard can create a new MQTT profile for the device', async () => {
    const { user, backend } = await openDevices();
    await user.click(screen.getByTestId(selectors.entityTable.add));
    await user.click(await screen.findByTestId(selectors.entityTable.addMenuItem('addDevice')));
    const wizard = await screen.findByTestId(selectors.deviceWizard.dialog);
    await user.type(within(wizard).getByTestId(selectors.deviceWizard.name), 'Meter 1');
    await user.click(within(wizard).getByTestId(selectors.deviceWizard.newProfile));
    await user.click(within(wizard).getByTestId(selectors.deviceWizard.next));
    expect(await within(wizard).findByText('Device profile name is required.')).toBeInTheDocument();
    await user.type(within(wizard).getByTestId(selectors.deviceWizard.newProfileName), 'Meters');
    await user.click(within(wizard).getByTestId(selectors.deviceWizard.next));
    await user.click(within(wizard).getByTestId('transport-type'));
    await user.click(await screen.findByRole('option', { name: 'MQTT' }));
    expect(within(wizard).getByTestId('transport-mqtt-telemetry-topic')).toHaveValue(
      'v1/devices/me/telemetry',
    );
    await user.click(within(wizard).getByTestId(selectors.deviceWizard.add));
    await waitFor(() => expect(backend.callsTo('POST', '/api/device')).toHaveLength(1));
    const profile = backend.callsTo('POST', '/api/deviceProfile')[0]?.body as Record<string, unknown>;
    expect(profile).toMatchObject({
      name: 'Meters',
      transportType: 'MQTT',
      provisionType: 'DISABLED',
      profileData: {
        transportConfiguration: {
          type: 'MQTT',
          deviceTelemetryTopic: 'v1/devices/me/telemetry',
          deviceAttributesTopic: 'v1/devices/me/attributes',
          transportPayloadTypeConfiguration: { transportPayloadType: 'JSON' },
        },
      },
    });
    const device = backend.callsTo('POST', '/api/device')[0]?.body as Record<string, unknown>;
    expect(device).toMatchObject({
      name: 'Meter 1',
      type: 'Meters',
      deviceData: { transportConfiguration: { type: 'MQTT' } },
    });
  });
});

describe('DevicesPage as customer user', () => {
  it('lists only the own customer devices, read-only, with View credentials', async () => {
    const { user, backend } = await openDevices('/devices', CUSTOMER);
    expect(rowNames()).toEqual(['Device A1']);
    expect(backend.callsTo('GET', '/api/customer/customer-1/deviceInfos')).toHaveLength(1);
    expect(backend.callsTo('GET', '/api/tenant/deviceInfos')).toHaveLength(0);
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).not.toContain('Customer');
    expect(screen.queryByTestId(selectors.entityTable.add)).not.toBeInTheDocument();
    expect(screen.queryByTestId(selectors.entityTable.rowCheckbox)).not.toBeInTheDocument();
    expect(
      within(row('Device A1')).queryByTestId(selectors.entityTable.rowAction('delete')),
    ).not.toBeInTheDocument();
    await user.click(
      within(row('Device A1')).getByTestId(selectors.entityTable.rowAction('viewCredentials')),
    );
    const dialog = await screen.findByTestId(selectors.credentials.dialog);
    expect(await within(dialog).findByTestId(selectors.credentials.accessToken)).toBeDisabled();
    expect(within(dialog).queryByTestId(selectors.credentials.save)).not.toBeInTheDocument();
    await user.click(within(dialog).getByTestId(selectors.credentials.cancel));
    await user.click(screen.getByRole('cell', { name: 'Device A1' }));
    const drawer = await screen.findByTestId(selectors.entityTable.details);
    expect(within(drawer).queryByTestId(selectors.entityTable.editToggle)).not.toBeInTheDocument();
    expect(within(drawer).queryByTestId(selectors.entityTable.detailsDelete)).not.toBeInTheDocument();
  });
});

describe('Customer devices', () => {
  it('shows one customer devices to the tenant administrator with assign and unassign', async () => {
    const { user, backend } = await openDevices('/customers/customer-1/devices');
    expect(await screen.findByTestId(selectors.entityTable.title)).toHaveTextContent('Customer A: Devices');
    expect(rowNames()).toEqual(['Device A1']);
    await user.click(screen.getByTestId(selectors.entityTable.add));
    const dialog = await screen.findByTestId(selectors.assignDialog.root);
    await user.click(within(dialog).getByTestId(selectors.assignDialog.entities));
    await user.click(await screen.findByRole('option', { name: 'Thermostat T1' }));
    await user.click(within(dialog).getByTestId(selectors.assignDialog.submit));
    await waitFor(() =>
      expect(backend.callsTo('POST', '/api/customer/customer-1/device/device-t1')).toHaveLength(1),
    );
    await waitFor(() => expect(rowNames()).toEqual(['Thermostat T1', 'Device A1']));
    expect(
      within(row('Device A1')).queryByTestId(selectors.entityTable.rowAction('delete')),
    ).not.toBeInTheDocument();
    await user.click(within(row('Device A1')).getByTestId(selectors.entityTable.rowCheckbox));
    await user.click(screen.getByTestId(selectors.entityTable.groupAction('unassignDevices')));
    await user.click(
      within(await screen.findByTestId(selectors.entityTable.confirmDialog)).getByTestId(
        selectors.entityTable.confirmOk,
      ),
    );
    await waitFor(() => expect(rowNames()).toEqual(['Thermostat T1']));
  });
});
