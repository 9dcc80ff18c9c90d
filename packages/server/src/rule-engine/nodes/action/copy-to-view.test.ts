import type { EntityId } from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../../db/store.js';
import { demoStore } from '../../../transport/core/test-store.js';
import { nodeHarness, testMsg } from '../../testing/node-harness.js';
import { copyToViewNode } from './copy-to-view.js';
import { demoDevice, otherTenant, storeServices } from './test-support.js';

let store: Store & { tenantId: string };
let services: ReturnType<typeof storeServices>['services'];

beforeAll(async () => {
  store = await demoStore();
  services = storeServices(store.db).services;
});
afterAll(() => store.close());

async function addView(
  tenantId: string,
  entity: EntityId,
  name: string,
  fields: { startTs?: number; endTs?: number } = {},
) {
  const id = uuidv1();
  await store.db
    .insertInto('entityView')
    .values({
      id,
      createdTime: Date.now(),
      tenantId,
      customerId: null,
      entityId: entity.id,
      entityType: entity.entityType,
      name,
      type: 'view',
      keys: JSON.stringify({ timeseries: [], attributes: { cs: ['fw'], ss: ['location'], sh: [] } }),
      startTs: fields.startTs ?? 0,
      endTs: fields.endTs ?? 0,
      additionalInfo: null,
    })
    .execute();
  return { entityType: 'ENTITY_VIEW' as const, id };
}

const attributeKeys = async (entity: EntityId) =>
  (await services.telemetry.attributes(entity)).map((a) => a.key).sort();

describe('copy to view', () => {
  it('copies the shown attributes to the active views and sends one message per view', async () => {
    const device = await demoDevice(store.db, 'Test Device A1');
    const view = await addView(store.tenantId, device, 'A1 view');
    const expired = await addView(store.tenantId, device, 'A1 old view', { endTs: 1000 });
    const node = await nodeHarness(copyToViewNode, {}, services, { tenantId: store.tenantId });

    const msg = testMsg({ fw: '1.2', hidden: 5 }, { type: 'POST_ATTRIBUTES_REQUEST', originator: device });
    const outputs = await node.run(msg);
    expect(outputs).toHaveLength(1);
    expect(outputs[0]?.relations).toEqual(['Success']);
    expect(outputs[0]?.msg).toMatchObject({
      originator: view,
      type: 'POST_ATTRIBUTES_REQUEST',
      data: msg.data,
    });
    expect(outputs[0]?.msg.id).not.toBe(msg.id);
    expect(await attributeKeys(view)).toEqual(['fw']);
    expect(await attributeKeys(expired)).toEqual([]);

    const deleted = testMsg(
      { attributes: ['fw', 'hidden'] },
      { type: 'ATTRIBUTES_DELETED', originator: device, metadata: { scope: 'CLIENT_SCOPE' } },
    );
    expect(await node.run(deleted)).toHaveLength(1);
    expect(await attributeKeys(view)).toEqual([]);
  });

  it('fails other message types and messages without a scope', async () => {
    const device = await demoDevice(store.db, 'Test Device A2');
    const node = await nodeHarness(copyToViewNode, {}, services, { tenantId: store.tenantId });
    await expect(node.run(testMsg({}, { originator: device }))).rejects.toThrow(
      'Unsupported msg type [POST_TELEMETRY_REQUEST]',
    );
    await expect(
      node.run(testMsg({ a: 1 }, { type: 'ATTRIBUTES_UPDATED', originator: device, metadata: { x: '1' } })),
    ).rejects.toThrow("Message metadata 'scope'");
  });

  it('never writes to another tenant’s views of the originator', async () => {
    const other = await otherTenant(store.db);
    const theirView = await addView(other.tenantId, other.device, 'Their view');
    const node = await nodeHarness(copyToViewNode, {}, services, { tenantId: store.tenantId });
    const msg = testMsg(
      { location: 'here' },
      { type: 'ATTRIBUTES_UPDATED', originator: other.device, metadata: { scope: 'SERVER_SCOPE' } },
    );
    expect(await node.run(msg)).toEqual([]);
    expect(await attributeKeys(theirView)).toEqual([]);
  });
});
