// biome-ignore-all lint/suspicious/noTemplateCurlyInString: node configurations use the reference ${metadata} pattern syntax
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../../db/store.js';
import { demoStore } from '../../../transport/core/test-store.js';
import { nodeHarness, testMsg } from '../../testing/node-harness.js';
import { assignToCustomerNode } from './assign-to-customer.js';
import { demoDevice, otherTenant, storeServices } from './test-support.js';
import { unassignFromCustomerNode } from './unassign-from-customer.js';

let store: Store & { tenantId: string };
let env: ReturnType<typeof storeServices>;

beforeAll(async () => {
  store = await demoStore();
  env = storeServices(store.db);
});
afterAll(() => store.close());

const harness = (definition: typeof assignToCustomerNode, config: Record<string, unknown>) =>
  nodeHarness(definition, config as never, env.services, { tenantId: store.tenantId });

const customerOf = async (deviceId: string) =>
  (
    await store.db
      .selectFrom('device')
      .select('customerId')
      .where('id', '=', deviceId)
      .executeTakeFirstOrThrow()
  ).customerId;
const customerId = async (title: string) =>
  (await store.db.selectFrom('customer').select('id').where('title', '=', title).executeTakeFirst())?.id;

describe('assign to customer', () => {
  it('assigns the originator device to the named customer and tells its sessions', async () => {
    const device = await demoDevice(store.db, 'DHT11 Demo Device');
    const node = await harness(assignToCustomerNode, { customerNamePattern: 'Customer ${letter}' });
    const msg = testMsg({}, { originator: device, metadata: { letter: 'B' } });
    expect(await node.run(msg)).toEqual([{ msg, relations: ['Success'] }]);
    expect(await customerOf(device.id)).toBe(await customerId('Customer B'));
    expect(env.deviceEvents).toContainEqual({ type: 'DEVICE_UPDATED', deviceId: device.id });
  });

  it('creates the customer when allowed, and fails naming it otherwise', async () => {
    const device = await demoDevice(store.db, 'Thermostat T1');
    const strict = await harness(assignToCustomerNode, { customerNamePattern: 'Customer Z' });
    await expect(strict.run(testMsg({}, { originator: device }))).rejects.toThrow(
      "No customer found with name 'Customer Z'.",
    );
    const creating = await harness(assignToCustomerNode, {
      customerNamePattern: 'Customer Z',
      createCustomerIfNotExists: true,
    });
    await creating.run(testMsg({}, { originator: device }));
    const created = await customerId('Customer Z');
    expect(created).toBeDefined();
    expect(await customerOf(device.id)).toBe(created);
  });

  it('adds a dashboard to the customer’s list, once', async () => {
    const dashboard = await store.db.selectFrom('dashboard').select('id').executeTakeFirstOrThrow();
    const node = await harness(assignToCustomerNode, { customerNamePattern: 'Customer A' });
    const msg = testMsg({}, { originator: { entityType: 'DASHBOARD', id: dashboard.id } });
    await node.run(msg);
    await node.run(msg);
    const row = await store.db
      .selectFrom('dashboard')
      .select('assignedCustomers')
      .where('id', '=', dashboard.id)
      .executeTakeFirstOrThrow();
    const assigned = (row.assignedCustomers as { title: string }[]).filter((c) => c.title === 'Customer A');
    expect(assigned).toHaveLength(1);

    const unassign = await harness(unassignFromCustomerNode, { customerNamePattern: 'Customer A' });
    await unassign.run(msg);
    const after = await store.db
      .selectFrom('dashboard')
      .select('assignedCustomers')
      .where('id', '=', dashboard.id)
      .executeTakeFirstOrThrow();
    expect((after.assignedCustomers as { title: string }[]).some((c) => c.title === 'Customer A')).toBe(
      false,
    );
  });

  it('refuses originators that cannot have a customer', async () => {
    const node = await harness(assignToCustomerNode, { customerNamePattern: 'Customer A' });
    await expect(
      node.run(testMsg({}, { originator: { entityType: 'TENANT', id: store.tenantId } })),
    ).rejects.toThrow("Unsupported originator type 'TENANT'!");
  });

  it('never assigns another tenant’s entity, nor to another tenant’s customer', async () => {
    const other = await otherTenant(store.db);
    const toOurs = await harness(assignToCustomerNode, { customerNamePattern: 'Customer A' });
    await expect(toOurs.run(testMsg({}, { originator: other.device }))).rejects.toThrow(
      'not found in the tenant',
    );
    expect(await customerOf(other.device.id)).toBeNull();

    const device = await demoDevice(store.db, 'Test Device A1');
    const toTheirs = await harness(assignToCustomerNode, { customerNamePattern: 'Other Customer' });
    await expect(toTheirs.run(testMsg({}, { originator: device }))).rejects.toThrow(
      "No customer found with name 'Other Customer'.",
    );
  });
});

describe('unassign from customer', () => {
  it('leaves the device with no customer', async () => {
    const device = await demoDevice(store.db, 'Test Device A2');
    expect(device.customerId).not.toBeNull();
    const node = await harness(unassignFromCustomerNode, { customerNamePattern: 'Customer A' });
    const msg = testMsg({}, { originator: device });
    expect(await node.run(msg)).toEqual([{ msg, relations: ['Success'] }]);
    expect(await customerOf(device.id)).toBeNull();
  });
});
