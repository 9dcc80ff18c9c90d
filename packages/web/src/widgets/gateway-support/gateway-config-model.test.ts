import { describe, expect, it } from 'vitest';
import { decodeBase64Json, encodeBase64Json, gatewayAttributesOf, readGateway } from './gateway-config-model';

/** A configuration as the reference's gateway form saves it. */
const CONFIG = {
  thingsboard: {
    thingsboard: {
      host: 'iot.example.com',
      port: 1883,
      remoteConfiguration: true,
      security: { accessToken: 'secret' },
    },
    storage: { type: 'memory', read_records_count: 100, max_records_count: 10000 },
    connectors: [{ name: 'Broker α', type: 'MQTT', configuration: 'brokerα.json' }],
  },
  MQTT: [{ name: 'Broker α', config: { broker: { host: 'localhost' } } }],
  Modbus: [{ name: 'Meters', config: {} }],
};

describe('gateway configuration', () => {
  it('decodes base64 of UTF-8 JSON, and nothing else', () => {
    expect(decodeBase64Json(encodeBase64Json(CONFIG))).toEqual(CONFIG);
    expect(decodeBase64Json('not base64 at all!')).toBeNull();
    expect(decodeBase64Json(btoa('{"half": '))).toBeNull();
    expect(decodeBase64Json(btoa('[1, 2]'))).toBeNull();
    expect(decodeBase64Json(42)).toBeNull();
  });

  it('summarises connection, security, storage and connectors, drafts as disabled', () => {
    const reading = readGateway({
      configuration: encodeBase64Json(CONFIG),
      configuration_drafts: encodeBase64Json({ 'Old BLE': { connector: 'BLE', config: {} } }),
      RemoteLoggingLevel: 'DEBUG',
    });
    expect(reading).toEqual({
      kind: 'summary',
      summary: {
        source: 'configuration',
        host: 'iot.example.com',
        port: 1883,
        remoteConfiguration: true,
        securityType: 'accessToken',
        storageType: 'memory',
        remoteLoggingLevel: 'DEBUG',
        connectors: [
          { name: 'Broker α', type: 'MQTT', enabled: true },
          { name: 'Meters', type: 'Modbus', enabled: true },
          { name: 'Old BLE', type: 'BLE', enabled: false },
        ],
      },
    });
  });

  it('prefers what the gateway reports running, and reads TLS and file storage', () => {
    const running = {
      thingsboard: {
        thingsboard: {
          host: 'edge.local',
          port: 8883,
          security: { caCert: '/ca.pem', cert: '/c.pem', privateKey: '/k.pem' },
        },
        storage: { type: 'file', data_folder_path: './data/' },
      },
    };
    const reading = readGateway({
      current_configuration: encodeBase64Json(running),
      configuration: encodeBase64Json(CONFIG),
    });
    expect(reading.kind === 'summary' && reading.summary).toMatchObject({
      source: 'current_configuration',
      host: 'edge.local',
      port: 8883,
      securityType: 'tls',
      storageType: 'file',
      remoteLoggingLevel: null,
      connectors: [],
    });
  });

  it('tells a missing configuration from one that cannot be read', () => {
    expect(readGateway({})).toEqual({ kind: 'none' });
    expect(readGateway({ configuration: 'eyJicm9rZW4i' })).toEqual({
      kind: 'invalid',
      attribute: 'configuration',
    });
  });

  it('reads the connector lists of later gateways, each typed by its own attribute', () => {
    const attributes = gatewayAttributesOf([
      {
        scope: 'SHARED_SCOPE',
        data: [
          { key: 'active_connectors', value: ['MQTT Broker'], lastUpdateTs: 1 },
          { key: 'MQTT Broker', value: { name: 'MQTT Broker', type: 'mqtt' }, lastUpdateTs: 1 },
          { key: 'Old OPC', value: { type: 'not this scope' }, lastUpdateTs: 1 },
        ],
      },
      {
        scope: 'SERVER_SCOPE',
        data: [
          { key: 'inactive_connectors', value: '["Old OPC"]', lastUpdateTs: 1 },
          { key: 'Old OPC', value: '{"name":"Old OPC","type":"opcua"}', lastUpdateTs: 1 },
        ],
      },
    ]);
    const reading = readGateway(attributes);
    expect(reading.kind === 'summary' && reading.summary).toMatchObject({
      source: null,
      host: null,
      connectors: [
        { name: 'MQTT Broker', type: 'mqtt', enabled: true },
        { name: 'Old OPC', type: 'opcua', enabled: false },
      ],
    });
    // With a configuration too, a connector named in both is shown once.
    const both = readGateway({
      ...attributes,
      configuration: encodeBase64Json({ MQTT: [{ name: 'MQTT Broker' }] }),
    });
    expect(both.kind === 'summary' && both.summary.connectors.map((c) => c.name)).toEqual([
      'MQTT Broker',
      'Old OPC',
    ]);
  });

  it('takes each attribute from its scope only', () => {
    expect(
      gatewayAttributesOf([
        { scope: 'SERVER_SCOPE', data: [{ key: 'configuration', value: 'server copy', lastUpdateTs: 1 }] },
        { scope: 'SHARED_SCOPE', data: [{ key: 'configuration', value: 'shared', lastUpdateTs: 1 }] },
      ]),
    ).toEqual({ configuration: 'shared' });
  });
});
