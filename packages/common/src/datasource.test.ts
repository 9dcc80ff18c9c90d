import { describe, expect, it } from 'vitest';
import {
  createDefaultDataKey,
  type Datasource,
  dataKeyTypeToEntityKeyType,
  evaluatePredefinedFunction,
  normalizeDatasource,
} from './datasource.js';

describe('normalizeDatasource', () => {
  it('turns a legacy device datasource into an entity one', () => {
    const legacy: Datasource = { type: 'device', deviceId: 'd-1', deviceName: 'Thermostat T1', dataKeys: [] };
    expect(normalizeDatasource(legacy)).toEqual({
      type: 'entity',
      entityType: 'DEVICE',
      entityId: 'd-1',
      entityName: 'Thermostat T1',
      dataKeys: [],
    });
    expect(legacy.type).toBe('device');
  });

  it('moves the alias id when there is no device id', () => {
    expect(normalizeDatasource({ type: 'device', deviceAliasId: 'a-1', dataKeys: [] })).toEqual({
      type: 'entity',
      entityType: 'DEVICE',
      entityAliasId: 'a-1',
      dataKeys: [],
    });
  });

  it('returns other datasources unchanged', () => {
    const ds: Datasource = { type: 'entityCount', entityAliasId: 'x', dataKeys: [] };
    expect(normalizeDatasource(ds)).toBe(ds);
  });
});

describe('data keys', () => {
  it('map widget key types to query key types', () => {
    expect(dataKeyTypeToEntityKeyType('timeseries')).toBe('TIME_SERIES');
    expect(dataKeyTypeToEntityKeyType('attribute')).toBe('ATTRIBUTE');
    expect(dataKeyTypeToEntityKeyType('alarm')).toBe('ALARM_FIELD');
    expect(dataKeyTypeToEntityKeyType('entityField')).toBe('ENTITY_FIELD');
    expect(dataKeyTypeToEntityKeyType('count')).toBe('COUNT');
    expect(dataKeyTypeToEntityKeyType('function')).toBeNull();
  });

  it('default to a function key labelled Sin', () => {
    expect(createDefaultDataKey()).toMatchObject({ type: 'function', label: 'Sin' });
  });
});

describe('evaluatePredefinedFunction', () => {
  it('keeps Sin and Cos within ±1000', () => {
    expect(evaluatePredefinedFunction('Sin', 0, 0)).toBe(0);
    expect(evaluatePredefinedFunction('Cos', 0, 0)).toBe(1000);
    expect(evaluatePredefinedFunction('Sin', 5000 * (Math.PI / 2), 0)).toBe(1000);
    for (let t = 0; t < 100_000; t += 777) {
      expect(Math.abs(evaluatePredefinedFunction('Sin', t, 0))).toBeLessThanOrEqual(1000);
    }
  });

  it('walks Random by at most 50 and clamps it', () => {
    expect(evaluatePredefinedFunction('Random', 0, 100, () => 0.5)).toBe(100);
    expect(evaluatePredefinedFunction('Random', 0, 100, () => 0)).toBe(50);
    expect(evaluatePredefinedFunction('Random', 0, 990, () => 0.99)).toBe(1000);
    expect(evaluatePredefinedFunction('Random', 0, -990, () => 0)).toBe(-1000);
  });
});
