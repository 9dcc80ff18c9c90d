import { describe, expect, it } from 'vitest';
import {
  LED_VALUE_SOURCE,
  RPC_ONLY_VALUE_SOURCE,
  rpcDataConfig,
  SWITCH_VALUE_SOURCE,
  targetDeviceOf,
} from './rpc-target';

describe('RPC widget target', () => {
  it('subscribes the first target alias with the key the widget follows', () => {
    const config = {
      targetDeviceAliasIds: ['a1', 'a2'],
      settings: { retrieveValueMethod: 'timeseries', valueKey: 'state' },
    };
    expect(rpcDataConfig(config, SWITCH_VALUE_SOURCE).datasources).toEqual([
      {
        type: 'entity',
        entityAliasId: 'a1',
        dataKeys: [{ name: 'state', type: 'timeseries', label: 'state', color: '' }],
      },
    ]);
  });

  it('follows no key when the value comes by RPC, and the LED an attribute by default', () => {
    const target = { targetDeviceAliasIds: ['a1'] };
    expect(
      rpcDataConfig({ ...target, settings: {} }, SWITCH_VALUE_SOURCE).datasources?.[0]?.dataKeys,
    ).toEqual([]);
    expect(
      rpcDataConfig({ ...target, settings: { retrieveValueMethod: 'attribute' } }, RPC_ONLY_VALUE_SOURCE)
        .datasources?.[0]?.dataKeys,
    ).toEqual([]);
    expect(rpcDataConfig({ ...target, settings: {} }, LED_VALUE_SOURCE).datasources?.[0]?.dataKeys).toEqual([
      { name: 'value', type: 'attribute', label: 'value', color: '' },
    ]);
  });

  it('has no datasource without a target alias, and takes the first device it resolves to', () => {
    expect(
      rpcDataConfig({ datasources: [{ type: 'function', dataKeys: [] }] }, SWITCH_VALUE_SOURCE).datasources,
    ).toEqual([]);
    const asset = { id: { entityType: 'ASSET' as const, id: 's1' }, name: 'Site', label: '' };
    const device = { id: { entityType: 'DEVICE' as const, id: 'd1' }, name: 'Pump', label: '' };
    expect(targetDeviceOf([asset, device])).toBe(device);
    expect(targetDeviceOf([])).toBeNull();
  });
});
