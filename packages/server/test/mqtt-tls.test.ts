import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { IClientOptions } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, expectOk, startServer, type TestServer } from './helper.js';
import { connackCode, connectDevice } from './mqtt-client.js';

/**
 * MQTT over TLS with X.509 device certificates (reference §4.3, X509_CERTIFICATE credentials):
 * certificates made with the openssl binary at test time, a device whose credentials are its
 * certificate connects with it and publishes telemetry; unknown, expired and not yet valid
 * certificates are refused with CONNACK 5.
 */

const run = promisify(execFile);
const OPENSSL = '/usr/bin/openssl';

interface KeyPair {
  cert: string;
  key: string;
}

let dir: string;
let server: TestServer;
let tenantToken: string;
const pairs: Record<'server' | 'device' | 'stranger' | 'expired' | 'future', KeyPair> = {} as never;

/** A self-signed P-256 certificate and key, valid from now for a day, as files `<name>.pem/.key` in `into`. */
async function selfSigned(name: string, extra: string[] = [], into = dir): Promise<KeyPair> {
  const key = path.join(into, `${name}.key`);
  const cert = path.join(into, `${name}.pem`);
  await run(OPENSSL, [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '1',
    '-subj',
    `/CN=${name}`,
    ...extra,
  ]);
  return { cert: await fs.readFile(cert, 'utf8'), key: await fs.readFile(key, 'utf8') };
}

/**
 * A certificate with the given validity window (openssl time format YYYYMMDDHHMMSSZ). This OpenSSL
 * (3.0) has no `x509 -not_before/-not_after`, so a throwaway CA signs it with `openssl ca`, which
 * takes explicit start and end dates.
 */
async function withValidity(name: string, startDate: string, endDate: string): Promise<KeyPair> {
  const caDir = path.join(dir, `${name}-ca`);
  await fs.mkdir(caDir);
  await selfSigned('ca', [], caDir);
  await fs.writeFile(path.join(caDir, 'index.txt'), '');
  await fs.writeFile(path.join(caDir, 'serial'), '01\n');
  const config = path.join(caDir, 'ca.cnf');
  await fs.writeFile(
    config,
    [
      '[ca]',
      'default_ca = test_ca',
      '[test_ca]',
      `database = ${path.join(caDir, 'index.txt')}`,
      `new_certs_dir = ${caDir}`,
      `serial = ${path.join(caDir, 'serial')}`,
      'default_md = sha256',
      'policy = any',
      'unique_subject = no',
      '[any]',
      'commonName = supplied',
      '',
    ].join('\n'),
  );
  const key = path.join(dir, `${name}.key`);
  const csr = path.join(dir, `${name}.csr`);
  const cert = path.join(dir, `${name}.pem`);
  await run(OPENSSL, [
    'req',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    key,
    '-out',
    csr,
    '-subj',
    `/CN=${name}`,
  ]);
  await run(OPENSSL, [
    'ca',
    '-batch',
    '-config',
    config,
    '-cert',
    path.join(caDir, 'ca.pem'),
    '-keyfile',
    path.join(caDir, 'ca.key'),
    '-in',
    csr,
    '-out',
    cert,
    '-notext',
    '-startdate',
    startDate,
    '-enddate',
    endDate,
  ]);
  return { cert: await fs.readFile(cert, 'utf8'), key: await fs.readFile(key, 'utf8') };
}

