import type { Datasource, JsonObject } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import {
  belowLimit,
  datasourcesWithoutKeys,
  keyColor,
  keyCount,
  moved,
  newDataKey,
  withDatasourceType,
} from './data-keys';

describe('data keys of the config editor', () => {
  it('labels a new key with its name and colours it by its place', () => {
    const key = newDataKey('temperature', 'timeseries', 1);
    expect(key).toMatchObject({
      name: 'temperature',
      type: 'timeseries',
      label: 'temperature',
      color: '#4caf50',
    });
    expect(keyColor(19)).toBe('#2196f3');
    expect(newDataKey('f', 'function', 0).funcBody).toContain('prevValue');
  });

  it('counts the keys of all datasources', () => {
    const sources = [
      { type: 'entity', dataKeys: [newDataKey('a', 'timeseries', 0)] },
      { type: 'function', dataKeys: [newDataKey('b', 'function', 1), newDataKey('c', 'function', 2)] },
    ] as Datasource[];
    expect(keyCount(sources)).toBe(3);
  });

  it('keeps only the keys that fit a datasource changed to another type', () => {
    const entity: Datasource = {
      type: 'entity',
      entityAliasId: 'alias',
      dataKeys: [newDataKey('t', 'timeseries', 0)],
    };
    const count = withDatasourceType(entity, 'entityCount', 4);
    expect(count.entityAliasId).toBe('alias');
    expect(count.dataKeys.map((k) => k.type)).toEqual(['count']);
    expect(withDatasourceType(count, 'entity', 0).dataKeys).toEqual([]);
    expect(withDatasourceType(entity, 'function', 0)).toMatchObject({ name: 'function', dataKeys: [] });
  });

  it('moves an item within bounds only', () => {
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });

  it('reads -1 as no limit', () => {
    expect(belowLimit(5, -1)).toBe(true);
    expect(belowLimit(0, 1)).toBe(true);
    expect(belowLimit(1, 1)).toBe(false);
    expect(belowLimit(0, 0)).toBe(false);
  });

  it('finds the datasources without keys unless the type makes keys optional', () => {
    const config = {
      datasources: [
        { type: 'entity', dataKeys: [newDataKey('t', 'timeseries', 0)] },
        { type: 'entity', dataKeys: [] },
        { type: 'function' },
        { type: 'entityCount', dataKeys: [] },
      ],
    } as unknown as JsonObject;
    expect(datasourcesWithoutKeys(config, 'latest', { dataKeysOptional: false })).toEqual([1, 2]);
    expect(datasourcesWithoutKeys(config, 'timeseries', { dataKeysOptional: false })).toEqual([1, 2]);
    expect(datasourcesWithoutKeys(config, 'latest', { dataKeysOptional: true })).toEqual([]);
    expect(datasourcesWithoutKeys(config, 'rpc', { dataKeysOptional: false })).toEqual([]);
    expect(datasourcesWithoutKeys({}, 'latest', { dataKeysOptional: false })).toEqual([]);
  });
});
