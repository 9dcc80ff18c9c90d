import type { BulkImportColumnMapping } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/api-error.js';
import { formatCredentials } from '../devices/credentials.js';
import {
  type CheckedColumn,
  checkMapping,
  credentialsOf,
  entityFields,
  type ImportRow,
  RowError,
  toImportRow,
  typedValue,
} from './rows.js';

const row = (fields: ImportRow['fields']): ImportRow => ({ lineNumber: 2, fields, kvs: [] });

function badRequestMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).errorCode).toBe(31);
    return (error as ApiError).message;
  }
  throw new Error('expected a 400');
}

describe('checkMapping', () => {
  it('accepts a NAME column with any others, giving kv columns their key', () => {
    const columns: BulkImportColumnMapping[] = [
      { type: 'NAME' },
      { type: 'TYPE', key: 'ignored' },
      { type: 'SHARED_ATTRIBUTE', key: 'mode' },
      { type: 'SHARED_ATTRIBUTE', key: 'level' },
      { type: 'TIMESERIES', key: 'temperature' },
    ];
    expect(checkMapping(columns)).toEqual([
      { type: 'NAME', key: undefined },
      { type: 'TYPE', key: undefined },
      { type: 'SHARED_ATTRIBUTE', key: 'mode' },
      { type: 'SHARED_ATTRIBUTE', key: 'level' },
      { type: 'TIMESERIES', key: 'temperature' },
    ]);
  });

  it('refuses an empty mapping, a missing NAME, repeated entity columns and unusable keys', () => {
    expect(badRequestMessage(() => checkMapping([]))).toBe(
      "Invalid request: field 'mapping.columns' must not be empty",
    );
    expect(badRequestMessage(() => checkMapping([{ type: 'TYPE' }]))).toBe(
      "Invalid request: field 'mapping.columns' has no NAME column",
    );
    expect(badRequestMessage(() => checkMapping([{ type: 'NAME' }, { type: 'NAME' }]))).toBe(
      "Invalid request: field 'mapping.columns' maps more than one column to NAME",
    );
    expect(badRequestMessage(() => checkMapping([{ type: 'NAME' }, { type: 'TIMESERIES' }]))).toBe(
      "Invalid request: field 'mapping.columns[1].key': Key cannot be empty or contains only spaces",
    );
    expect(
      badRequestMessage(() => checkMapping([{ type: 'NAME' }, { type: 'SERVER_ATTRIBUTE', key: '  ' }])),
    ).toMatch(/mapping\.columns\[1\]\.key/);
    expect(
      badRequestMessage(() =>
        checkMapping([{ type: 'NAME' }, { type: 'SERVER_ATTRIBUTE', key: 'k'.repeat(256) }]),
      ),
    ).toMatch(/longer than 255/);
  });
});

describe('typedValue', () => {
  it('types values as the reference bulk import does', () => {
    expect(typedValue('k', 'true')).toEqual({ type: 'BOOLEAN', value: true });
    expect(typedValue('k', 'FALSE')).toEqual({ type: 'BOOLEAN', value: false });
    expect(typedValue('k', '42')).toEqual({ type: 'LONG', value: 42n });
    expect(typedValue('k', '-007')).toEqual({ type: 'LONG', value: -7n });
    expect(typedValue('k', '9223372036854775807')).toEqual({ type: 'LONG', value: 9223372036854775807n });
    expect(typedValue('k', '21.5')).toEqual({ type: 'DOUBLE', value: 21.5 });
    expect(typedValue('k', '-.5')).toEqual({ type: 'DOUBLE', value: -0.5 });
    for (const text of ['1e5', '+5', '1.', '1.2.3', '0x10', 'yes', ' 5', 'NaN']) {
      expect(typedValue('k', text)).toEqual({ type: 'STRING', value: text });
    }
  });

  it('keeps integers beyond 64 bits as text, and drops NUL characters from strings', () => {
    expect(typedValue('k', '9223372036854775808')).toEqual({ type: 'STRING', value: '9223372036854775808' });
    expect(typedValue('k', 'a\u0000b')).toEqual({ type: 'STRING', value: 'ab' });
  });
});

describe('toImportRow', () => {
  const columns: CheckedColumn[] = [
    { type: 'NAME', key: undefined },
    { type: 'LABEL', key: undefined },
    { type: 'SERVER_ATTRIBUTE', key: 'floor' },
    { type: 'TIMESERIES', key: 'on' },
  ];

  it('maps values onto the columns, leaving empty values out', () => {
    expect(toImportRow({ ordinal: 3, fields: ['Pump 1', '', '2', 'true'] }, columns)).toEqual({
      lineNumber: 3,
      fields: { NAME: 'Pump 1' },
      kvs: [
        { type: 'SERVER_ATTRIBUTE', key: 'floor', value: { type: 'LONG', value: 2n } },
        { type: 'TIMESERIES', key: 'on', value: { type: 'BOOLEAN', value: true } },
      ],
    });
  });

  it('refuses a record with another number of values, a malformed record and NUL characters', () => {
    expect(() => toImportRow({ ordinal: 3, fields: ['a', 'b', 'c'] }, columns)).toThrow(
      new RowError('Wrong number of columns: expected 4, found 3'),
    );
    expect(() => toImportRow({ ordinal: 3, fields: ['a', 'b', 'c', 'd', 'e'] }, columns)).toThrow(
      'Wrong number of columns: expected 4, found 5',
    );
    expect(() =>
      toImportRow(
        { ordinal: 3, fields: ['a', 'b', 'c', 'd'], problem: 'unexpected text after a closing quote' },
        columns,
      ),
    ).toThrow('Malformed CSV: unexpected text after a closing quote');
    expect(() => toImportRow({ ordinal: 3, fields: ['a', 'x\u0000', '', ''] }, columns)).toThrow(
      "Invalid request: field 'label' must not contain NUL characters",
    );
  });
});

