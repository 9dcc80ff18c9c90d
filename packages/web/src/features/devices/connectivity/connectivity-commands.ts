import type { DeviceCredentials, MqttBasicCredentials } from '@meridian/common';

/**
 * Ready-to-copy commands that post one telemetry value for a device, per transport, built from its
 * credentials and the server's address (reference §4.2 HTTP, §4.3 MQTT, §4.4 CoAP).
 */

export const TRANSPORTS = ['mqtt', 'http', 'coap'] as const;
export type Transport = (typeof TRANSPORTS)[number];

/** Where the server listens: the console's own origin and the transport ports it reports. */
export interface ServerAddress {
  /** Host name only, e.g. `iot.example.com`. */
  hostname: string;
  /** Origin of the console, e.g. `http://iot.example.com:8080` (the HTTP device API shares it). */
  origin: string;
  mqttPort: number;
  coapPort: number;
  /** The MQTT over TLS port, when the server has that listener. */
  mqttSslPort?: number | null;
}

/** A command to run, or why none works, as a message key. */
export type ConnectivityCommand =
  | { kind: 'command'; text: string; noteKey?: string }
  | { kind: 'unavailable'; reasonKey: string };

const SAMPLE_TELEMETRY = '{"temperature":25}';
const TELEMETRY_TOPIC = 'v1/devices/me/telemetry';

/** Quotes for a POSIX shell: plain double quotes for safe text, single quotes otherwise. */
export function shellQuote(value: string): string {
  if (/^[\w.:@~+=,/-]*$/.test(value)) {
    return `"${value}"`;
  }
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function mqttBasicValue(credentials: DeviceCredentials): MqttBasicCredentials {
  try {
    const parsed = JSON.parse(credentials.credentialsValue ?? '{}') as MqttBasicCredentials | null;
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

function accessTokenCommand(transport: Transport, token: string, server: ServerAddress): string {
  const path = `api/v1/${encodeURIComponent(token)}/telemetry`;
  switch (transport) {
    case 'mqtt':
      return `mosquitto_pub -d -q 1 -h ${server.hostname} -p ${server.mqttPort} -t ${TELEMETRY_TOPIC} -u ${shellQuote(token)} -m '${SAMPLE_TELEMETRY}'`;
    case 'http':
      return `curl -v -X POST ${server.origin}/${path} --header Content-Type:application/json --data '${SAMPLE_TELEMETRY}'`;
    case 'coap':
      return `coap-client -m post coap://${server.hostname}:${server.coapPort}/${path} -t json -e '${SAMPLE_TELEMETRY}'`;
  }
}

function mqttBasicCommand(credentials: DeviceCredentials, server: ServerAddress): string {
  const { clientId, userName, password } = mqttBasicValue(credentials);
  const parts = [`mosquitto_pub -d -q 1 -h ${server.hostname} -p ${server.mqttPort} -t ${TELEMETRY_TOPIC}`];
  if (clientId) parts.push(`-i ${shellQuote(clientId)}`);
  if (userName) parts.push(`-u ${shellQuote(userName)}`);
  if (password) parts.push(`-P ${shellQuote(password)}`);
  parts.push(`-m '${SAMPLE_TELEMETRY}'`);
  return parts.join(' ');
}

function x509Command(server: ServerAddress): ConnectivityCommand {
  if (!server.mqttSslPort) {
    return { kind: 'unavailable', reasonKey: 'connectivity.x509-no-tls' };
  }
  return {
    kind: 'command',
    text: `mosquitto_pub --cafile server.pem -d -q 1 -h ${server.hostname} -p ${server.mqttSslPort} -t ${TELEMETRY_TOPIC} --cert cert.pem --key key.pem -m '${SAMPLE_TELEMETRY}'`,
    noteKey: 'connectivity.x509-note',
  };
}

/** The command of one transport for these credentials. */
export function connectivityCommand(
  transport: Transport,
  credentials: DeviceCredentials,
  server: ServerAddress,
): ConnectivityCommand {
  switch (credentials.credentialsType) {
    case 'ACCESS_TOKEN':
      return { kind: 'command', text: accessTokenCommand(transport, credentials.credentialsId, server) };
    case 'MQTT_BASIC':
      return transport === 'mqtt'
        ? { kind: 'command', text: mqttBasicCommand(credentials, server) }
        : { kind: 'unavailable', reasonKey: 'connectivity.needs-access-token' };
    case 'X509_CERTIFICATE':
      return transport === 'mqtt'
        ? x509Command(server)
        : { kind: 'unavailable', reasonKey: 'connectivity.needs-access-token' };
    default:
      return { kind: 'unavailable', reasonKey: 'connectivity.lwm2m-unsupported' };
  }
}
