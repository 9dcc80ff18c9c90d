import { createHmac } from 'node:crypto';
import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { nodeHarness, testMsg } from '../../testing/node-harness.js';
import { type AzureIotHubConfig, azureClientOptions, azureIotHubNode } from './azure-iot-hub.js';

const SAS_KEY = Buffer.from('device-secret-key-0123456789').toString('base64');

describe('azure iot hub', () => {
  it('connects as the device with a hub-scoped user name and a signed SAS token', () => {
    const config = azureIotHubNode.configure({
      ...azureIotHubNode.defaultConfiguration,
      host: 'My-Hub.azure-devices.net',
      clientId: 'sensor-1',
      topicPattern: 'devices/sensor-1/messages/events/',
      credentials: { type: 'sas', sasKey: SAS_KEY },
    }) as AzureIotHubConfig;
    const now = Date.UTC(2026, 0, 1);
    const options = azureClientOptions(config, () => now);
    expect(options).toMatchObject({
      protocol: 'mqtts',
      port: 8883,
      clientId: 'sensor-1',
      username: 'My-Hub.azure-devices.net/sensor-1/?api-version=2018-06-30',
    });
    const expiry = now / 1000 + 365 * 24 * 60 * 60;
    const token = String(options.password);
    const fields = new URLSearchParams(token.replace(/^SharedAccessSignature /, ''));
    expect(fields.get('sr')).toBe('my-hub.azure-devices.net/devices/sensor-1');
    expect(fields.get('se')).toBe(String(expiry));
    const expected = createHmac('sha256', Buffer.from(SAS_KEY, 'base64'))
      .update(`${encodeURIComponent('my-hub.azure-devices.net/devices/sensor-1')}\n${expiry}`)
      .digest('base64');
    expect(fields.get('sig')).toBe(expected);
  });

  it("publishes through a real broker (the machine's Mosquitto, without TLS)", async () => {
    const subscriber = await mqtt.connectAsync({ host: '127.0.0.1', port: 1883, reconnectPeriod: 0 });
    const topic = `devices/sensor-${Date.now()}/messages/events/`;
    const got = new Promise<string>((resolve) =>
      subscriber.on('message', (_t, payload) => resolve(payload.toString())),
    );
    await subscriber.subscribeAsync(topic, { qos: 1 });
    const node = await nodeHarness(
      azureIotHubNode,
      {
        host: '127.0.0.1',
        port: 1883,
        ssl: false,
        clientId: 'sensor-e2e',
        topicPattern: topic,
        credentials: { type: 'sas', sasKey: SAS_KEY },
      },
      { serviceId: 's' },
    );
    const [out] = await node.run(testMsg({ humidity: 40 }));
    expect(out?.relations).toEqual(['Success']);
    expect(await got).toBe('{"humidity":40}');
    await node.node.destroy?.();
    await subscriber.endAsync(true);
  });

  it('needs the device id and a key', () => {
    expect(() =>
      azureIotHubNode.configure({ host: 'h', credentials: { type: 'sas', sasKey: SAS_KEY } }),
    ).toThrow("'clientId' (the IoT Hub device id) must not be empty");
    expect(() =>
      azureIotHubNode.configure({ host: 'h', clientId: 'd', credentials: { type: 'sas' } }),
    ).toThrow("'credentials.sasKey' must be the device's base64 shared access key");
    expect(() =>
      azureIotHubNode.configure({ host: 'h', clientId: 'd', credentials: { type: 'basic' } }),
    ).toThrow(`'credentials.type' "basic" is not supported; use one of sas, cert.PEM`);
  });
});
