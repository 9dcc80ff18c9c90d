import type { DeviceProfile } from '@meridian/common';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { selectors } from '../../selectors';
import { createEntityBackend } from '../../test/fake-entities';
import { renderApp } from '../../test/render-app';

// Whole-console page tests: generous time when the machine is busy.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const TENANT = 'tenant@meridian.test';

async function openProfiles(path = '/deviceProfiles', backend = createEntityBackend()) {
  const app = renderApp({ path, signedInAs: TENANT, backend });
  await screen.findAllByTestId(selectors.entityTable.row, {}, { timeout: 5000 });
  return app;
}

function row(name: string): HTMLElement {
  const tr = screen.getByRole('cell', { name, hidden: true }).closest('tr');
  if (!tr) {
    throw new Error(`no row for ${name}`);
  }
  return tr;
}

describe('DeviceProfilesPage', () => {
  it('lists profiles with type, transport and default columns; the default one is protected', async () => {
    await openProfiles();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers.slice(1, 7)).toEqual([
      'Created time',
      'Name',
      'Profile type',
      'Transport type',
      'Description',
      'Default',
    ]);
    expect(within(row('MQTT sensors')).getByRole('cell', { name: 'MQTT' })).toBeInTheDocument();
    expect(within(row('default')).getByTestId(selectors.entityTable.rowCheckbox)).toBeDisabled();
    expect(
      within(row('default')).queryByTestId(selectors.entityTable.rowAction('delete')),
    ).not.toBeInTheDocument();
    expect(
      within(row('default')).queryByTestId(selectors.entityTable.rowAction('makeDefault')),
    ).not.toBeInTheDocument();
    expect(
      within(row('MQTT sensors')).getByTestId(selectors.entityTable.rowAction('delete')),
    ).toBeInTheDocument();
  });

  it('sorts the Default column by isDefault', async () => {
    const { user, backend } = await openProfiles();
    await user.click(screen.getByTestId(selectors.entityTable.sortHeader('isDefault')));
    await waitFor(() =>
      expect(backend.callsTo('GET', '/api/deviceProfiles').at(-1)?.query.get('sortProperty')).toBe(
        'isDefault',
      ),
    );
  });

  it('makes another profile the default after confirmation', async () => {
    const { user, backend } = await openProfiles();
    await user.click(within(row('MQTT sensors')).getByTestId(selectors.entityTable.rowAction('makeDefault')));
    const confirm = await screen.findByTestId(selectors.entityTable.confirmDialog);
    expect(confirm).toHaveTextContent('Make the device profile “MQTT sensors” the default?');
    await user.click(within(confirm).getByTestId(selectors.entityTable.confirmOk));
    await waitFor(() =>
      expect(backend.callsTo('POST', '/api/deviceProfile/profile-mqtt/default')).toHaveLength(1),
    );
    await waitFor(() =>
      expect(
        within(row('default')).getByTestId(selectors.entityTable.rowAction('makeDefault')),
      ).toBeInTheDocument(),
    );
  });

  it('creates a profile with the wizard: MQTT with Protobuf and provisioning', async () => {
    const { user, backend } = await openProfiles();
    await user.click(screen.getByTestId(selectors.entityTable.add));
    await user.click(await screen.findByTestId(selectors.entityTable.addMenuItem('create')));
    const wizard = await screen.findByTestId(selectors.deviceProfiles.wizard);
    await user.click(within(wizard).getByTestId(selectors.deviceProfiles.wizardNext));
    expect(await within(wizard).findByText('Device profile name is required.')).toBeInTheDocument();
    await user.type(within(wizard).getByTestId(selectors.deviceProfiles.name), 'Trackers');
    await user.click(within(wizard).getByTestId(selectors.deviceProfiles.wizardNext));
    await user.click(within(wizard).getByTestId('transport-type'));
    await user.click(await screen.findByRole('option', { name: 'MQTT' }));
    await user.clear(within(wizard).getByTestId('transport-mqtt-telemetry-topic'));
    await user.type(within(wizard).getByTestId('transport-mqtt-telemetry-topic'), 'trackers/+/telemetry');
    await user.click(within(wizard).getByTestId('transport-payload-type'));
    await user.click(await screen.findByRole('option', { name: 'Protobuf' }));
    await user.click(within(wizard).getByTestId(selectors.deviceProfiles.wizardNext));
    // The alarm rules step: none for this profile.
    await user.click(within(wizard).getByTestId(selectors.deviceProfiles.wizardNext));
    await user.click(within(wizard).getByTestId('provision-strategy'));
    await user.click(await screen.findByRole('option', { name: 'Allow to create new devices' }));
    await waitFor(() => expect(within(wizard).getByTestId('provision-device-key')).not.toHaveValue(''));
    const key = (within(wizard).getByTestId('provision-device-key') as HTMLInputElement).value;
    expect(key).toMatch(/^[A-Za-z0-9]{20}$/);
    await user.click(within(wizard).getByTestId(selectors.deviceProfiles.wizardAdd));
    await waitFor(() => expect(backend.callsTo('POST', '/api/deviceProfile')).toHaveLength(1));
    const sent = backend.callsTo('POST', '/api/deviceProfile')[0]?.body as DeviceProfile;
    expect(sent).toMatchObject({
      name: 'Trackers',
      type: 'DEFAULT',
      transportType: 'MQTT',
      provisionType: 'ALLOW_CREATE_NEW_DEVICES',
      provisionDeviceKey: key,
      description: null,
      defaultDashboardId: null,
      profileData: {
        configuration: { type: 'DEFAULT' },
        transportConfiguration: {
          type: 'MQTT',
          deviceTelemetryTopic: 'trackers/+/telemetry',
          deviceAttributesTopic: 'v1/devices/me/attributes',
          transportPayloadTypeConfiguration: {
            transportPayloadType: 'PROTOBUF',
            enableCompatibilityWithJsonPayloadFormat: false,
            useJsonPayloadFormatForDefaultDownlinkTopics: false,
          },
        },
        provisionConfiguration: { type: 'ALLOW_CREATE_NEW_DEVICES', provisionDeviceKey: key },
        alarms: null,
      },
    });
    const transport = sent.profileData.transportConfiguration as unknown as {
      transportPayloadTypeConfiguration: Record<string, string>;
    };
    const payload = transport.transportPayloadTypeConfiguration;
    expect(payload.deviceTelemetryProtoSchema).toContain('syntax = "proto3";');
    expect(sent.profileData.provisionConfiguration.provisionDeviceSecret).toMatch(/^[A-Za-z0-9]{20}$/);
    await waitFor(() =>
      expect(screen.queryByTestId(selectors.deviceProfiles.wizard)).not.toBeInTheDocument(),
    );
    expect(await screen.findByRole('cell', { name: 'Trackers' })).toBeInTheDocument();
  });

  it('edits the transport configuration with the tabs visible while editing, keeping alarm rules', async () => {
    const backend = createEntityBackend();
    const mqtt = backend.store.profiles.find((p) => p.id.id === 'profile-mqtt') as DeviceProfile;
    mqtt.profileData.alarms = [
      {
        id: 'a1',
        alarmType: 'High temperature',
        createRules: {},
        clearRule: null,
        propagate: false,
        propagateToOwner: false,
        propagateToTenant: false,
        propagateRelationTypes: null,
      },
    ] as unknown as DeviceProfile['profileData']['alarms'];
    const { user } = await openProfiles('/deviceProfiles', backend);
    await user.click(screen.getByRole('cell', { name: 'MQTT sensors' }));
    const drawer = await screen.findByTestId(selectors.entityTable.details);
    await user.click(within(drawer).getByTestId(selectors.entityTable.editToggle));
    await user.click(within(drawer).getByTestId(selectors.entityTable.detailsTab('transport')));
    const topic = within(drawer).getByTestId('transport-mqtt-attributes-topic');
    await user.clear(topic);
    expect(await within(drawer).findByText('Attributes topic filter is required.')).toBeInTheDocument();
    await user.type(topic, 'sensors/attributes');
    await user.click(within(drawer).getByTestId(selectors.entityTable.detailsTab('provisioning')));
    expect(within(drawer).getByTestId(selectors.entityTable.detailsTab('transport'))).toBeInTheDocument();
    await user.click(within(drawer).getByTestId(selectors.entityTable.apply));
    await waitFor(() => expect(backend.callsTo('POST', '/api/deviceProfile')).toHaveLength(1));
    expect(backend.callsTo('POST', '/api/deviceProfile')[0]?.body).toMatchObject({
      id: { entityType: 'DEVICE_PROFILE', id: 'profile-mqtt' },
      name: 'MQTT sensors',
      profileData: {
        transportConfiguration: { type: 'MQTT', deviceAttributesTopic: 'sensors/attributes' },
        alarms: [{ id: 'a1', alarmType: 'High temperature' }],
      },
    });
  });

  it('exports a profile as JSON without its id, and rejects an import that is not a profile', async () => {
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:profile';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    // jsdom's Blob has no text(); files in the test carry their content.
    const file = (content: string, name: string) =>
      Object.assign(new File([content], name), { text: async () => content });
    const blobText = (blob: Blob) =>
      new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blob);
      });
    const { user, backend } = await openProfiles();
    await user.click(within(row('MQTT sensors')).getByTestId(selectors.entityTable.rowAction('export')));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(clicked).toHaveBeenCalledTimes(1);
    const exported = JSON.parse(await blobText(created[0] as Blob)) as Record<string, unknown>;
    expect(exported).toMatchObject({ name: 'MQTT sensors', transportType: 'MQTT' });
    expect(exported).not.toHaveProperty('id');
    expect(exported).not.toHaveProperty('tenantId');

    const input = screen.getByTestId(selectors.deviceProfiles.importFile);
    fireEvent.change(input, { target: { files: [file('{"hello":1}', 'x.json')] } });
    expect(await screen.findByText('The file is not an exported device profile.')).toBeInTheDocument();
    fireEvent.change(input, {
      target: { files: [file(JSON.stringify({ ...exported, name: 'Imported' }), 'p.json')] },
    });
    await waitFor(() => expect(backend.callsTo('POST', '/api/deviceProfile')).toHaveLength(1));
    expect(backend.callsTo('POST', '/api/deviceProfile')[0]?.body).toMatchObject({
      name: 'Imported',
      transportType: 'MQTT',
    });
    expect(backend.callsTo('POST', '/api/deviceProfile')[0]?.body).not.toHaveProperty('id');
  });
});
