import type { DeviceCredentials } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { connectivityCommand, type ServerAddress, shellQuote } from './connectivity-commands';

const SERVER: ServerAddress = {
  hostname: 'iot.example.com',
  origin: 'http://iot.example.com:8080',
  mqttPort: 1883,
  coapPort: 5683,
};

function credentials(type: DeviceCredentials['credentialsType'], id: string, value: string | null = null) {
  return {
    id: { id: 'c-1' },
    createdTime: 1,
    deviceId: { entityType: 'DEVICE', id: 'd-1' },
    credentialsType: type,
    credentialsId: id,
    credentialsValue: value,
  } as DeviceCredentials;
}

describe('connectivityCommand', () => {
  it('builds the three access-token commands for this server and token', () => {
    const token = credentials('ACCESS_TOKEN', 'A1_TEST_TOKEN');
    expect(connectivityCommand('mqtt', token, SERVER)).toEqual({
      kind: 'command',
      text: `mosquitto_pub -d -q 1 -h iot.example.com -p 1883 -t v1/devices/me/telemetry -u "A1_TEST_TOKEN" -m '{"temperature":25}'`,
    });
    expect(connectivityCommand('http', token, SERVER)).toEqual({
      kind: 'command',
      text: `curl -v -X POST http://iot.example.com:8080/api/v1/A1_TEST_TOKEN/telemetry --header Content-Type:application/json --data '{"temperature":25}'`,
    });
    expect(connectivityCommand('coap', token, SERVER)).toEqual({
      kind: 'command',
      text: `coap-client -m post coap://iot.example.com:5683/api/v1/A1_TEST_TOKEN/telemetry -t json -e '{"temperature":25}'`,
    });
  });

  it('uses client id, user name and password for MQTT basic, and says HTTP and CoAP need a token', () => {
    const basic = credentials(
      'MQTT_BASIC',
      'x',
      JSON.stringify({ clientId: 'c1', userName: 'u1', password: "p'w" }),
    );
    expect(connectivityCommand('mqtt', basic, SERVER)).toEqual({
      kind: 'command',
      text: `mosquitto_pub -d -q 1 -h iot.example.com -p 1883 -t v1/devices/me/telemetry -i "c1" -u "u1" -P 'p'\\''w' -m '{"temperature":25}'`,
    });
    const noPassword = credentials('MQTT_BASIC', 'x', JSON.stringify({ clientId: 'c1' }));
    expect(connectivityCommand('mqtt', noPassword, SERVER)).toMatchObject({
      text: expect.stringMatching(/-t v1\/devices\/me\/telemetry -i "c1" -m/),
    });
    expect(connectivityCommand('http', basic, SERVER)).toEqual({
      kind: 'unavailable',
      reasonKey: 'connectivity.needs-access-token',
    });
  });

  it('needs MQTT over TLS for X.509 certificates', () => {
    const x509 = credentials('X509_CERTIFICATE', 'hash', '-----BEGIN CERTIFICATE-----');
    expect(connectivityCommand('mqtt', x509, SERVER)).toEqual({
      kind: 'unavailable',
      reasonKey: 'connectivity.x509-no-tls',
    });
    expect(connectivityCommand('mqtt', x509, { ...SERVER, mqttSslPort: 8883 })).toMatchObject({
      text: `mosquitto_pub --cafile server.pem -d -q 1 -h iot.example.com -p 8883 -t v1/devices/me/telemetry --cert cert.pem --key key.pem -m '{"temperature":25}'`,
    });
    expect(connectivityCommand('coap', x509, SERVER).kind).toBe('unavailable');
  });

  it('quotes shell values safely and URL-encodes tokens in paths', () => {
    expect(shellQuote('abc-DEF_1.2')).toBe('"abc-DEF_1.2"');
    expect(shellQuote('a b$c')).toBe(`'a b$c'`);
    const odd = credentials('ACCESS_TOKEN', 'to/k?en');
    expect(connectivityCommand('http', odd, SERVER)).toMatchObject({
      text: expect.stringContaining('/api/v1/to%2Fk%3Fen/telemetry'),
    });
  });
});
