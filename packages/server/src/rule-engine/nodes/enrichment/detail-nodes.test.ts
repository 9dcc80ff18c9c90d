import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHarness, testMsg } from '../../testing/node-harness.js';
import { addAlarm, addCustomer, addDevice, type NodeWorld, nodeWorld } from '../../testing/node-world.js';
import { customerDetailsNode } from './customer-details.js';
import { originatorFieldsNode } from './originator-fields.js';
import { tenantDetailsNode } from './tenant-details.js';

let world: NodeWorld;
beforeAll(async () => {
  world = await nodeWorld();
  await world.store.db
    .updateTable('tenant')
    .set({
      country: 'Ukraine',
      city: 'Kyiv',
      email: 'tenant@example.com',
      additionalInfo: '{"description":"Main"}',
    })
    .where('id', '=', world.tenantId)
    .execute();
});
afterAll(async () => {
  await world?.close();
});

const harness = (definition: Parameters<typeof nodeHarness>[0], configuration: Record<string, unknown>) =>
  nodeHarness(definition, configuration as never, world.services, { tenantId: world.tenantId });

describe('tenant details', () => {
  it('adds the selected details to the data, keeping its numbers as written', async () => {
    const node = await harness(tenantDetailsNode, {
      detailsList: ['TITLE', 'COUNTRY', 'CITY', 'PHONE', 'ADDITIONAL_INFO'],
    });
    const [output] = await node.run(testMsg('{"big":12345678901234567890,"t":1.50}'));
    expect(output?.msg.data).toBe(
      '{"big":12345678901234567890,"t":1.50,"tenant_title":"Demo Tenant","tenant_country":"Ukraine","tenant_city":"Kyiv","tenant_additionalInfo":"Main"}',
    );
  });

  it('adds them to the metadata when asked, and fails a payload that cannot take them', async () => {
    const node = await harness(tenantDetailsNode, { detailsList: ['EMAIL'], addToMetadata: 'true' });
    const [output] = await node.run(testMsg({}));
    expect(output?.msg.metadata.tenant_email).toBe('tenant@example.com');
    const toData = await harness(tenantDetailsNode, { detailsList: ['EMAIL'] });
    await expect(toData.run(testMsg('[1,2]'))).rejects.toThrow('Message data is not a JSON object');
    expect(() => tenantDetailsNode.configure({ detailsList: ['SHOE_SIZE'] })).toThrow(/SHOE_SIZE/);
  });
});

describe('customer details', () => {
  it("adds the originator's customer details", async () => {
    const customer = await addCustomer(world.store, world.tenantId, 'Details Customer', {
      phone: '+380',
      zip: '01001',
    });
    const device = await addDevice(world, world.tenantId, 'details device', { customerId: customer.id });
    const node = await harness(customerDetailsNode, {
      detailsList: ['TITLE', 'PHONE', 'ZIP', 'STATE'],
      addToMetadata: true,
    });
    const [output] = await node.run(testMsg({}, { originator: device }));
    expect(output?.msg.metadata).toMatchObject({
      customer_title: 'Details Customer',
      customer_phone: '+380',
      customer_zip: '01001',
    });
    expect(output?.msg.metadata).not.toHaveProperty('customer_state');
  });

  it('fails for unassigned, foreign and unsupported originators', async () => {
    const node = await harness(customerDetailsNode, { detailsList: ['TITLE'] });
    const unassigned = await addDevice(world, world.tenantId, 'unassigned details device');
    await expect(node.run(testMsg({}, { originator: unassigned }))).rejects.toThrow(
      "Device with name 'unassigned details device' is not assigned to Customer.",
    );
    const foreignCustomer = await addCustomer(world.store, world.otherTenantId, 'Foreign Details');
    const foreign = await addDevice(world, world.otherTenantId, 'foreign details device', {
      customerId: foreignCustomer.id,
    });
    await expect(node.run(testMsg({}, { originator: foreign }))).rejects.toThrow('was not found');
    await expect(
      node.run(testMsg({}, { originator: { entityType: 'TENANT', id: world.tenantId } })),
    ).rejects.toThrow("Entity with entityType 'TENANT' is not supported.");
  });
});

describe('originator fields', () => {
  it('maps the default fields of a device', async () => {
    const device = await addDevice(world, world.tenantId, 'fields device', {
      type: 'thermostat',
      label: 'Hall',
    });
    const node = await harness(originatorFieldsNode, originatorFieldsNode.defaultConfiguration);
    const [output] = await node.run(testMsg({}, { originator: device, metadata: {} }));
    expect(output?.msg.metadata).toEqual({ originatorName: 'fields device', originatorType: 'thermostat' });
    const more = await harness(originatorFieldsNode, {
      fieldsMapping: { label: 'l', createdTime: 'c', id: 'i', email: 'e' },
    });
    expect((await more.run(testMsg({}, { originator: device, metadata: {} })))[0]?.msg.metadata).toEqual({
      l: 'Hall',
      c: '1600000000000',
      i: device.id,
    });
  });

  it('reads alarms and customers, and fails foreign or unsupported originators', async () => {
    const device = await addDevice(world, world.tenantId, 'alarm fields device');
    const alarm = await addAlarm(world.store, world.tenantId, device, { type: 'Overheat' });
    const customer = await addCustomer(world.store, world.tenantId, 'Fields Customer', { email: 'c@x.y' });
    const node = await harness(originatorFieldsNode, { fieldsMapping: { name: 'n', email: 'e' } });
    expect((await node.run(testMsg({}, { originator: alarm, metadata: {} })))[0]?.msg.metadata).toEqual({
      n: 'Overheat',
    });
    expect((await node.run(testMsg({}, { originator: customer, metadata: {} })))[0]?.msg.metadata).toEqual({
      n: 'Fields Customer',
      e: 'c@x.y',
    });
    const foreign = await addDevice(world, world.otherTenantId, 'foreign fields device');
    await expect(node.run(testMsg({}, { originator: foreign }))).rejects.toThrow('was not found');
    await expect(node.run(testMsg({}, { originator: { entityType: 'RPC', id: device.id } }))).rejects.toThrow(
      'Unexpected originator EntityType RPC',
    );
  });
});
