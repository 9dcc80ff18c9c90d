import type { DeviceInfo } from '@meridian/common';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { FakeSocketServer } from '../../../api/ws/fake-socket-server';
import { TelemetrySocket } from '../../../api/ws/telemetry-socket';
import { TelemetrySocketContext } from '../../../api/ws/use-telemetry-socket';
import { AppProviders } from '../../../app/AppProviders';
import { TokenStore } from '../../../app/auth/token-store';
import { createAppServices } from '../../../app/services/create-services';
import { loadConsoleMessages } from '../../../i18n/i18n';
import { ACCOUNTS, createFakeBackend, type Handler, pairFor } from '../../../test/fake-backend';

/** Test helper of the device dialogs: one dialog with the console's services, a fake backend and socket. */

export const TEST_DEVICE: DeviceInfo = {
  id: { entityType: 'DEVICE', id: 'device-1' },
  createdTime: 1,
  tenantId: { entityType: 'TENANT', id: 'tenant-1' },
  customerId: { entityType: 'CUSTOMER', id: '13814000-1dd2-11b2-8080-808080808080' },
  name: 'Thermostat 1',
  type: 'default',
  label: '',
  deviceProfileId: { entityType: 'DEVICE_PROFILE', id: 'profile-1' },
  deviceData: { configuration: { type: 'DEFAULT' }, transportConfiguration: { type: 'DEFAULT' } },
  firmwareId: null,
  softwareId: null,
  additionalInfo: {},
  customerTitle: null,
  customerIsPublic: false,
  deviceProfileName: 'default',
} as unknown as DeviceInfo;

export async function renderDeviceDialog(ui: ReactNode, handlers: Record<string, Handler>) {
  const account = ACCOUNTS.find((item) => item.email === 'tenant@meridian.test');
  if (!account) throw new Error('no tenant account');
  const pair = pairFor(account);
  const tokens = new TokenStore(window.localStorage);
  tokens.store('access', pair.token);
  tokens.store('refresh', pair.refreshToken);
  const backend = createFakeBackend(handlers);
  const services = createAppServices({
    fetch: backend.fetch,
    storage: window.localStorage,
    fallbackLanguage: () => 'en_US',
  });
  await loadConsoleMessages(services.i18n);
  const server = new FakeSocketServer();
  const socket = new TelemetrySocket({
    connect: server.connect,
    url: (token) => `ws://console.test/api/ws/plugins/telemetry?token=${token}`,
    accessToken: async () => 'token',
  });
  const view = render(
    <AppProviders services={services}>
      <TelemetrySocketContext.Provider value={socket}>{ui}</TelemetrySocketContext.Provider>
    </AppProviders>,
  );
  return { ...view, backend, services, server, socket, user: userEvent.setup() };
}