/** openssl's YYYYMMDDHHMMSSZ for a moment `days` from now. */
const opensslDate = (days: number) =>
  `${new Date(Date.now() + days * 86_400_000).toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

const tls = (pair: KeyPair | undefined): IClientOptions => ({
  protocol: 'mqtts',
  port: server.services.mqtt.tlsPort(),
  ...(pair ? { cert: pair.cert, key: pair.key } : {}),
  // The device trusts the server certificate made above.
  ca: pairs.server.cert,
  servername: 'localhost',
  clientId: 'tls-test',
});

async function newDevice(name: string): Promise<{ id: string; token: string }> {
  const token = `tls-${name}-${Date.now()}`;
  const res = await server.api.post<{ id: { id: string } }>(
    `/api/device?accessToken=${token}`,
    { name: `${name} ${Date.now()}` },
    { token: tenantToken },
  );
  return { id: expectOk(res).id.id, token };
}

/** Makes the PEM certificate the device's X509_CERTIFICATE credentials, through the REST API. */
async function useCertificate(deviceId: string, pem: string): Promise<void> {
  const current = expectOk(
    await server.api.get<Record<string, unknown>>(`/api/device/${deviceId}/credentials`, {
      token: tenantToken,
    }),
  );
  const res = await server.api.post<{ credentialsType: string }>(
    '/api/device/credentials',
    { ...current, credentialsType: 'X509_CERTIFICATE', credentialsId: null, credentialsValue: pem },
    { token: tenantToken },
  );
  expect(expectOk(res).credentialsType).toBe('X509_CERTIFICATE');
}

async function latestTemperature(deviceId: string): Promise<unknown> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const res = await server.api.get<Record<string, { value: unknown }[]>>(
      `/api/plugins/telemetry/DEVICE/${deviceId}/values/timeseries?keys=temperature`,
      { token: tenantToken },
    );
    const value = expectOk(res).temperature?.[0]?.value;
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'meridian-mqtt-tls-'));
  pairs.server = await selfSigned('server', ['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1']);
  pairs.device = await selfSigned('device');
  pairs.stranger = await selfSigned('stranger');
  pairs.expired = await withValidity('expired', opensslDate(-10), opensslDate(-5));
  pairs.future = await withValidity('future', opensslDate(5), opensslDate(10));
  server = await startServer({
    env: {
      MQTT_SSL_PORT: '0',
      MQTT_SSL_CERT: path.join(dir, 'server.pem'),
      MQTT_SSL_KEY: path.join(dir, 'server.key'),
    },
  });
  tenantToken = (await server.api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
}, 60_000);

afterAll(async () => {
  await server?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe('MQTT over TLS', () => {
  it('listens on its own free port, told by tlsPort() and the system info', async () => {
    const info = expectOk(
      await server.api.get<{ mqttSslPort: number | null }>('/api/system/info', { token: tenantToken }),
    );
    const tlsPort = server.services.mqtt.tlsPort();
    expect(tlsPort).toBeGreaterThan(0);
    expect(tlsPort).not.toBe(server.services.mqtt.port());
    expect(info.mqttSslPort).toBe(tlsPort);
  });

  it('connects a device with its X.509 certificate (MQTT 3.1.1 and 5) and stores what it publishes', async () => {
    const device = await newDevice('x509');
    await useCertificate(device.id, pairs.device.cert);
    const client = await connectDevice(server, tls(pairs.device));
    try {
      await client.client.publishAsync('v1/devices/me/telemetry', JSON.stringify({ temperature: 21.5 }), {
        qos: 1,
      });
      // Values come back as text (no useStrictDataTypes), as the reference sends them.
      expect(await latestTemperature(device.id)).toBe('21.5');
    } finally {
      await client.end();
    }
    const v5 = await connectDevice(server, { ...tls(pairs.device), protocolVersion: 5 });
    try {
      await v5.client.publishAsync('v1/devices/me/telemetry', JSON.stringify({ temperature: 5.5 }), {
        qos: 1,
      });
      expect(await latestTemperature(device.id)).toBe('5.5');
    } finally {
      await v5.end();
    }
  });

  it('refuses a certificate that belongs to no device with CONNACK 5 (0x87 for MQTT 5, as the reference)', async () => {
    expect(await connackCode(server, tls(pairs.stranger))).toBe(5);
    expect(await connackCode(server, { ...tls(pairs.stranger), protocolVersion: 5 })).toBe(0x87);
  });

  it('refuses an expired or not yet valid certificate with CONNACK 5 (0x87 for MQTT 5), even when it is the device credentials', async () => {
    // The certificates really lie outside their validity window, so only the date check refuses them.
    expect(Date.parse(new X509Certificate(pairs.expired.cert).validTo)).toBeLessThan(Date.now());
    expect(Date.parse(new X509Certificate(pairs.future.cert).validFrom)).toBeGreaterThan(Date.now());
    for (const pair of [pairs.expired, pairs.future]) {
      const device = await newDevice('dated');
      await useCertificate(device.id, pair.cert);
      expect(await connackCode(server, tls(pair))).toBe(5);
      // MQTT 5 can tell a known certificate outside its validity from a wrong one: not authorized.
      expect(await connackCode(server, { ...tls(pair), protocolVersion: 5 })).toBe(0x87);
    }
  });

  it('still accepts access tokens from clients without a certificate', async () => {
    const device = await newDevice('token-over-tls');
    const client = await connectDevice(server, { ...tls(undefined), username: device.token });
    try {
      await client.client.publishAsync('v1/devices/me/telemetry', JSON.stringify({ temperature: 7 }), {
        qos: 1,
      });
      expect(await latestTemperature(device.id)).toBe('7');
    } finally {
      await client.end();
    }
  });
});
