import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHarness, testMsg } from '../../testing/node-harness.js';
import {
  addAlarm,
  addAsset,
  addDevice,
  addRelation,
  type NodeWorld,
  nodeWorld,
} from '../../testing/node-world.js';
import { checkAlarmStatusNode } from './check-alarm-status.js';
import { checkRelationNode } from './check-relation.js';

let world: NodeWorld;
beforeAll(async () => {
  world = await nodeWorld();
});
afterAll(async () => {
  await world?.close();
});

const relationsOf = async (outputs: Promise<{ relations: readonly string[] }[]>) =>
  (await outputs).map((output) => output.relations);

describe('check alarm status', () => {
  it('answers by the stored status of the alarm in the message', async () => {
    const device = await addDevice(world, world.tenantId, 'alarm status device');
    const active = await addAlarm(world.store, world.tenantId, device, { status: 'ACTIVE_ACK' });
    const cleared = await addAlarm(world.store, world.tenantId, device, { status: 'CLEARED_UNACK' });
    const node = await nodeHarness(
      checkAlarmStatusNode,
      checkAlarmStatusNode.defaultConfiguration,
      world.services,
      {
        tenantId: world.tenantId,
      },
    );
    // The message carries an older status: the stored one counts.
    const msgOf = (id: string) =>
      testMsg({ id: { entityType: 'ALARM', id }, status: 'ACTIVE_UNACK' }, { type: 'ALARM' });
    expect(await relationsOf(node.run(msgOf(active.id)))).toEqual([['True']]);
    expect(await relationsOf(node.run(msgOf(cleared.id)))).toEqual([['False']]);
  });

  it("fails for an unknown alarm, another tenant's alarm and data that is no alarm", async () => {
    const device = await addDevice(world, world.otherTenantId, 'foreign alarm device');
    const foreign = await addAlarm(world.store, world.otherTenantId, device);
    const node = await nodeHarness(
      checkAlarmStatusNode,
      { alarmStatusList: ['ACTIVE_UNACK'] },
      world.services,
      {
        tenantId: world.tenantId,
      },
    );
    await expect(node.run(testMsg({ id: { entityType: 'ALARM', id: foreign.id } }))).rejects.toThrow(
      'No such alarm found.',
    );
    await expect(node.run(testMsg({ temperature: 1 }))).rejects.toThrow('Message data is not an alarm');
  });

  it('refuses unknown statuses', () => {
    expect(() => checkAlarmStatusNode.configure({ alarmStatusList: ['OPEN'] })).toThrow(/OPEN/);
  });
});

describe('check relation', () => {
  it('checks one relation with the selected entity, by direction', async () => {
    const building = await addAsset(world.store, world.tenantId, 'building');
    const device = await addDevice(world, world.tenantId, 'relation device');
    await addRelation(world.store, building, device, 'Contains');
    const fromBuilding = await nodeHarness(
      checkRelationNode,
      {
        checkForSingleEntity: true,
        direction: 'FROM',
        entityType: 'ASSET',
        entityId: building.id,
        relationType: 'Contains',
      },
      world.services,
      { tenantId: world.tenantId },
    );
    const toBuilding = await nodeHarness(
      checkRelationNode,
      {
        checkForSingleEntity: true,
        direction: 'TO',
        entityType: 'ASSET',
        entityId: building.id,
        relationType: 'Contains',
      },
      world.services,
      { tenantId: world.tenantId },
    );
    const msg = testMsg({}, { originator: device });
    expect(await relationsOf(fromBuilding.run(msg))).toEqual([['True']]);
    expect(await relationsOf(toBuilding.run(msg))).toEqual([['False']]);
  });

  it('checks any relation of the originator', async () => {
    const building = await addAsset(world.store, world.tenantId, 'building 2');
    const device = await addDevice(world, world.tenantId, 'relation device 2');
    await addRelation(world.store, building, device, 'Manages');
    const config = { checkForSingleEntity: false, relationType: 'Manages' };
    const from = await nodeHarness(checkRelationNode, { ...config, direction: 'FROM' }, world.services, {
      tenantId: world.tenantId,
    });
    const to = await nodeHarness(checkRelationNode, { ...config, direction: 'TO' }, world.services, {
      tenantId: world.tenantId,
    });
    expect(await relationsOf(from.run(testMsg({}, { originator: device })))).toEqual([['True']]);
    expect(await relationsOf(to.run(testMsg({}, { originator: device })))).toEqual([['False']]);
    expect(await relationsOf(to.run(testMsg({}, { originator: building })))).toEqual([['True']]);
  });

  it('does not see relations with entities of another tenant', async () => {
    const foreignAsset = await addAsset(world.store, world.otherTenantId, 'foreign building');
    const device = await addDevice(world, world.tenantId, 'relation device 3');
    await addRelation(world.store, foreignAsset, device, 'Contains');
    const single = await nodeHarness(
      checkRelationNode,
      { direction: 'FROM', entityType: 'ASSET', entityId: foreignAsset.id, relationType: 'Contains' },
      world.services,
      { tenantId: world.tenantId },
    );
    const any = await nodeHarness(
      checkRelationNode,
      { checkForSingleEntity: false, direction: 'FROM', relationType: 'Contains' },
      world.services,
      { tenantId: world.tenantId },
    );
    const msg = testMsg({}, { originator: device });
    expect(await relationsOf(single.run(msg))).toEqual([['False']]);
    expect(await relationsOf(any.run(msg))).toEqual([['False']]);
  });

  it('fails when no entity is selected and refuses bad ids', async () => {
    const node = await nodeHarness(
      checkRelationNode,
      checkRelationNode.defaultConfiguration,
      world.services,
      {
        tenantId: world.tenantId,
      },
    );
    await expect(node.run(testMsg({}))).rejects.toThrow('The entity to check is not set');
    expect(() => checkRelationNode.configure({ entityType: 'ASSET', entityId: 'nope' })).toThrow(
      "'entityId' must be a UUID",
    );
    expect(() => checkRelationNode.configure({ direction: 'UP' })).toThrow(/direction/);
  });
});
