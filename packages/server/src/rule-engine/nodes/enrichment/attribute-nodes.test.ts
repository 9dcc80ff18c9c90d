// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the reference's ${metadataKey} pattern syntax, not JS templates
import type { EntityId, KvEntry } from '@meridian/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHarness, testMsg } from '../../testing/node-harness.js';
import {
  addAsset,
  addCustomer,
  addDevice,
  addRelation,
  type NodeWorld,
  nodeWorld,
} from '../../testing/node-world.js';
import { customerAttributesNode } from './customer-attributes.js';
import { originatorAttributesNode } from './originator-attributes.js';
import { relatedAttributesNode } from './related-attributes.js';
import { relatedDeviceAttributesNode } from './related-device-attributes.js';
import { tenantAttributesNode } from './tenant-attributes.js';

let world: NodeWorld;
beforeAll(async () => {
  world = await nodeWorld();
});
afterAll(async () => {
  await world?.close();
});

const str = (key: string, value: string): KvEntry => ({ key, value: { type: 'STRING', value } });
const dbl = (key: string, value: number): KvEntry => ({ key, value: { type: 'DOUBLE', value } });
const lng = (key: string, value: number): KvEntry => ({ key, value: { type: 'LONG', value: BigInt(value) } });

const harness = (definition: Parameters<typeof nodeHarness>[0], configuration: Record<string, unknown>) =>
  nodeHarness(definition, configuration as never, world.services, { tenantId: world.tenantId });

async function deviceWithData(name: string, tenantId = world.tenantId): Promise<EntityId> {
  const device = await addDevice(world, tenantId, name, { type: 'thermostat' });
  await world.telemetry.saveAttributes(device, 'CLIENT_SCOPE', [str('firmware', '1.2')]);
  await world.telemetry.saveAttributes(device, 'SHARED_SCOPE', [lng('interval', 30)]);
  await world.telemetry.saveAttributes(device, 'SERVER_SCOPE', [dbl('threshold', 25)]);
  await world.telemetry.saveTimeseries(tenantId, device, [{ ts: 1000, values: [dbl('temperature', 21.5)] }]);
  return device;
}

describe('originator attributes', () => {
  it('adds scoped attributes with prefixes and latest telemetry without', async () => {
    const device = await deviceWithData('attr device');
    const node = await harness(originatorAttributesNode, {
      clientAttributeNames: ['firmware'],
      sharedAttributeNames: ['interval'],
      serverAttributeNames: ['threshold', 'absent'],
      latestTsKeyNames: ['temperature'],
    });
    const [output] = await node.run(testMsg({}, { originator: device, metadata: { keep: 'me' } }));
    expect(output?.relations).toEqual(['Success']);
    expect(output?.msg.metadata).toEqual({
      keep: 'me',
      cs_firmware: '1.2',
      shared_interval: '30',
      ss_threshold: '25.0',
      temperature: '21.5',
    });
  });

  it('adds latest values with their timestamp, and resolves key patterns', async () => {
    const device = await deviceWithData('attr device 2');
    const node = await harness(originatorAttributesNode, {
      latestTsKeyNames: ['${key}'],
      getLatestValueWithTs: 'true',
    });
    const [output] = await node.run(testMsg({}, { originator: device, metadata: { key: 'temperature' } }));
    expect(output?.msg.metadata.temperature).toBe('{"ts":1000,"value":21.5}');
  });

  it('fails naming missing keys with tellFailureIfAbsent', async () => {
    const device = await deviceWithData('attr device 3');
    const node = await harness(originatorAttributesNode, {
      clientAttributeNames: ['firmware', 'nope'],
      latestTsKeyNames: ['gone'],
      tellFailureIfAbsent: true,
    });
    await expect(node.run(testMsg({}, { originator: device }))).rejects.toThrow(
      'The following attribute/telemetry keys is not present in the DB: \n\t[CLIENT_SCOPE]:[nope]\n\t[LATEST_TS]:[gone]\n',
    );
  });

  it('does not read the attributes of an originator of another tenant', async () => {
    const foreign = await deviceWithData('foreign attr device', world.otherTenantId);
    const node = await harness(originatorAttributesNode, { serverAttributeNames: ['threshold'] });
    await expect(node.run(testMsg({}, { originator: foreign }))).rejects.toThrow(
      `DEVICE with id '${foreign.id}' was not found`,
    );
  });

  it('has the reference defaults', () => {
    expect(originatorAttributesNode.configure(originatorAttributesNode.defaultConfiguration)).toMatchObject({
      tellFailureIfAbsent: false,
      getLatestValueWithTs: false,
    });
    expect(() => originatorAttributesNode.configure({ clientAttributeNames: 'a' })).toThrow(
      "'clientAttributeNames' must be a list of strings",
    );
  });
});

