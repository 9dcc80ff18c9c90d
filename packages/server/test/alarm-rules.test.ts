import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAsset } from './factories.js';
import {
  type ApiClient,
  DEMO,
  type DemoIds,
  demoIds,
  type EntityIdJson,
  expectOk,
  type PageDataJson,
  startServer,
  type TestServer,
} from './helper.js';

/**
 * Device-profile alarm rules end to end: a profile with alarm rules, a device of that profile
 * posting telemetry over the HTTP device API, and the alarms the rules raise, escalate and clear,
 * as the alarm API shows them.
 */

interface AlarmJson {
  id: EntityIdJson;
  type: string;
  severity: string;
  status: string;
  startTs: number;
  endTs: number;
  clearTs: number;
  details: unknown;
  customerId: EntityIdJson;
  propagate: boolean;
}

let server: TestServer;
let api: ApiClient;
let ids: DemoIds;
let token: string;
let counter = 0;

const ta = () => ({ token });

type Condition = Record<string, unknown>;

const temperature = (operation: string, value: number | Record<string, unknown>): Condition => ({
  key: { type: 'TIME_SERIES', key: 'temperature' },
  valueType: 'NUMERIC',
  predicate: {
    type: 'NUMERIC',
    operation,
    value: typeof value === 'number' ? { defaultValue: value } : value,
  },
});

const rule = (condition: Condition[], extra: Record<string, unknown> = {}) => ({
  condition: { condition, spec: { type: 'SIMPLE' } },
  ...extra,
});

/** temperature > 30 → CRITICAL, > 20 → WARNING; cleared at ≤ 20. */
const TEMPERATURE_ALARM = {
  id: 'high-temperature',
  alarmType: 'High Temperature',
  createRules: {
    CRITICAL: rule([temperature('GREATER', 30)], { alarmDetails: `Temperature \${temperature} is critical` }),
    WARNING: rule([temperature('GREATER', 20)], { alarmDetails: `Temperature \${temperature} is high` }),
  },
  clearRule: rule([temperature('LESS_OR_EQUAL', 20)]),
  propagate: false,
};

/** A profile with the alarm definitions and a device of it; returns the device id and token. */
async function deviceWithAlarms(alarms: unknown[], customerId?: string) {
  counter += 1;
  const profile = expectOk(
    await api.post<{ id: EntityIdJson }>(
      '/api/deviceProfile',
      {
        name: `Alarm profile ${counter}`,
        type: 'DEFAULT',
        transportType: 'DEFAULT',
        profileData: { alarms },
      },
      ta(),
    ),
  );
  const accessToken = `ALARM_RULES_${counter}_${Date.now()}`;
  const device = expectOk(
    await api.post<{ id: EntityIdJson }>(
      `/api/device?accessToken=${accessToken}`,
      { name: `Alarm device ${counter}`, deviceProfileId: profile.id },
      ta(),
    ),
  );
  if (customerId)
    expectOk(await api.post(`/api/customer/${customerId}/device/${device.id.id}`, undefined, ta()));
  return { device: device.id, profile: profile.id, accessToken };
}

/** Posts telemetry as the device does; `ts` given, the values are stamped with it. */
async function post(accessToken: string, values: Record<string, unknown>, ts?: number) {
  const body = ts === undefined ? values : { ts, values };
  const res = await api.post(`/api/v1/${accessToken}/telemetry`, body);
  expect(res.status, res.text).toBe(200);
  await server.services.alarmRules.idle();
}

async function alarmsOf(device: EntityIdJson): Promise<AlarmJson[]> {
  await server.services.alarmRules.idle();
  const page = expectOk(
    await api.get<PageDataJson<AlarmJson>>(
      `/api/alarm/DEVICE/${device.id}?pageSize=50&page=0&sortProperty=createdTime&sortOrder=ASC`,
      ta(),
    ),
  );
  return page.data;
}

