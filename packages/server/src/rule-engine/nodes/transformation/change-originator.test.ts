import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHarness, testMsg } from '../../testing/node-harness.js';
import {
  addAlarm,
  addAsset,
  addCustomer,
  addDevice,
  addRelation,
  type NodeWorld,
  nodeWorld,
} from '../../testing/node-world.js';
import { changeOriginatorNode } from './change-originator.js';

let world: NodeWorld;
beforeAll(async () => {
  world = await nodeWorld();
});
afterAll(async () => {
  await world?.close();
});

const harness = (configuration: Record<string, unknown>, tenantId = world.tenantId) =>
  nodeHarness(changeOriginatorNode, configuration as never, world.services, { tenantId });

describe('change originator', () => {
  it("CUSTOMER: the originator's customer; an unassigned originator fails", async () => {
    const customer = await addCustomer(world.store, world.tenantId, 'Originator Customer');
    const assigned = await addDevice(world, world.tenantId, 'assigned', { customerId: customer.id });
    const unassigned = await addDevice(world, world.tenantId, 'unassigned');
    const node = await harness(changeOriginatorNode.defaultConfiguration);
    const [output] = await node.run(testMsg({ a: 1 }, { originator: assigned }));
    expect(output?.msg.originator).toEqual(customer);
    expect(output?.relations).toEqual(['Success']);
    expect(output?.msg.data).toBe('{"a":1}');
    await expect(node.run(testMsg({}, { originator: unassigned }))).rejects.toThrow(
      'Failed to find new originator!',
    );
    const alarmOriginator = testMsg({}, { originator: { entityType: 'ALARM', id: customer.id } });
    await expect(node.run(alarmOriginator)).rejects.toThrow('Unexpected originator EntityType ALARM');
  });

  it('TENANT: the node tenant', async () => {
    const node = await harness({ originatorSource: 'TENANT' });
    const [output] = await node.run(testMsg({}));
    expect(output?.msg.originator).toEqual({ entityType: 'TENANT', id: world.tenantId });
  });

  it('RELATED: the first entity the query finds, within the tenant', async () => {
    const building = await addAsset(world.store, world.tenantId, 'related building');
    const device = await addDevice(world, world.tenantId, 'related device');
    await addRelation(world.store, building, device, 'Contains');
    const node = await harness({
      originatorSource: 'RELATED',
      relationsQuery: {
        direction: 'TO',
        maxLevel: '1',
        filters: [{ relationType: 'Contains', entityTypes: ['ASSET'] }],
      },
    });
    const [output] = await node.run(testMsg({}, { originator: device }));
    expect(output?.msg.originator).toEqual(building);

    const foreignBuilding = await addAsset(world.store, world.otherTenantId, 'foreign building');
    const lonely = await addDevice(world, world.tenantId, 'device in a foreign building');
    await addRelation(world.store, foreignBuilding, lonely, 'Contains');
    await expect(node.run(testMsg({}, { originator: lonely }))).rejects.toThrow(
      'Failed to find new originator!',
    );
  });

  it('ALARM_ORIGINATOR: the originator of an alarm of this tenant', async () => {
    const device = await addDevice(world, world.tenantId, 'alarmed device');
    const alarm = await addAlarm(world.store, world.tenantId, device);
    const foreignDevice = await addDevice(world, world.otherTenantId, 'foreign alarmed device');
    const foreignAlarm = await addAlarm(world.store, world.otherTenantId, foreignDevice);
    const node = await harness({ originatorSource: 'ALARM_ORIGINATOR' });
    const [output] = await node.run(testMsg({}, { originator: alarm }));
    expect(output?.msg.originator).toEqual(device);
    await expect(node.run(testMsg({}, { originator: foreignAlarm }))).rejects.toThrow(
      'Failed to find new originator!',
    );
    await expect(node.run(testMsg({}))).rejects.toThrow('Unexpected originator EntityType DEVICE');
  });

  it('does not reach a customer of another tenant', async () => {
    const foreignCustomer = await addCustomer(world.store, world.otherTenantId, 'Foreign Customer');
    const foreignDevice = await addDevice(world, world.otherTenantId, 'foreign', {
      customerId: foreignCustomer.id,
    });
    const node = await harness({ originatorSource: 'CUSTOMER' });
    await expect(node.run(testMsg({}, { originator: foreignDevice }))).rejects.toThrow(
      'Failed to find new originator!',
    );
  });

  it('refuses unknown sources and a RELATED source without a query', () => {
    expect(() => changeOriginatorNode.configure({ originatorSource: 'MOON' })).toThrow(/originatorSource/);
    expect(() => changeOriginatorNode.configure({ originatorSource: 'RELATED' })).toThrow(
      "'relationsQuery' is required",
    );
    expect(() =>
      changeOriginatorNode.configure({
        originatorSource: 'RELATED',
        relationsQuery: {
          direction: 'FROM',
          filters: [{ relationType: 'Contains', entityTypes: ['PLANET'] }],
        },
      }),
    ).toThrow(/PLANET/);
  });
});
