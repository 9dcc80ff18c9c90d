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
 * so the third event in a row raises the alarm even when a restart came between the events.
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

describe('alarm rule state across restarts', () => {
  it('keeps a REPEATING count when the device profile node persists its state', async () => {
    const accessToken = `RULE_STATE_${Date.now()}`;
    let deviceId: string;
    const first = await startServer({ location });
    try {
      const as = await signIn(first);
      const chains = expectOk(
        await first.api.get<PageDataJson<{ id: EntityIdJson; root: boolean }>>(
          '/api/ruleChains?pageSize=50&page=0',
          as,
        ),
      );
      const root = chains.data.find((chain) => chain.root);
      const metadata = expectOk(
        await first.api.get<{ nodes: NodeJson[] }>(`/api/ruleChain/${root?.id.id}/metadata`, as),
      );
      const profileNode = metadata.nodes.find((node) =>
        node.type.endsWith('TbDeviceProfileNode'),
      ) as NodeJson;
      profileNode.configuration = { persistAlarmRulesState: true, fetchAlarmRulesStateOnStart: true };
      expectOk(await first.api.post('/api/ruleChain/metadata', metadata, as));

      const profile = expectOk(
        await first.api.post<{ id: EntityIdJson }>(
          '/api/deviceProfile',
          {
            name: 'Repeating profile',
            type: 'DEFAULT',
            transportType: 'DEFAULT',
            profileData: {
              alarms: [
                {
                  id: 'repeating',
                  alarmType: 'Hot three times',
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
                        spec: { type: 'REPEATING', predicate: { defaultValue: 3 } },
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
        await first.api.post<{ id: EntityIdJson }>(
          `/api/device?accessToken=${accessToken}`,
          { name: 'Repeating device', deviceProfileId: profile.id },
          as,
        ),
      );
      deviceId = device.id.id;
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
});
