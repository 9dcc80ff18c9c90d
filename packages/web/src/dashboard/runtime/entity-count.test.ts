import type { DataKey, EntityAlias } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { applyCount, countEntity, entityCountCommand } from './entity-count';
import { type EntityValues, initialValues } from './widget-data';

const ALIAS = {
  id: 'a1',
  alias: 'Thermostats',
  filter: { type: 'deviceType', deviceType: 'thermostat', deviceNameFilter: '', resolveMultiple: true },
} as unknown as EntityAlias;
const KEYS: DataKey[] = [
  { name: 'count', type: 'count', label: 'Devices', color: '#000' },
  { name: 'other', type: 'timeseries', label: 'x', color: '#000' },
];

describe('entity count datasource', () => {
  it('counts the alias filter as the server knows it, without the console-side fields', () => {
    expect(entityCountCommand(ALIAS, {})).toEqual({
      query: { entityFilter: { type: 'deviceType', deviceType: 'thermostat', deviceNameFilter: '' } },
    });
    expect(entityCountCommand(undefined, {})).toBeNull();
    const state = {
      ...ALIAS,
      filter: { type: 'stateEntity', resolveMultiple: false },
    } as unknown as EntityAlias;
    expect(entityCountCommand(state, {})).toBeNull();
  });

  it('shows the count as the value of its count keys, and as a point of their series', () => {
    const entity = countEntity({ type: 'entityCount', entityAliasId: 'a1', dataKeys: KEYS }, ALIAS);
    expect(entity.name).toBe('Thermostats');
    const values = initialValues([entity], KEYS)[0] as EntityValues;
    const once = applyCount(values, KEYS, { count: 3, errorCode: 0 }, 1000, 0);
    const twice = applyCount(once, KEYS, { count: 4, errorCode: 0 }, 2000, 0);
    expect(twice.latest).toEqual([{ ts: 2000, value: '4' }, undefined]);
    expect(twice.series[0]).toEqual([
      { ts: 1000, value: '3' },
      { ts: 2000, value: '4' },
    ]);
    expect(applyCount(twice, KEYS, { count: 9, errorCode: 1 }, 3000, 0)).toBe(twice);
  });
});
