// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the reference's ${metadataKey} pattern syntax, not JS templates
import type { EntityId } from '@meridian/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHarness, testMsg } from '../../testing/node-harness.js';
import { addDevice, type NodeWorld, nodeWorld } from '../../testing/node-world.js';
import { originatorTelemetryNode } from './originator-telemetry.js';

let world: NodeWorld;
let device: EntityId;
const NOW = 10_000_000;

beforeAll(async () => {
  world = await nodeWorld();
  device = await addDevice(world, world.tenantId, 'history device');
  for (const [ts, value] of [
    [NOW - 100_000, 20],
    [NOW - 90_000, 22],
    [NOW - 80_000, 27],
  ] as const) {
    await world.telemetry.saveTimeseries(world.tenantId, device, [
      { ts, values: [{ key: 'temperature', value: { type: 'LONG', value: BigInt(value) } }] },
    ]);
  }
});
afterAll(async () => {
  await world?.close();
});

const harness = (configuration: Record<string, unknown>) =>
  nodeHarness(
    originatorTelemetryNode,
    configuration as never,
    { ...world.services, now: () => NOW },
    {
      tenantId: world.tenantId,
    },
  );

const base = { ...originatorTelemetryNode.defaultConfiguration, latestTsKeyNames: ['temperature'] };

describe('originator telemetry', () => {
  it('FIRST and LAST add the value of the window (as a JSON string, as the reference)', async () => {
    const first = await harness(base);
    expect((await first.run(testMsg({}, { originator: device })))[0]?.msg.metadata.temperature).toBe('"20"');
    const last = await harness({ ...base, fetchMode: 'LAST' });
    expect((await last.run(testMsg({}, { originator: device })))[0]?.msg.metadata.temperature).toBe('"27"');
  });

  it('ALL adds the points, ordered and limited, or one aggregate', async () => {
    const all = await harness({ ...base, fetchMode: 'ALL', orderBy: 'DESC', limit: '2' });
    const [output] = await all.run(testMsg({}, { originator: device }));
    expect(JSON.parse(output?.msg.metadata.temperature ?? '')).toEqual([
      { ts: NOW - 80_000, value: 27 },
      { ts: NOW - 90_000, value: 22 },
    ]);
    const max = await harness({ ...base, fetchMode: 'ALL', aggregation: 'MAX' });
    const points = JSON.parse(
      (await max.run(testMsg({}, { originator: device })))[0]?.msg.metadata.temperature ?? '',
    );
    expect(points).toHaveLength(1);
    expect(points[0].value).toBe(27);
  });

  it('takes the window from metadata patterns', async () => {
    const node = await harness({
      ...base,
      fetchMode: 'ALL',
      useMetadataIntervalPatterns: true,
      startIntervalPattern: '${from}',
      endIntervalPattern: '${to}',
    });
    const msg = testMsg(
      {},
      { originator: device, metadata: { from: String(NOW - 95_000), to: String(NOW - 85_000) } },
    );
    expect(JSON.parse((await node.run(msg))[0]?.msg.metadata.temperature ?? '')).toEqual([
      { ts: NOW - 90_000, value: 22 },
    ]);
    await expect(
      node.run(testMsg({}, { originator: device, metadata: { from: 'x', to: '1' } })),
    ).rejects.toThrow("Message value: 'from' has invalid format");
    await expect(node.run(testMsg({}, { originator: device, metadata: { to: '1' } }))).rejects.toThrow(
      "Message value: 'from' is undefined",
    );
  });

  it('leaves keys without points out and fails without keys', async () => {
    const node = await harness({ ...base, latestTsKeyNames: ['humidity'] });
    expect((await node.run(testMsg({}, { originator: device, metadata: {} })))[0]?.msg.metadata).toEqual({});
    const none = await harness(originatorTelemetryNode.defaultConfiguration);
    await expect(none.run(testMsg({}, { originator: device }))).rejects.toThrow('Telemetry is not selected!');
  });

  it('does not read the telemetry of an originator of another tenant', async () => {
    const foreign = await addDevice(world, world.otherTenantId, 'foreign history device');
    await world.telemetry.saveTimeseries(world.otherTenantId, foreign, [
      { ts: NOW - 90_000, values: [{ key: 'temperature', value: { type: 'LONG', value: 99n } }] },
    ]);
    const node = await harness(base);
    await expect(node.run(testMsg({}, { originator: foreign }))).rejects.toThrow('was not found');
  });

  it('refuses unusable configurations', () => {
    expect(() => originatorTelemetryNode.configure({ fetchMode: 'SOME' })).toThrow(/fetchMode/);
    expect(() => originatorTelemetryNode.configure({ fetchMode: 'ALL', limit: 5000 })).toThrow(/'limit'/);
    expect(() => originatorTelemetryNode.configure({ startIntervalTimeUnit: 'WEEKS' })).toThrow(
      /startIntervalTimeUnit/,
    );
    expect(() => originatorTelemetryNode.configure({ useMetadataIntervalPatterns: true })).toThrow(/Pattern/);
  });
});