describe('entityFields', () => {
  it('reads name, type, label, description and gateway', () => {
    expect(
      entityFields(
        row({ NAME: 'A', TYPE: 't', LABEL: 'l', DESCRIPTION: 'd', IS_GATEWAY: 'TRUE', ACCESS_TOKEN: 'x' }),
        'name!',
      ),
    ).toEqual({ lineNumber: 2, name: 'A', type: 't', label: 'l', description: 'd', gateway: true });
    expect(entityFields(row({ NAME: 'A', IS_GATEWAY: 'yes' }), 'name!')).toEqual({
      lineNumber: 2,
      name: 'A',
      gateway: false,
    });
  });

  it('needs a name and keeps name, type and label within 255 characters', () => {
    expect(() => entityFields(row({ LABEL: 'x' }), 'Device name should be specified!')).toThrow(
      'Device name should be specified!',
    );
    expect(() => entityFields(row({ NAME: '   ' }), 'Asset name should be specified!')).toThrow(
      'Asset name should be specified!',
    );
    expect(() => entityFields(row({ NAME: 'A', LABEL: 'l'.repeat(256) }), 'x')).toThrow(
      "Invalid request: field 'label' must NOT have more than 255 characters",
    );
    expect(entityFields(row({ NAME: 'n'.repeat(255) }), 'x').name).toHaveLength(255);
  });
});

describe('credentialsOf', () => {
  it('gives no credentials when the row has no credentials column', () => {
    expect(credentialsOf(row({ NAME: 'A', TYPE: 't' }))).toBeUndefined();
  });

  it('reads an access token', () => {
    expect(credentialsOf(row({ NAME: 'A', ACCESS_TOKEN: 'tok' }))).toEqual({
      credentialsType: 'ACCESS_TOKEN',
      credentialsId: 'tok',
      credentialsValue: null,
    });
  });

  it('reads MQTT basic credentials, missing parts as null', () => {
    const input = credentialsOf(
      row({ NAME: 'A', MQTT_USER_NAME: 'user', MQTT_PASSWORD: 'pw', ACCESS_TOKEN: 't' }),
    );
    expect(input).toEqual({
      credentialsType: 'MQTT_BASIC',
      credentialsId: null,
      credentialsValue: JSON.stringify({ clientId: null, userName: 'user', password: 'pw' }),
    });
    expect(formatCredentials(input ?? {})).toMatchObject({
      credentialsType: 'MQTT_BASIC',
      credentialsId: 'user',
    });
  });

  it('prefers X.509 to MQTT and LwM2M to everything', () => {
    expect(credentialsOf(row({ NAME: 'A', X509: 'PEM', MQTT_CLIENT_ID: 'c' }))?.credentialsType).toBe(
      'X509_CERTIFICATE',
    );
    expect(credentialsOf(row({ NAME: 'A', X509: 'PEM', LWM2M_CLIENT_ENDPOINT: 'ep' }))?.credentialsType).toBe(
      'LWM2M_CREDENTIALS',
    );
  });

  it('builds LwM2M credentials: NO_SEC by default, client fields kept per mode, modes in any case', () => {
    const noSec = credentialsOf(row({ NAME: 'A', LWM2M_CLIENT_ENDPOINT: 'ep', LWM2M_CLIENT_KEY: 'ignored' }));
    expect(JSON.parse(noSec?.credentialsValue ?? '')).toEqual({
      client: { securityConfigClientMode: 'NO_SEC', endpoint: 'ep' },
      bootstrap: { bootstrapServer: { securityMode: 'NO_SEC' }, lwm2mServer: { securityMode: 'NO_SEC' } },
    });
    const psk = credentialsOf(
      row({
        NAME: 'A',
        LWM2M_CLIENT_ENDPOINT: 'ep',
        LWM2M_CLIENT_SECURITY_CONFIG_MODE: 'psk',
        LWM2M_CLIENT_IDENTITY: 'id',
        LWM2M_CLIENT_KEY: 'abcd',
        LWM2M_CLIENT_CERT: 'ignored',
        LWM2M_BOOTSTRAP_SERVER_SECURITY_MODE: 'RPK',
        LWM2M_BOOTSTRAP_SERVER_PUBLIC_KEY_OR_ID: 'pub',
        LWM2M_BOOTSTRAP_SERVER_SECRET_KEY: 'sec',
        LWM2M_SERVER_CLIENT_PUBLIC_KEY_OR_ID: 'pub2',
      }),
    );
    expect(JSON.parse(psk?.credentialsValue ?? '')).toEqual({
      client: { securityConfigClientMode: 'PSK', endpoint: 'ep', identity: 'id', key: 'abcd' },
      bootstrap: {
        bootstrapServer: { securityMode: 'RPK', clientPublicKeyOrId: 'pub', clientSecretKey: 'sec' },
        lwm2mServer: { securityMode: 'NO_SEC', clientPublicKeyOrId: 'pub2' },
      },
    });
    expect(formatCredentials(psk ?? {})).toMatchObject({
      credentialsType: 'LWM2M_CREDENTIALS',
      credentialsId: 'id',
    });
  });

  it('refuses unknown LwM2M security modes', () => {
    expect(() =>
      credentialsOf(row({ NAME: 'A', LWM2M_CLIENT_ENDPOINT: 'ep', LWM2M_SERVER_SECURITY_MODE: 'TLS' })),
    ).toThrow('Unknown LwM2M security mode: TLS, (the mode should be: PSK, RPK, X509, NO_SEC)!');
  });
});
