import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, signInCallers } from './callers.js';
import { CoapTestClient } from './coap-client.js';
import { startServer, type TestServer } from './helper.js';
import { type LimitedTenant, newLimitedTenant } from './limited-tenant.js';
import { acknowledgedWhileOpen, connectDevice } from './mqtt-client.js';

/**
 * The tenant profile's transport limits (reference DefaultTransportRateLimitService): a device or
 * tenant over its message, telemetry message or data point rate limit, or a tenant whose monthly
 * transport messages are spent, is refused on every transport — HTTP 429 with the reference's
 * error JSON, CoAP 4.29, MQTT by closing the connection — while other devices and tenants go on.
 */

let server: TestServer;
let tokens: Record<Caller, string>;
const coap = new CoapTestClient(() => server.services.coap.port());

beforeAll(async () => {
  // Profiles are read every second instead of every ten.
  server = await startServer({ env: { USAGE_STATS_REPORT_INTERVAL: '1' } });
  ({ tokens } = await signInCallers(server));
});

afterAll(async () => {
  coap.close();
  await server?.close();
});

/** A tenant on a profile with these limits, once the server has read them. */
async function limited(configuration: Record<string, unknown>): Promise<LimitedTenant> {
  const tenant = await newLimitedTenant(server, tokens.sysadmin, configuration);
  await sleep(1500);
  return tenant;
}

const postTelemetry = (accessToken: string, body: object) =>
  server.api.post<{ status: number; errorCode: number; message: string }>(
    `/api/v1/${accessToken}/telemetry`,
    body,
  );

describe('transport rate limits', () => {
  it("answer HTTP 429 past a device's message limit, and leave its other devices alone", async () => {
    const t = await limited({ transportDeviceMsgRateLimit: '3:60' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await postTelemetry(t.accessToken, { counter: i })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await postTelemetry(t.accessToken, { counter: 9 });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      status: 429,
      errorCode: 33,
      message: 'Too many messages of this device',
    });
    // Attribute uploads are messages too.
    expect((await server.api.post(`/api/v1/${t.accessToken}/attributes`, { firmware: '1.0' })).status).toBe(
      429,
    );
    expect((await postTelemetry(await t.newDevice(), { counter: 1 })).status).toBe(200);
    // The refused messages were not stored.
    const stored = await server.api.get<Record<string, { value: string }[]>>(
      `/api/plugins/telemetry/DEVICE/${t.deviceId}/values/timeseries?keys=counter`,
      { token: t.token },
    );
    expect(stored.body.counter?.[0]?.value).toBe('2');
  });

  it("count a tenant's telemetry data points over all its devices", async () => {
    const t = await limited({ transportTenantTelemetryDataPointsRateLimit: '5:60' });
    const second = await t.newDevice();
    expect((await postTelemetry(t.accessToken, { a: 1, b: 2, c: 3 })).status).toBe(200);
    const refused = await postTelemetry(second, { a: 1, b: 2, c: 3 });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many messages of this tenant');
    expect((await postTelemetry(second, { a: 1, b: 2 })).status).toBe(200);
    // Another tenant's devices are not limited by this one's profile.
    const other = await limited({});
    for (let i = 0; i < 3; i++)
      expect((await postTelemetry(other.accessToken, { a: 1, b: 2, c: 3 })).status).toBe(200);
  });

  it('close the MQTT connection of a device past its limit, as the reference does', async () => {
    const t = await limited({ transportDeviceTelemetryMsgRateLimit: '2:60' });
    const device = await connectDevice(server, { username: t.accessToken });
    await acknowledgedWhileOpen(device, 'v1/devices/me/telemetry', '{"n":1}');
    await acknowledgedWhileOpen(device, 'v1/devices/me/telemetry', '{"n":2}');
    device.client.publish('v1/devices/me/telemetry', '{"n":3}', { qos: 1 });
    await device.closed();
    await device.end();
  });

  it('answer CoAP 4.29 past the limit', async () => {
    const t = await limited({ transportDeviceMsgRateLimit: '1:60' });
    const post = () => coap.request({ path: `/api/v1/${t.accessToken}/telemetry`, payload: '{"n":1}' });
    expect((await post()).code).toBe('2.01');
    const refused = await post();
    expect(refused.code).toBe('4.29');
    expect(refused.text).toBe('Too many messages of this device');
  });
});

describe('monthly transport messages (maxTransportMessages)', () => {
  it("refuse the tenant's devices once the month's messages are spent", async () => {
    const t = await limited({ maxTransportMessages: 3 });
    const second = await t.newDevice();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await postTelemetry(t.accessToken, { counter: i })).status);
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await postTelemetry(second, { counter: 3 });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("The tenant's monthly transport usage is spent");
  });
});