beforeAll(async () => {
  server = await startServer();
  api = server.api;
  ids = await demoIds(server.store);
  token = (await api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
});

afterAll(async () => {
  await server?.close();
});

describe('telemetry raises, escalates and clears alarms', () => {
  it('follows temperature through WARNING, CRITICAL and back to cleared', async () => {
    const { device, accessToken } = await deviceWithAlarms([TEMPERATURE_ALARM], ids.customerAId);
    await post(accessToken, { temperature: 15 });
    expect(await alarmsOf(device)).toEqual([]);

    await post(accessToken, { temperature: 25 });
    const [raised] = await alarmsOf(device);
    expect(raised).toMatchObject({
      type: 'High Temperature',
      severity: 'WARNING',
      status: 'ACTIVE_UNACK',
      details: { data: 'Temperature 25 is high' },
      customerId: { id: ids.customerAId },
    });

    await post(accessToken, { temperature: 35.5 });
    const escalated = await alarmsOf(device);
    expect(escalated).toHaveLength(1);
    expect(escalated[0]).toMatchObject({
      id: raised?.id,
      severity: 'CRITICAL',
      details: { data: 'Temperature 35.5 is critical' },
    });
    expect(escalated[0]?.endTs).toBeGreaterThanOrEqual(raised?.endTs ?? 0);

    await post(accessToken, { temperature: 18 });
    const cleared = await alarmsOf(device);
    expect(cleared).toHaveLength(1);
    expect(cleared[0]).toMatchObject({ id: raised?.id, status: 'CLEARED_UNACK', severity: 'CRITICAL' });
    expect(cleared[0]?.clearTs).toBeGreaterThan(0);

    await post(accessToken, { temperature: 40 });
    const again = await alarmsOf(device);
    expect(again).toHaveLength(2);
    expect(again[1]).toMatchObject({ status: 'ACTIVE_UNACK', severity: 'CRITICAL' });
  });

  it('raises a new alarm once the active one was cleared through the API', async () => {
    const { device, accessToken } = await deviceWithAlarms([TEMPERATURE_ALARM]);
    await post(accessToken, { temperature: 25 });
    const [first] = await alarmsOf(device);
    expectOk(await api.post(`/api/alarm/${first?.id.id}/clear`, undefined, ta()));
    await server.services.alarmRules.idle();
    await post(accessToken, { temperature: 26 });
    const alarms = await alarmsOf(device);
    expect(alarms.map((a) => a.status)).toEqual(['CLEARED_UNACK', 'ACTIVE_UNACK']);
  });

  it('propagates raised alarms as the definition says', async () => {
    const { device, accessToken } = await deviceWithAlarms([{ ...TEMPERATURE_ALARM, propagate: true }]);
    const building = await newAsset(server.store.db, ids.tenantId, `Building ${counter}`);
    expectOk(await api.post('/api/relation', { from: building, to: device, type: 'Contains' }, ta()));
    await post(accessToken, { temperature: 33 });
    const onBuilding = expectOk(
      await api.get<PageDataJson<AlarmJson>>(`/api/alarm/ASSET/${building.id}?pageSize=10&page=0`, ta()),
    );
    expect(onBuilding.data.map((a) => [a.type, a.severity, a.propagate])).toEqual([
      ['High Temperature', 'CRITICAL', true],
    ]);
  });
});

describe('dynamic thresholds', () => {
  it('compares with a server attribute of the device, else the default', async () => {
    const threshold = {
      defaultValue: 100,
      dynamicValue: { sourceType: 'CURRENT_DEVICE', sourceAttribute: 'temperatureThreshold' },
    };
    const { device, accessToken } = await deviceWithAlarms([
      {
        id: 'dynamic',
        alarmType: 'Dynamic Threshold',
        createRules: { MAJOR: rule([temperature('GREATER', threshold)]) },
        clearRule: rule([temperature('LESS_OR_EQUAL', threshold)]),
      },
    ]);
    await post(accessToken, { temperature: 50 });
    expect(await alarmsOf(device)).toEqual([]);
    expectOk(
      await api.post(
        `/api/plugins/telemetry/DEVICE/${device.id}/attributes/SERVER_SCOPE`,
        { temperatureThreshold: 40 },
        ta(),
      ),
    );
    await post(accessToken, { temperature: 50 });
    expect((await alarmsOf(device)).map((a) => [a.severity, a.status])).toEqual([['MAJOR', 'ACTIVE_UNACK']]);
    await post(accessToken, { temperature: 39 });
    expect((await alarmsOf(device)).map((a) => a.status)).toEqual(['CLEARED_UNACK']);
  });

  it('inherits the threshold from the customer, then the tenant, following their changes', async () => {
    const threshold = {
      defaultValue: 100,
      dynamicValue: { sourceType: 'CURRENT_DEVICE', sourceAttribute: 'inheritedLimit', inherit: true },
    };
    const { device, accessToken } = await deviceWithAlarms(
      [
        {
          id: 'inherited',
          alarmType: 'Inherited',
          createRules: { MINOR: rule([temperature('GREATER', threshold)]) },
        },
      ],
      ids.customerBId,
    );
    await post(accessToken, { temperature: 70 });
    expect(await alarmsOf(device)).toEqual([]);
    // The tenant's value (written the way the rule engine would: there is no REST write for it).
    await server.services.telemetry.saveAttributes(
      { entityType: 'TENANT', id: ids.tenantId },
      'SERVER_SCOPE',
      [{ key: 'inheritedLimit', value: { type: 'LONG', value: 80n } }],
    );
    await post(accessToken, { temperature: 71 });
    expect(await alarmsOf(device)).toEqual([]);
    await post(accessToken, { temperature: 81 });
    expect((await alarmsOf(device)).map((a) => a.severity)).toEqual(['MINOR']);
    // The customer's value comes first.
    const second = await deviceWithAlarms(
      [
        {
          id: 'inherited',
          alarmType: 'Inherited',
          createRules: { MINOR: rule([temperature('GREATER', threshold)]) },
        },
      ],
      ids.customerBId,
    );
    expectOk(
      await api.post(
        `/api/plugins/telemetry/CUSTOMER/${ids.customerBId}/attributes/SERVER_SCOPE`,
        { inheritedLimit: 60 },
        ta(),
      ),
    );
    await post(second.accessToken, { temperature: 61 });
    expect((await alarmsOf(second.device)).map((a) => a.severity)).toEqual(['MINOR']);
  });
});

describe('REPEATING and DURATION conditions', () => {
  it('raises a REPEATING alarm on the third event in a row', async () => {
    const { device, accessToken } = await deviceWithAlarms([
      {
        id: 'repeating',
        alarmType: 'Repeated',
        createRules: {
          MAJOR: {
            condition: {
              condition: [temperature('GREATER', 30)],
              spec: { type: 'REPEATING', predicate: { defaultValue: 3 } },
            },
          },
        },
      },
    ]);
    const start = Date.now() - 10_000;
    await post(accessToken, { temperature: 31 }, start);
    await post(accessToken, { temperature: 31 }, start + 1);
    expect(await alarmsOf(device)).toEqual([]);
    await post(accessToken, { temperature: 31 }, start + 2);
    const [alarm] = await alarmsOf(device);
    expect(alarm).toMatchObject({ type: 'Repeated', severity: 'MAJOR' });
    // The alarm starts at the time of the data that raised it.
    expect(alarm?.startTs).toBe(start + 2);
  });

  it('raises a DURATION alarm once the condition held longer than a second', async () => {
    const duration = {
      id: 'duration',
      alarmType: 'Lasting',
      createRules: {
        CRITICAL: {
          condition: {
            condition: [temperature('GREATER', 30)],
            spec: { type: 'DURATION', unit: 'SECONDS', predicate: { defaultValue: 1 } },
          },
        },
      },
    };
    const byData = await deviceWithAlarms([duration]);
    const now = Date.now();
    await post(byData.accessToken, { temperature: 35 }, now - 1500);
    await post(byData.accessToken, { temperature: 36 }, now - 1000);
    expect(await alarmsOf(byData.device)).toEqual([]);
    await post(byData.accessToken, { temperature: 37 }, now);
    expect((await alarmsOf(byData.device)).map((a) => a.severity)).toEqual(['CRITICAL']);

    // Without new data the periodic check raises it once the time has passed.
    const byCheck = await deviceWithAlarms([duration]);
    await post(byCheck.accessToken, { temperature: 35 }, Date.now() - 2000);
    expect(await alarmsOf(byCheck.device)).toEqual([]);
    server.services.alarmRules.checkNow();
    expect((await alarmsOf(byCheck.device)).map((a) => a.severity)).toEqual(['CRITICAL']);
  });
});

describe('profile changes and failures', () => {
  it('applies changed rules of a profile to its devices', async () => {
    const { device, profile, accessToken } = await deviceWithAlarms([TEMPERATURE_ALARM]);
    await post(accessToken, { temperature: 25 });
    expect((await alarmsOf(device)).map((a) => a.severity)).toEqual(['WARNING']);
    const stored = expectOk(await api.get<Record<string, unknown>>(`/api/deviceProfile/${profile.id}`, ta()));
    const stricter = {
      ...TEMPERATURE_ALARM,
      createRules: { MAJOR: rule([temperature('GREATER', 0)]) },
      clearRule: rule([temperature('LESS_OR_EQUAL', 0)]),
    };
    expectOk(
      await api.post(
        '/api/deviceProfile',
        { ...stored, profileData: { ...(stored.profileData as object), alarms: [stricter] } },
        ta(),
      ),
    );
    await post(accessToken, { temperature: 5 });
    expect((await alarmsOf(device)).map((a) => [a.severity, a.status])).toEqual([['MAJOR', 'ACTIVE_UNACK']]);
  });

  it('follows a device moved to another profile, with or without rules', async () => {
    const { profile } = await deviceWithAlarms([TEMPERATURE_ALARM]);
    const accessToken = `MOVED_${Date.now()}`;
    const defaultProfile = expectOk(
      await api.get<{ id: EntityIdJson }>('/api/deviceProfileInfo/default', ta()),
    );
    const moved = expectOk(
      await api.post<Record<string, unknown> & { id: EntityIdJson }>(
        `/api/device?accessToken=${accessToken}`,
        { name: `Moved device ${Date.now()}`, deviceProfileId: defaultProfile.id },
        ta(),
      ),
    );
    // Known as a device without rules first, then moved to the profile with rules.
    await post(accessToken, { temperature: 50 });
    expect(await alarmsOf(moved.id)).toEqual([]);
    expectOk(await api.post('/api/device', { ...moved, deviceProfileId: profile }, ta()));
    await post(accessToken, { temperature: 51 });
    expect((await alarmsOf(moved.id)).map((a) => a.severity)).toEqual(['CRITICAL']);
    // And back: the rules no longer apply.
    const current = expectOk(await api.get<Record<string, unknown>>(`/api/device/${moved.id.id}`, ta()));
    expectOk(await api.post('/api/device', { ...current, deviceProfileId: defaultProfile.id }, ta()));
    await post(accessToken, { temperature: 10 });
    expect((await alarmsOf(moved.id)).map((a) => a.status)).toEqual(['ACTIVE_UNACK']);
  });

  it('logs a definition that cannot be evaluated, still runs the others and stores the telemetry', async () => {
    const everyDay = [1, 2, 3, 4, 5, 6, 7];
    const { device, accessToken } = await deviceWithAlarms([
      {
        ...TEMPERATURE_ALARM,
        id: 'broken',
        alarmType: 'Broken Zone',
        createRules: {
          MAJOR: rule([temperature('GREATER', 0)], {
            // Valid in every other respect: any zone would make this rule hold all day.
            schedule: {
              type: 'SPECIFIC_TIME',
              timezone: 'Not/AZone',
              daysOfWeek: everyDay,
              startsOn: 0,
              endsOn: 86_400_000,
            },
          }),
        },
      },
      {
        ...TEMPERATURE_ALARM,
        id: 'working',
        alarmType: 'Working',
        createRules: { MINOR: rule([temperature('GREATER', 0)]) },
      },
    ]);
    await post(accessToken, { temperature: 5 });
    expect((await alarmsOf(device)).map((a) => a.type)).toEqual(['Working']);
    const latest = expectOk(
      await api.get<Record<string, { value: string }[]>>(
        `/api/plugins/telemetry/DEVICE/${device.id}/values/timeseries?keys=temperature`,
        ta(),
      ),
    );
    expect(latest.temperature?.[0]?.value).toBe('5');
  });
});
