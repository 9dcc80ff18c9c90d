import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  type EntityIdJson,
  expectOk,
  newStoreLocation,
  type PageDataJson,
  type StoreLocation,
  startServer,
  type TestServer,
} from './helper.js';

/**
 * The device profile node's `persistAlarmRulesState`: a REPEATING rule's count survives a restart,
 * so the third event in a row raises the alarm even when a restart came between the events; with
 * `fetchAlarmRulesStateOnStart` the states are read back at start, so a DURATION rule raises its
 * alarm for a device that sends nothing after the restart.
 */

interface NodeJson {
  type: string;
  configuration: Record<string, unknown>;
}

let location: StoreLocation;

beforeAll(async () => {
  location = await newStoreLocation({ persistent: true });
});

afterAll(async () => {
  await location?.drop();
});

async function signIn(server: TestServer) {
  return { token: (await server.api.login(DEMO.tenant.email, DEMO.tenant.password)).token };
}

async function post(server: TestServer, accessToken: string, temperature: number) {
  const res = await server.api.post(`/api/v1/${accessToken}/telemetry`, { temperature });
  expect(res.status, res.text).toBe(200);
}

async function alarms(server: TestServer, deviceId: string): Promise<string[]> {
  const page = expectOk(
    await server.api.get<PageDataJson<{ type: string }>>(
      `/api/alarm/DEVICE/${deviceId}?pageSize=10&page=0`,
      await signIn(server),
    ),
  );
  return page.data.map((alarm) => alarm.type);
}

/** Sets the root chain's device profile node configuration. */
async function configureProfileNode(server: TestServer, configuration: Record<string, unknown>) {
  const as = await signIn(server);
  const chains = expectOk(
    await server.api.get<PageDataJson<{ id: EntityIdJson; root: boolean }>>(
      '/api/ruleChains?pageSize=50&page=0',
      as,
    ),
  );
  const root = chains.data.find((chain) => chain.root);
  const metadata = expectOk(
    await server.api.get<{ nodes: NodeJson[] }>(`/api/ruleChain/${root?.id.id}/metadata`, as),
  );
  const profileNode = metadata.nodes.find((node) => node.type.endsWith('TbDeviceProfileNode')) as NodeJson;
  profileNode.configuration = configuration;
  expectOk(await server.api.post('/api/ruleChain/metadata', metadata, as));
}

/** A device with the access token, of a new profile whose one alarm is raised by `spec` over 30 °C. */
async function deviceWithRule(
  server: TestServer,
  accessToken: string,
  alarmType: string,
  spec: Record<string, unknown>,
): Promise<string> {
  const as = await signIn(server);
  const profile = expectOk(
    await server.api.post<{ id: EntityIdJson }>(
      '/api/deviceProfile',
      {
        name: `${alarmType} profile ${accessToken}`,
        type: 'DEFAULT',
        transportType: 'DEFAULT',
        profileData: {
          alarms: [
            {
              id: 'rule',
              alarmType,
              createRules: {
                MAJOR: {
                  condition: {
                    condition: [
                      {
                        key: { type: 'TIME_SERIES', key: 'temperature' },
                        valueType: 'NUMERIC',
                        predicate: { type: 'NUMERIC', operation: 'GREATER', value: { defaultValue: 30 } },
                      },
                    ],
                    spec,
                  },
                },
              },
            },
          ],
        },
      },
      as,
    ),
  );
  const device = expectOk(
    await server.api.post<{ id: EntityIdJson }>(
      `/api/device?accessToken=${accessToken}`,
      { name: `${alarmType} device ${accessToken}`, deviceProfileId: profile.id },
      as,
    ),
  );
  return device.id.id;
}

describe('alarm rule state across restarts', () => {
  it('keeps a REPEATING count when the device profile node persists its state', async () => {
    const accessToken = `RULE_STATE_${Date.now()}`;
    let deviceId: string;
    const first = await startServer({ location });
    try {
      await configureProfileNode(first, { persistAlarmRulesState: true, fetchAlarmRulesStateOnStart: true });
      deviceId = await deviceWithRule(first, accessToken, 'Hot three times', {
        type: 'REPEATING',
        predicate: { defaultValue: 3 },
      });
      await post(first, accessToken, 40);
      await post(first, accessToken, 41);
      expect(await alarms(first, deviceId)).toEqual([]);
    } finally {
      await first.close();
    }

    const second = await startServer({ location });
    try {
      await post(second, accessToken, 42);
      expect(await alarms(second, deviceId)).toEqual(['Hot three times']);
    } finally {
      await second.close();
    }
  });

  it.each([
    [true, ['Hot for two seconds']],
    [false, []],
  ])(
    'raises a DURATION alarm of a device silent since a restart when the states are fetched on start (%s)',
    async (fetchOnStart, expected) => {
      const accessToken = `DURATION_${fetchOnStart}_${Date.now()}`;
      let deviceId: string;
      const first = await startServer({ location });
      try {
        await configureProfileNode(first, {
          persistAlarmRulesState: true,
          fetchAlarmRulesStateOnStart: fetchOnStart,
        });
        deviceId = await deviceWithRule(first, accessToken, 'Hot for two seconds', {
          type: 'DURATION',
          unit: 'SECONDS',
          predicate: { defaultValue: 2 },
        });
        await post(first, accessToken, 40);
        expect(await alarms(first, deviceId)).toEqual([]);
      } finally {
        await first.close();
      }

      const second = await startServer({ location });
      try {
        // Past the two seconds, with no new data: the periodic check (every minute) runs now.
        await sleep(2500);
        await second.services.alarmRules.idle();
        second.services.alarmRules.checkNow();
        await second.services.alarmRules.idle();
        expect(await alarms(second, deviceId)).toEqual(expected);
      } finally {
        await second.close();
      }
    },
  );
});
