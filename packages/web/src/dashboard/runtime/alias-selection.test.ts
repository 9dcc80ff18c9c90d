import type { EntityAlias } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import {
  ALIAS_ENTITY_PAGE_SIZE,
  aliasCandidatesQuery,
  aliasSelectLabel,
  selectableAliases,
} from './alias-selection';

const alias = (id: string, filter: Record<string, unknown>): EntityAlias =>
  ({ id, alias: id, filter }) as unknown as EntityAlias;

describe('entity aliases select', () => {
  const aliases = {
    a: alias('a', { type: 'deviceType', deviceType: 'thermostat', resolveMultiple: false }),
    b: alias('b', { type: 'deviceType', deviceType: 'thermostat', resolveMultiple: true }),
    c: alias('c', { type: 'singleEntity', singleEntity: { entityType: 'DEVICE', id: 'x' } }),
    d: alias('d', { type: 'stateEntity', resolveMultiple: false }),
    e: alias('e', { type: 'entityList', entityType: 'DEVICE', entityList: ['x', 'y'] }),
  };

  it('offers the aliases that show one of several entities', () => {
    expect(selectableAliases(aliases).map((a) => a.id)).toEqual(['a', 'e']);
  });

  it('searches an alias entities by name, a page of them', () => {
    const query = aliasCandidatesQuery(aliases.a, {}, ' Therm ');
    expect(query?.entityFilter).toEqual({ type: 'deviceType', deviceType: 'thermostat' });
    expect(query?.pageLink).toMatchObject({
      pageSize: ALIAS_ENTITY_PAGE_SIZE,
      textSearch: 'Therm',
      sortOrder: { key: { type: 'ENTITY_FIELD', key: 'name' }, direction: 'ASC' },
    });
  });

  it('names the entity when one alias is selectable, else says entities', () => {
    const entity = { id: { entityType: 'DEVICE' as const, id: 'x' }, name: 'T1', label: '' };
    expect(aliasSelectLabel([entity], 'Entities')).toBe('T1');
    expect(aliasSelectLabel([entity, { ...entity, name: 'T2' }], 'Entities')).toBe('Entities');
  });
});
