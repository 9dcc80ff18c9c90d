import { describe, expect, it } from 'vitest';
import {
  CREDENTIALS_TYPES_BY_TRANSPORT,
  DEVICE_CREDENTIALS_TYPES,
  isCredentialsTypeAllowed,
  mqttBasicCredentialsIdSource,
  validateMqttBasicCredentials,
} from './credentials.js';
import { DEVICE_TRANSPORT_TYPES } from './transport.js';

describe('credential types per transport', () => {
  it('matches the table of spec 2 §5', () => {
    const allowed = Object.fromEntries(
      DEVICE_TRANSPORT_TYPES.map((t) => [
        t,
        DEVICE_CREDENTIALS_TYPES.filter((c) => isCredentialsTypeAllowed(t, c)),
      ]),
    );
    expect(allowed).toEqual({
      DEFAULT: ['ACCESS_TOKEN', 'X509_CERTIFICATE', 'MQTT_BASIC'],
      MQTT: ['ACCESS_TOKEN', 'X509_CERTIFICATE', 'MQTT_BASIC'],
      COAP: ['ACCESS_TOKEN', 'X509_CERTIFICATE'],
      LWM2M: ['LWM2M_CREDENTIALS'],
      SNMP: ['ACCESS_TOKEN'],
    });
  });

  it('rejects LwM2M credentials outside LWM2M and MQTT basic on CoAP', () => {
    expect(isCredentialsTypeAllowed('MQTT', 'LWM2M_CREDENTIALS')).toBe(false);
    expect(isCredentialsTypeAllowed('COAP', 'MQTT_BASIC')).toBe(false);
    expect(isCredentialsTypeAllowed('LWM2M', 'ACCESS_TOKEN')).toBe(false);
    expect(isCredentialsTypeAllowed('SNMP', 'X509_CERTIFICATE')).toBe(false);
    expect(isCredentialsTypeAllowed('HTTP' as 'MQTT', 'ACCESS_TOKEN')).toBe(false);
  });

  it('covers every transport', () => {
    expect(Object.keys(CREDENTIALS_TYPES_BY_TRANSPORT).sort()).toEqual([...DEVICE_TRANSPORT_TYPES].sort());
  });
});

describe('MQTT basic credentials', () => {
  it('needs a client id or a user name', () => {
    expect(validateMqttBasicCredentials({})).toEqual(['clientIdOrUserNameRequired']);
    expect(validateMqttBasicCredentials({ userName: 'u' })).toEqual([]);
    expect(validateMqttBasicCredentials({ clientId: 'c' })).toEqual([]);
  });

  it('rejects a password with a client id but no user name', () => {
    expect(validateMqttBasicCredentials({ clientId: 'c', password: 'p' })).toEqual([
      'passwordRequiresUserName',
    ]);
    expect(validateMqttBasicCredentials({ clientId: 'c', userName: 'u', password: 'p' })).toEqual([]);
  });

  it('derives the credentials id source', () => {
    expect(mqttBasicCredentialsIdSource({ userName: 'u' })).toEqual({ kind: 'userName', value: 'u' });
    expect(mqttBasicCredentialsIdSource({ clientId: 'c' })).toEqual({ kind: 'sha3_256', input: 'c' });
    expect(mqttBasicCredentialsIdSource({ clientId: 'c', userName: 'u' })).toEqual({
      kind: 'sha3_256',
      input: 'c|u',
    });
    expect(mqttBasicCredentialsIdSource({ clientId: '', userName: null })).toBeNull();
  });
});