describe('related device attributes', () => {
  it('reads the first related device of the selected types', async () => {
    const building = await addAsset(world.store, world.tenantId, 'device building');
    const device = await deviceWithData('contained thermostat');
    const other = await addDevice(world, world.tenantId, 'contained other', { type: 'meter' });
    await addRelation(world.store, building, other);
    await addRelation(world.store, building, device);
    const node = await harness(relatedDeviceAttributesNode, {
      deviceRelationsQuery: {
        direction: 'FROM',
        maxLevel: 1,
        relationType: 'Contains',
        deviceTypes: ['thermostat'],
      },
      serverAttributeNames: ['threshold'],
      latestTsKeyNames: ['temperature'],
    });
    const [output] = await node.run(testMsg({}, { originator: building }));
    expect(output?.msg.metadata).toMatchObject({ ss_threshold: '25.0', temperature: '21.5' });
  });

  it('fails when the only related device is of another tenant', async () => {
    const building = await addAsset(world.store, world.tenantId, 'building with foreign device');
    const foreign = await deviceWithData('foreign thermostat', world.otherTenantId);
    await addRelation(world.store, building, foreign);
    const node = await harness(relatedDeviceAttributesNode, {
      ...relatedDeviceAttributesNode.defaultConfiguration,
      deviceRelationsQuery: {
        direction: 'FROM',
        maxLevel: 1,
        relationType: 'Contains',
        deviceTypes: ['thermostat'],
      },
      serverAttributeNames: ['threshold'],
    });
    await expect(node.run(testMsg({}, { originator: building }))).rejects.toThrow(
      'Failed to find related device!',
    );
  });
});

describe('customer, tenant and related attributes', () => {
  it('customer attributes: server attributes of the originator customer, mapped', async () => {
    const customer = await addCustomer(world.store, world.tenantId, 'Attr Customer');
    await world.telemetry.saveAttributes(customer, 'SERVER_SCOPE', [dbl('limit', 3.5)]);
    await world.telemetry.saveTimeseries(world.tenantId, customer, [{ ts: 5, values: [lng('count', 7)] }]);
    const device = await addDevice(world, world.tenantId, 'customer device', { customerId: customer.id });
    const attrs = await harness(customerAttributesNode, { attrMapping: { limit: 'customerLimit' } });
    const [output] = await attrs.run(testMsg({}, { originator: device }));
    expect(output?.msg.metadata.customerLimit).toBe('3.5');
    const latest = await harness(customerAttributesNode, { attrMapping: { count: 'c' }, telemetry: 'true' });
    expect((await latest.run(testMsg({}, { originator: device })))[0]?.msg.metadata.c).toBe('7');
  });

  it("customer attributes: a foreign customer's attributes stay out of reach", async () => {
    const foreignCustomer = await addCustomer(world.store, world.otherTenantId, 'Foreign Attr Customer');
    await world.telemetry.saveAttributes(foreignCustomer, 'SERVER_SCOPE', [str('secret', 'x')]);
    const foreignDevice = await addDevice(world, world.otherTenantId, 'foreign customer device', {
      customerId: foreignCustomer.id,
    });
    const node = await harness(customerAttributesNode, { attrMapping: { secret: 'secret' } });
    await expect(node.run(testMsg({}, { originator: foreignDevice }))).rejects.toThrow(
      'Failed to find the customer of the originator!',
    );
    await expect(
      node.run(testMsg({}, { originator: { entityType: 'DASHBOARD', id: foreignDevice.id } })),
    ).rejects.toThrow('Unexpected originator EntityType DASHBOARD');
  });

  it('tenant attributes: of the node tenant only', async () => {
    const tenant: EntityId = { entityType: 'TENANT', id: world.tenantId };
    const other: EntityId = { entityType: 'TENANT', id: world.otherTenantId };
    await world.telemetry.saveAttributes(tenant, 'SERVER_SCOPE', [str('region', 'north')]);
    await world.telemetry.saveAttributes(other, 'SERVER_SCOPE', [str('region', 'south')]);
    const node = await harness(tenantAttributesNode, { attrMapping: { region: 'tenantRegion' } });
    expect((await node.run(testMsg({})))[0]?.msg.metadata.tenantRegion).toBe('north');
    expect(() => tenantAttributesNode.configure({ attrMapping: {} })).toThrow(
      "'attrMapping' must not be empty",
    );
  });

  it('related attributes: the first related entity, patterns in the mapping', async () => {
    const building = await addAsset(world.store, world.tenantId, 'attr building');
    await world.telemetry.saveAttributes(building, 'SERVER_SCOPE', [str('floor', '3')]);
    const device = await addDevice(world, world.tenantId, 'attr related device');
    await addRelation(world.store, building, device);
    const node = await harness(relatedAttributesNode, {
      attrMapping: { '${attr}': 'building_$[suffix]' },
      relationsQuery: {
        direction: 'TO',
        maxLevel: 1,
        filters: [{ relationType: 'Contains', entityTypes: [] }],
      },
    });
    const msg = testMsg({ suffix: 'floor' }, { originator: device, metadata: { attr: 'floor' } });
    expect((await node.run(msg))[0]?.msg.metadata.building_floor).toBe('3');
    const lonely = await addDevice(world, world.tenantId, 'lonely device');
    await expect(node.run(testMsg({}, { originator: lonely }))).rejects.toThrow(
      'Failed to find related entity!',
    );
  });
});
