import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAlarm,
  addAsset,
  addCustomer,
  addDevice,
  addRelation,
  type NodeWorld,
  nodeWorld,
} from '../testing/node-world.js';
import { TenantEntities } from './tenant-entities.js';

let world: NodeWorld;
let entities: TenantEntities;
beforeAll(async () => {
  world = await nodeWorld();
  entities = new TenantEntities(world.store.db, world.tenantId);
});
afterAll(async () => {
  await world?.close();
});

describe('TenantEntities', () => {
  it('walks relations level by level, filtered by type and far-end entity type', async () => {
    const site = await addAsset(world.store, world.tenantId, 'site');
    const building = await addAsset(world.store, world.tenantId, 'site building');
    const device = await addDevice(world, world.tenantId, 'site device');
    const foreign = await addDevice(world, world.otherTenantId, 'site foreign device');
    await addRelation(world.store, site, building, 'Contains');
    await addRelation(world.store, building, device, 'Contains');
    await addRelation(world.store, building, foreign, 'Contains');
    await addRelation(world.store, site, device, 'Manages');
    const query = (
      maxLevel: number,
      fetchLastLevelOnly = false,
      entityTypes: ('ASSET' | 'DEVICE')[] = [],
    ) => ({
      direction: 'FROM' as const,
      maxLevel,
      fetchLastLevelOnly,
      filters: [{ relationType: 'Contains', entityTypes }],
    });
    expect(await entities.related(site, query(1))).toEqual([building]);
    expect(await entities.related(site, query(2))).toEqual([building, device]);
    expect(await entities.related(site, query(2, true))).toEqual([device]);
    expect(await entities.related(site, query(0, false, ['DEVICE']))).toEqual([device]);
    expect(
      await entities.related(device, {
        direction: 'TO',
        maxLevel: 1,
        fetchLastLevelOnly: false,
        filters: [],
      }),
    ).toEqual([building, site]);
  });

  it('finds customers only inside the tenant', async () => {
    const customer = await addCustomer(world.store, world.tenantId, 'Lookup Customer');
    const asset = await addAsset(world.store, world.tenantId, 'customer asset', { customerId: customer.id });
    const foreignCustomer = await addCustomer(world.store, world.otherTenantId, 'Foreign Lookup Customer');
    expect(await entities.customerOf(asset)).toBe(customer.id);
    expect(await entities.customerOf(customer)).toBe(customer.id);
    expect(await entities.customerOf(foreignCustomer)).toBeUndefined();
    await expect(entities.customerOf({ entityType: 'ENTITY_VIEW', id: asset.id })).rejects.toThrow(
      'Unexpected originator EntityType ENTITY_VIEW',
    );
  });

  it('requireOwned accepts this tenant, refuses others', async () => {
    const device = await addDevice(world, world.tenantId, 'owned device');
    const alarm = await addAlarm(world.store, world.tenantId, device);
    const foreign = await addDevice(world, world.otherTenantId, 'not owned device');
    await entities.requireOwned(device);
    await entities.requireOwned(alarm);
    await entities.requireOwned({ entityType: 'TENANT', id: world.tenantId });
    await expect(entities.requireOwned(foreign)).rejects.toThrow('was not found');
    await expect(entities.requireOwned({ entityType: 'TENANT', id: world.otherTenantId })).rejects.toThrow(
      'was not found',
    );
  });
});
