import { ALIAS_FILTER_TYPES, type AliasFilter } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { queryFilterOf } from '../../runtime/alias-resolution';
import {
  aliasFilterOf,
  aliasFilterSummary,
  type FilterDraft,
  filterDraftError,
  newFilterDraft,
  offersResolveMultiple,
} from './alias-filter-values';

const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key;
const typeName = (type: string) => type.toLowerCase();
const device = { entityType: 'DEVICE' as const, id: 'd1' };

describe('alias filter values', () => {
  it('starts every filter type with the fields the reference saves', () => {
    expect(newFilterDraft('deviceType')).toEqual({
      type: 'deviceType',
      deviceType: '',
      deviceNameFilter: '',
      resolveMultiple: true,
    });
    expect(newFilterDraft('stateEntity')).toEqual({
      type: 'stateEntity',
      stateEntityParamName: null,
      defaultStateEntity: null,
      resolveMultiple: false,
    });
    expect(newFilterDraft('assetSearchQuery')).toMatchObject({
      rootEntity: null,
      direction: 'FROM',
      maxLevel: 1,
      relationType: null,
      assetTypes: [],
    });
    expect(newFilterDraft('relationsQuery')).toMatchObject({ filters: [], rootStateEntity: false });
    for (const type of ALIAS_FILTER_TYPES) expect(newFilterDraft(type).type).toBe(type);
  });

  it('tells what is missing before a filter can be saved', () => {
    expect(filterDraftError(newFilterDraft('singleEntity'))).toBe('dashboard-aliases.entity-required');
    expect(filterDraftError({ ...newFilterDraft('singleEntity'), singleEntity: device })).toBeNull();
    expect(filterDraftError(newFilterDraft('entityList'))).toBe('dashboard-aliases.entities-required');
    expect(filterDraftError(newFilterDraft('deviceType'))).toBe('dashboard-aliases.type-required');
    expect(filterDraftError({ ...newFilterDraft('deviceType'), deviceType: 'thermostat' })).toBeNull();
    expect(filterDraftError(newFilterDraft('entityName'))).toBe('dashboard-aliases.name-prefix-required');
    const relations = newFilterDraft('relationsQuery');
    expect(filterDraftError(relations)).toBe('dashboard-aliases.root-required');
    expect(filterDraftError({ ...relations, rootStateEntity: true })).toBeNull();
    expect(filterDraftError({ ...relations, rootEntity: device, maxLevel: 0 })).toBe(
      'dashboard-aliases.max-level-invalid',
    );
    expect(filterDraftError(newFilterDraft('apiUsageState'))).toBeNull();
  });

  it('saves the JSON the viewer resolves: trimmed texts, one entity for single filters', () => {
    const saved = aliasFilterOf({
      ...newFilterDraft('deviceType'),
      deviceType: ' thermostat ',
      deviceNameFilter: ' T',
    } as FilterDraft);
    expect(saved).toEqual({
      type: 'deviceType',
      deviceType: 'thermostat',
      deviceNameFilter: 'T',
      resolveMultiple: true,
    });
    expect(queryFilterOf(saved, {})).toEqual({
      type: 'deviceType',
      deviceType: 'thermostat',
      deviceNameFilter: 'T',
    });
    const single = aliasFilterOf({
      ...newFilterDraft('singleEntity'),
      singleEntity: device,
      resolveMultiple: true,
    });
    expect(single.resolveMultiple).toBe(false);
    expect(offersResolveMultiple('singleEntity')).toBe(false);
    expect(offersResolveMultiple('entityType')).toBe(true);
    const rooted = aliasFilterOf({
      ...newFilterDraft('deviceSearchQuery'),
      rootStateEntity: true,
      maxLevel: '2',
    });
    expect(queryFilterOf(rooted, { entityId: device })).toMatchObject({
      type: 'deviceSearchQuery',
      rootEntity: device,
      maxLevel: 2,
    });
  });

  it('keeps keys it does not know', () => {
    const saved = aliasFilterOf({ ...newFilterDraft('entityType'), custom: 1 } as FilterDraft);
    expect(saved).toMatchObject({ custom: 1, entityType: 'DEVICE' });
  });

  it('summarises each filter in one line', () => {
    const summary = (filter: Record<string, unknown>) =>
      aliasFilterSummary(filter as unknown as AliasFilter, t, typeName);
    expect(summary({ type: 'deviceType', deviceType: 'thermostat', deviceNameFilter: 'T' })).toBe(
      'dashboard-aliases.summary.subtype {"entityType":"device","subtype":"thermostat"} dashboard-aliases.summary.name-prefix {"prefix":"T"}',
    );
    expect(summary({ type: 'entityType', entityType: 'ASSET' })).toBe(
      'dashboard-aliases.summary.type {"entityType":"asset"}',
    );
    expect(summary({ type: 'singleEntity', singleEntity: device })).toBe(
      'dashboard-aliases.summary.single {"entityType":"device"}',
    );
    expect(
      aliasFilterSummary({ type: 'singleEntity', singleEntity: device }, t, typeName, (id) =>
        id.id === 'd1' ? 'Thermostat' : undefined,
      ),
    ).toBe('dashboard-aliases.summary.single-named {"entityType":"device","name":"Thermostat"}');
    expect(summary({ type: 'entityList', entityType: 'DEVICE', entityList: ['a', 'b'] })).toBe(
      'dashboard-aliases.summary.list {"count":2,"entityType":"device"}',
    );
    expect(summary({ type: 'stateEntity', stateEntityParamName: null })).toBe(
      'dashboard-aliases.summary.state {"param":"dashboard-aliases.default-param"}',
    );
    expect(summary({ type: 'apiUsageState' })).toBe('dashboard-aliases.filter-types.apiUsageState');
    expect(
      summary({ type: 'relationsQuery', rootStateEntity: true, direction: 'TO', maxLevel: 2, filters: [] }),
    ).toBe(
      'dashboard-aliases.summary.relations {"what":"dashboard-aliases.summary.entities","direction":"relation.direction-to","root":"dashboard-aliases.summary.state-root","level":2}',
    );
  });
});
