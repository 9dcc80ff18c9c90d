import { describe, expect, it } from 'vitest';
import { phoneColumns } from './phone-columns';
import type { EntityColumn } from './types';

const column = (key: string, extra: Partial<EntityColumn<unknown>> = {}): EntityColumn<unknown> => ({
  key,
  label: key,
  value: () => key,
  ...extra,
});

const keys = (columns: EntityColumn<unknown>[]) => columns.map((item) => item.key);

describe('phone columns', () => {
  it('lead with the naming column and drop the secondary ones', () => {
    const devices = [
      column('createdTime', { kind: 'date' }),
      column('name'),
      column('deviceProfileName'),
      column('label'),
    ];
    expect(keys(phoneColumns(devices))).toEqual(['name']);
  });

  it('prefer name, then title, email, key, entity name and type', () => {
    expect(keys(phoneColumns([column('createdTime'), column('email'), column('title')]))).toEqual(['title']);
    expect(keys(phoneColumns([column('firstName'), column('lastName'), column('email')]))).toEqual(['email']);
    expect(keys(phoneColumns([column('createdTime'), column('originator'), column('type')]))).toEqual([
      'type',
    ]);
  });

  it('keep the columns marked for phones, after the name', () => {
    const attributes = [
      column('lastUpdateTs', { kind: 'date' }),
      column('key'),
      column('value', { keepOnPhone: true }),
    ];
    expect(keys(phoneColumns(attributes))).toEqual(['key', 'value']);
  });

  it('take the column marked as naming the row over the usual keys', () => {
    const auditLogs = [
      column('createdTime', { kind: 'date', keepOnPhone: true }),
      column('entityName'),
      column('userName'),
      column('actionType', { namesRow: true }),
      column('actionStatus'),
    ];
    expect(keys(phoneColumns(auditLogs))).toEqual(['actionType', 'createdTime']);
  });

  it('fall back to the first column that is not a date', () => {
    expect(keys(phoneColumns([column('createdTime', { kind: 'date' }), column('general')]))).toEqual([
      'general',
    ]);
    expect(phoneColumns([])).toEqual([]);
  });
});
