import type { EntityAlias, EntityDataQuery } from '@meridian/common';
import { describe, expect, it, vi } from 'vitest';
import { filterOfEntities, queryFilterOf, resolveAlias } from './alias-resolution';

const DEVICE = { entityType: 'DEVICE', id: 'd1' } as const;
const page = (ids: string[]) => ({
  data: ids.map((id) => ({
    entityId: { entityType: 'DEVICE' as const, id },
    latest: { ENTITY_FIELD: { name: { ts: 0, value: `name ${id}` }, label: { ts: 0, value: '' } } },
    timeseries: {},
  })),
  totalPages: 1,
  totalElements: ids.length,
  hasNext: false,
});

describe('alias resolution', () => {
  it.each<[EntityAlias['filter'], boolean]>([
    [{ type: 'singleEntity', singleEntity: DEVICE }, false],
    [{ type: 'entityList', entityType: 'DEVICE', entityList: ['d1', 'd2'], resolveMultiple: true }, true],
    [{ type: 'entityName', entityType: 'DEVICE', entityNameFilter: 'The', resolveMultiple: true }, true],
    [{ type: 'entityType', entityType: 'ASSET', resolveMultiple: true }, true],
    [{ type: 'deviceType', deviceType: 'thermostat', deviceNameFilter: '' }, false],
    [{ type: 'assetType', assetType: 'building', resolveMultiple: true }, true],
  ])(
    'sends %j to the entity query API with the page its resolveMultiple asks for',
    async (filter, multiple) => {
      const find = vi.fn(async (_query: EntityDataQuery) => page(['d1', 'd2']));
      const result = await resolveAlias({ id: 'a', alias: 'A', filter }, {}, find);
      const { resolveMultiple: _, ...sent } = filter;
      expect(find.mock.calls[0]?.[0]).toMatchObject({
        entityFilter: sent,
        pageLink: { pageSize: multiple ? 1024 : 1, page: 0 },
        entityFields: [
          { type: 'ENTITY_FIELD', key: 'name' },
          { type: 'ENTITY_FIELD', key: 'label' },
        ],
      });
      expect(result).toEqual({
        kind: 'entities',
        entities: [
          { id: { entityType: 'DEVICE', id: 'd1' }, name: 'name d1', label: '' },
          { id: { entityType: 'DEVICE', id: 'd2' }, name: 'name d2', label: '' },
        ],
      });
    },
  );

  it("sends a datasource's dashboard filter with the alias query, and none without one", async () => {
    const find = vi.fn(async (_query: EntityDataQuery) => page(['d2']));
    const keyFilters = [
      {
        key: { type: 'TIME_SERIES' as const, key: 'temperature' },
        valueType: 'NUMERIC' as const,
        predicate: {
          type: 'NUMERIC' as const,
          operation: 'GREATER' as const,
          value: { defaultValue: 20, userValue: 30 },
        },
      },
    ];
    const alias: EntityAlias = {
      id: 'a',
      alias: 'A',
      filter: { type: 'deviceType', deviceType: 'thermostat', resolveMultiple: true },
    };
    const result = await resolveAlias(alias, {}, find, keyFilters);
    expect(find.mock.calls[0]?.[0].keyFilters).toEqual(keyFilters);
    expect(result).toMatchObject({ kind: 'entities', entities: [{ name: 'name d2' }] });
    await resolveAlias(alias, {}, find);
    expect(find.mock.calls[1]?.[0]).not.toHaveProperty('keyFilters');
  });

  it('resolves to nothing when nothing matches or the state names no entity', async () => {
    const find = vi.fn(async () => page([]));
    expect(
      await resolveAlias(
        { id: 'a', alias: 'A', filter: { type: 'entityType', entityType: 'DEVICE' } },
        {},
        find,
      ),
    ).toEqual({
      kind: 'empty',
    });
    const stateAlias: EntityAlias = { id: 's', alias: 'S', filter: { type: 'stateEntity' } };
    expect(await resolveAlias(stateAlias, {}, find)).toEqual({ kind: 'empty' });
    expect(find).toHaveBeenCalledTimes(1);
  });

  it('takes the entity from the dashboard state', () => {
    expect(
      queryFilterOf({ type: 'stateEntity', stateEntityParamName: 'p' }, { p: { entityId: DEVICE } }),
    ).toEqual({
      type: 'singleEntity',
      singleEntity: DEVICE,
    });
    expect(queryFilterOf({ type: 'stateEntity', defaultStateEntity: DEVICE }, {})).toEqual({
      type: 'singleEntity',
      singleEntity: DEVICE,
    });
  });

  it('subscribes exactly the resolved entities', () => {
    const e = (id: string) => ({ id: { entityType: 'DEVICE' as const, id }, name: id, label: '' });
    expect(filterOfEntities([])).toBeNull();
    expect(filterOfEntities([e('d1')])).toEqual({
      type: 'singleEntity',
      singleEntity: { entityType: 'DEVICE', id: 'd1' },
    });
    expect(filterOfEntities([e('d1'), e('d2')])).toEqual({
      type: 'entityList',
      entityType: 'DEVICE',
      entityList: ['d1', 'd2'],
    });
  });
});
