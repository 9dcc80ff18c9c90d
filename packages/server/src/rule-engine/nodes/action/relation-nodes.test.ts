// biome-ignore-all lint/suspicious/noTemplateCurlyInString: node configurations use the reference ${metadata} pattern syntax
import type { EntityId } from '@meridian/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../../db/store.js';
import { RelationsRepo } from '../../../modules/relations/repo.js';
import { demoStore } from '../../../transport/core/test-store.js';
import { nodeHarness, testMsg } from '../../testing/node-harness.js';
import { createRelationNode } from './create-relation.js';
import { deleteRelationNode } from './delete-relation.js';
import { demoDevice, otherTenant, storeServices } from './test-support.js';

let store: Store & { tenantId: string };
let services: ReturnType<typeof storeServices>['services'];
let relations: RelationsRepo;

beforeAll(async () => {
  store = await demoStore();
  services = storeServices(store.db).services;
  relations = new RelationsRepo(store.db);
});
afterAll(() => store.close());

const harness = (definition: typeof createRelationNode, config: Record<string, unknown>) =>
  nodeHarness(definition, config as never, services, { tenantId: store.tenantId });

const assetNamed = async (name: string) => {
  const row = await store.db
    .selectFrom('asset')
    .select(['id', 'type'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row && { entityType: 'ASSET' as const, id: row.id, type: row.type };
};

const related = (from: EntityId, to: EntityId, type = 'Contains') =>
  relations.find({ from, to, type, typeGroup: 'COMMON' });

describe('create relation', () => {
  it('creates the target asset when allowed and relates it to the originator', async () => {
    const device = await demoDevice(store.db, 'Test Device A1');
    const node = await harness(createRelationNode, {
      direction: 'FROM',
      relationType: 'Contains',
      entityType: 'ASSET',
      entityNamePattern: 'Building ${building}',
      entityTypePattern: 'building',
      createEntityIfNotExists: true,
    });
    const msg = testMsg({}, { originator: device, metadata: { building: '7' } });
    expect(await node.run(msg)).toEqual([{ msg, relations: ['Success'] }]);
    const asset = await assetNamed('Building 7');
    expect(asset?.type).toBe('building');
    expect(await related(asset as EntityId, device)).toBeDefined();
    // Again: the relation exists, nothing changes.
    expect(await node.run(msg)).toEqual([{ msg, relations: ['Success'] }]);
  });

  it('fails when the target is missing and may not be created', async () => {
    const device = await demoDevice(store.db, 'Test Device A1');
    const node = await harness(createRelationNode, { entityType: 'ASSET', entityNamePattern: 'Nowhere' });
    await expect(node.run(testMsg({}, { originator: device }))).rejects.toThrow(
      "ASSET with name 'Nowhere' not found",
    );
  });

  it('replaces the current relations and changes the originator when asked', async () => {
    const device = await demoDevice(store.db, 'Test Device A2');
    const config = {
      direction: 'TO',
      relationType: 'LocatedIn',
      entityType: 'ASSET',
      entityNamePattern: '${room}',
      createEntityIfNotExists: true,
      removeCurrentRelations: true,
      changeOriginatorToRelatedEntity: true,
      entityCacheExpiration: 0,
    };
    const node = await harness(createRelationNode, config);
    await node.run(testMsg({}, { originator: device, metadata: { room: 'Room 1' } }));
    const [out] = await node.run(testMsg({}, { originator: device, metadata: { room: 'Room 2' } }));
    const room1 = (await assetNamed('Room 1')) as EntityId;
    const room2 = (await assetNamed('Room 2')) as EntityId;
    expect(out?.msg.originator).toEqual({ entityType: 'ASSET', id: room2.id });
    expect(await related(device, room1, 'LocatedIn')).toBeUndefined();
    expect(await related(device, room2, 'LocatedIn')).toBeDefined();
  });

  it('creates a device with an access token and the profile its type names', async () => {
    const gateway = await demoDevice(store.db, 'Test Device B1');
    const node = await harness(createRelationNode, {
      entityType: 'DEVICE',
      entityNamePattern: 'Sensor ${n}',
      entityTypePattern: 'sensor',
      createEntityIfNotExists: true,
    });
    await node.run(testMsg({}, { originator: gateway, metadata: { n: '1' } }));
    const sensor = await store.db
      .selectFrom('device')
      .innerJoin('deviceProfile', 'deviceProfile.id', 'device.deviceProfileId')
      .innerJoin('deviceCredentials', 'deviceCredentials.deviceId', 'device.id')
      .select([
        'device.id',
        'device.tenantId',
        'deviceProfile.name as profile',
        'deviceCredentials.credentialsType',
      ])
      .where('device.name', '=', 'Sensor 1')
      .executeTakeFirstOrThrow();
    expect(sensor).toMatchObject({
      tenantId: store.tenantId,
      profile: 'sensor',
      credentialsType: 'ACCESS_TOKEN',
    });
    expect(await related({ entityType: 'DEVICE', id: sensor.id }, gateway)).toBeDefined();
  });

  it('never finds or relates another tenant’s entities', async () => {
    const other = await otherTenant(store.db);
    const device = await demoDevice(store.db, 'Test Device A1');
    const byName = await harness(createRelationNode, {
      entityType: 'DEVICE',
      entityNamePattern: 'Other Device',
    });
    await expect(byName.run(testMsg({}, { originator: device }))).rejects.toThrow(
      "DEVICE with name 'Other Device' not found",
    );
    const fromOther = await harness(createRelationNode, {
      entityType: 'DEVICE',
      entityNamePattern: 'Test Device A1',
    });
    await expect(fromOther.run(testMsg({}, { originator: other.device }))).rejects.toThrow(
      'not found in the tenant',
    );
    expect(await relations.findByFrom(other.device, 'COMMON')).toEqual([]);
    expect(await relations.findByTo(other.device, 'COMMON')).toEqual([]);
  });
});

describe('delete relation', () => {
  it('deletes the relation to the named entity, or all of the type and direction', async () => {
    const device = await demoDevice(store.db, 'Thermostat T1');
    const create = await harness(createRelationNode, {
      entityType: 'ASSET',
      entityNamePattern: '${zone}',
      createEntityIfNotExists: true,
    });
    for (const zone of ['Zone A', 'Zone B', 'Zone C']) {
      await create.run(testMsg({}, { originator: device, metadata: { zone } }));
    }
    const zoneA = (await assetNamed('Zone A')) as EntityId;
    const single = await harness(deleteRelationNode, { entityType: 'ASSET', entityNamePattern: 'Zone A' });
    const msg = testMsg({}, { originator: device });
    expect(await single.run(msg)).toEqual([{ msg, relations: ['Success'] }]);
    expect(await related(zoneA, device)).toBeUndefined();
    expect(await relations.findByTo(device, 'COMMON', 'Contains')).toHaveLength(2);
    // Deleting a relation that is not there is no error.
    expect(await single.run(msg)).toEqual([{ msg, relations: ['Success'] }]);

    const all = await harness(deleteRelationNode, { deleteForSingleEntity: false, direction: 'FROM' });
    await all.run(msg);
    expect(await relations.findByTo(device, 'COMMON', 'Contains')).toEqual([]);
  });

  it('fails a single delete whose node has no target configured', async () => {
    const device = await demoDevice(store.db, 'Thermostat T1');
    const node = await harness(deleteRelationNode, deleteRelationNode.defaultConfiguration);
    await expect(node.run(testMsg({}, { originator: device }))).rejects.toThrow("'entityType' is not set");
  });
});
