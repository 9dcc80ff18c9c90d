import type { EntityAlias, JsonObject } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { aliasesOf, duplicateAliasName, widgetsUsingAlias, withAliases } from './alias-config';

const configuration = {
  description: 'kept',
  entityAliases: {
    a1: { id: 'a1', alias: 'Devices', filter: { type: 'entityType', entityType: 'DEVICE' }, extra: true },
    a2: { id: 'a2', alias: 'Broken' },
  },
  widgets: {
    w1: {
      typeAlias: 'simple_card',
      config: { title: 'Card', datasources: [{ type: 'entity', entityAliasId: 'a1' }] },
    },
    w2: { typeAlias: 'alarms_table', config: { alarmSource: { entityAliasId: 'a1' } } },
    w3: { typeAlias: 'knob_control', config: { title: '', targetDeviceAliasIds: ['a1'] } },
    w4: { typeAlias: 'other', config: { datasources: [{ entityAliasId: 'a3' }] } },
  },
} as unknown as JsonObject;

describe('alias config', () => {
  it('reads the saved aliases with their unknown keys, skipping entries without a filter', () => {
    expect(aliasesOf(configuration)).toEqual([
      { id: 'a1', alias: 'Devices', filter: { type: 'entityType', entityType: 'DEVICE' }, extra: true },
    ]);
  });

  it('writes aliases by id and keeps the rest of the configuration', () => {
    const alias: EntityAlias = { id: 'n', alias: 'New', filter: { type: 'apiUsageState' } };
    const next = withAliases(configuration, [alias]);
    expect(next.entityAliases).toEqual({ n: alias });
    expect(next.description).toBe('kept');
    expect(next.widgets).toBe(configuration.widgets);
  });

  it('names the widgets using an alias: datasources, alarm source, RPC target', () => {
    expect(widgetsUsingAlias(configuration, 'a1')).toEqual(['Card', 'alarms_table', 'knob_control']);
    expect(widgetsUsingAlias(configuration, 'a2')).toEqual([]);
  });

  it('finds a duplicate name ignoring case and spaces, but not the alias itself', () => {
    const aliases = aliasesOf(configuration);
    expect(duplicateAliasName(aliases, ' devices ', 'other')).toBe(true);
    expect(duplicateAliasName(aliases, 'Devices', 'a1')).toBe(false);
  });
});
