import type { EntityId } from '@meridian/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHarness, testMsg } from '../../testing/node-harness.js';
import { addDevice, type NodeWorld, nodeWorld } from '../../testing/node-world.js';
import { calculateDeltaNode, roundHalfUp } from './calculate-delta.js';

let world: NodeWorld;
beforeAll(async () => {
  world = await nodeWorld();
});
afterAll(async () => {
  await world?.close();
});

const harness = (configuration: Record<string, unknown>) =>
  nodeHarness(calculateDeltaNode, configuration as never, world.services, { tenantId: world.tenantId });

const reading = (device: EntityId, pulseCounter: unknown, ts: number) =>
  testMsg(`{"pulseCounter":${JSON.stringify(pulseCounter)},"other":12345678901234567890}`, {
    originator: device,
    metadata: { ts: String(ts) },
  });

describe('calculate delta', () => {
  it('starts from the stored latest value, then uses its cache; adds the period', async () => {
    const device = await addDevice(world, world.tenantId, 'meter');
    await world.telemetry.saveTimeseries(world.tenantId, device, [
      { ts: 1000, values: [{ key: 'pulseCounter', value: { type: 'LONG', value: 100n } }] },
    ]);
    const node = await harness({ ...calculateDeltaNode.defaultConfiguration, addPeriodBetweenMsgs: true });
    const [first] = await node.run(reading(device, 112, 4000));
    expect(first?.relations).toEqual(['Success']);
    expect(JSON.parse(first?.msg.data ?? '')).toMatchObject({
      pulseCounter: 112,
      delta: 12,
      periodInMs: 3000,
    });
    expect(first?.msg.data).toContain('"other":12345678901234567890');
    // Not stored in between: the cache has 112.
    const [second] = await node.run(reading(device, '112.5', 5000));
    expect(JSON.parse(second?.msg.data ?? '')).toMatchObject({ delta: 0.5, periodInMs: 1000 });
  });

  it('with no previous value the delta is 0', async () => {
    const device = await addDevice(world, world.tenantId, 'new meter');
    const node = await harness({});
    const [output] = await node.run(reading(device, 5, 1));
    expect(JSON.parse(output?.msg.data ?? '')).toMatchObject({ delta: 0 });
  });

  it('fails a negative delta when asked to, and rounds', async () => {
    const device = await addDevice(world, world.tenantId, 'rounded meter');
    const strict = await harness({});
    await strict.run(reading(device, 10, 1));
    await expect(strict.run(reading(device, 9, 2))).rejects.toThrow('Delta value is negative');
    const lenient = await harness({ tellFailureIfDeltaIsNegative: 'false', round: '2', useCache: true });
    await lenient.run(reading(device, 10, 1));
    const [output] = await lenient.run(reading(device, 8.7351, 2));
    expect(JSON.parse(output?.msg.data ?? '').delta).toBe(-1.26);
  });

  it('routes other messages and messages without the key to Other', async () => {
    const node = await harness({});
    expect(
      (await node.run(testMsg({ pulseCounter: 1 }, { type: 'POST_ATTRIBUTES_REQUEST' })))[0]?.relations,
    ).toEqual(['Other']);
    expect((await node.run(testMsg({ temperature: 1 })))[0]?.relations).toEqual(['Other']);
  });

  it('fails when the stored previous value is not numeric', async () => {
    const device = await addDevice(world, world.tenantId, 'text meter');
    await world.telemetry.saveTimeseries(world.tenantId, device, [
      { ts: 1, values: [{ key: 'pulseCounter', value: { type: 'STRING', value: 'abc' } }] },
    ]);
    const node = await harness({ useCache: false });
    await expect(node.run(reading(device, 1, 2))).rejects.toThrow(
      'Unable to parse value [abc] of telemetry [pulseCounter]',
    );
  });

  it('does not read the history of an originator of another tenant', async () => {
    const foreign = await addDevice(world, world.otherTenantId, 'foreign meter');
    const node = await harness({});
    await expect(node.run(reading(foreign, 1, 2))).rejects.toThrow('was not found');
  });

  it('refuses unusable configurations', () => {
    expect(() => calculateDeltaNode.configure({ round: -1 })).toThrow("'round' must be between 0 and 15");
    expect(() => calculateDeltaNode.configure({ inputValueKey: '' })).toThrow(
      "'inputValueKey' must not be empty",
    );
    expect(calculateDeltaNode.configure({ round: '' })).toMatchObject({ round: undefined });
  });

  it('rounds half up on the decimal digits', () => {
    expect(roundHalfUp(1.005, 2)).toBe(1.01);
    expect(roundHalfUp(-2.5, 0)).toBe(-3);
    expect(roundHalfUp(0.1 + 0.2, 3)).toBe(0.3);
    expect(roundHalfUp(7, 2)).toBe(7);
  });
});
