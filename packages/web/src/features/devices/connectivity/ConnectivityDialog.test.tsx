import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConnectivityDialog } from './ConnectivityDialog';
import { renderDeviceDialog, TEST_DEVICE } from './render-device-dialog';
import { connectivitySelectors as S } from './selectors';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const T0 = new Date(2024, 0, 1, 12, 0, 0).getTime();

const handlers = {
  'GET /api/device/device-1/credentials': () => ({
    body: {
      id: { id: 'cred-1' },
      createdTime: 1,
      deviceId: TEST_DEVICE.id,
      credentialsType: 'ACCESS_TOKEN',
      credentialsId: 'A1_TEST_TOKEN',
      credentialsValue: null,
    },
  }),
  'GET /api/system/info': () => ({
    body: { version: '3.3.4', artifact: 'meridian', name: 'Meridian', mqttPort: 1884, coapPort: 5684 },
  }),
};

describe('ConnectivityDialog', () => {
  it('shows ready commands per transport with this device token and the server ports', async () => {
    const { user } = await renderDeviceDialog(
      <ConnectivityDialog device={TEST_DEVICE} onClose={() => undefined} />,
      handlers,
    );
    const command = await screen.findByTestId(S.command);
    const host = window.location.hostname;
    expect(command).toHaveTextContent(
      `mosquitto_pub -d -q 1 -h ${host} -p 1884 -t v1/devices/me/telemetry -u "A1_TEST_TOKEN" -m '{"temperature":25}'`,
    );
    await user.click(screen.getByTestId(S.tab('http')));
    expect(screen.getByTestId(S.command)).toHaveTextContent(
      `curl -v -X POST ${window.location.origin}/api/v1/A1_TEST_TOKEN/telemetry`,
    );
    await user.click(screen.getByTestId(S.tab('coap')));
    expect(screen.getByTestId(S.command)).toHaveTextContent(
      `coap://${host}:5684/api/v1/A1_TEST_TOKEN/telemetry`,
    );
    expect(screen.getByTestId(S.copyCommand)).toBeInTheDocument();
  });

  it('shows the device state and telemetry as they arrive on the socket', async () => {
    const { server, unmount } = await renderDeviceDialog(
      <ConnectivityDialog device={TEST_DEVICE} onClose={() => undefined} />,
      handlers,
    );
    expect(await screen.findByTestId(S.status)).toHaveTextContent('No activity reported');
    expect(screen.getByTestId(S.latest)).toHaveTextContent('No telemetry received yet.');
    await waitFor(() => expect(server.connections).toHaveLength(1));
    await act(async () => {
      server.accept();
      await Promise.resolve();
    });
    await waitFor(() =>
      expect(server.sent()).toEqual({
        attrSubCmds: [
          {
            cmdId: 1,
            entityType: 'DEVICE',
            entityId: 'device-1',
            scope: 'SERVER_SCOPE',
            keys: 'active,lastActivityTime',
          },
        ],
        tsSubCmds: [{ cmdId: 2, entityType: 'DEVICE', entityId: 'device-1', timeWindow: 0 }],
      }),
    );
    expect(screen.queryByTestId(S.socketStatus)).not.toBeInTheDocument();

    const reply = (subscriptionId: number, data: Record<string, [number, string][]>) =>
      act(() => server.reply({ subscriptionId, errorCode: 0, errorMsg: null, data, latestValues: {} }));
    reply(1, { active: [[T0, 'true']], lastActivityTime: [[T0, String(T0)]] });
    reply(2, { temperature: [[T0, '25']], humidity: [[T0 - 1000, '40']] });
    expect(screen.getByTestId(S.status)).toHaveTextContent('Active');
    expect(screen.getByTestId(S.lastActivity)).toHaveTextContent('Last activity: 01/01/2024, 12:00:00 PM');
    const rows = () =>
      screen.getAllByTestId(S.latestRow).map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(rows()).toEqual(['temperature', 'humidity']);
    reply(2, { humidity: [[T0 + 5000, '41']] });
    expect(rows()).toEqual(['humidity', 'temperature']);
    expect(screen.getAllByTestId(S.latestRow)[0]).toHaveTextContent('41');
    reply(1, { active: [[T0 + 6000, 'false']] });
    expect(screen.getByTestId(S.status)).toHaveTextContent('Inactive');

    act(() => server.drop());
    expect(screen.getByTestId(S.socketStatus)).toHaveTextContent('reconnecting');
    unmount();
  });

  it('explains when the credentials do not fit a transport', async () => {
    const { user } = await renderDeviceDialog(
      <ConnectivityDialog device={TEST_DEVICE} onClose={() => undefined} />,
      {
        ...handlers,
        'GET /api/device/device-1/credentials': () => ({
          body: {
            id: { id: 'cred-1' },
            createdTime: 1,
            deviceId: TEST_DEVICE.id,
            credentialsType: 'MQTT_BASIC',
            credentialsId: 'x',
            credentialsValue: JSON.stringify({
              clientId: 'client-7',
              userName: 'user-7',
              password: 'secret',
            }),
          },
        }),
      },
    );
    expect(await screen.findByTestId(S.command)).toHaveTextContent('-i "client-7" -u "user-7" -P "secret"');
    await user.click(screen.getByTestId(S.tab('http')));
    expect(screen.getByTestId(S.unavailable)).toHaveTextContent('authenticates devices by access token');
  });
});
