import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/api-error.js';
import { splitList } from './key-filters.js';
import { parseCountQuery, parseDataQuery, parseEntityFilter } from './parse.js';

const message = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    return (error as ApiError).message;
  }
  throw new Error('expected a 400');
};

const ROOT = { entityType: 'ASSET', id: '6c3a1e00-0000-11ee-8000-000000000001' };

describe('parseEntityFilter', () => {
  it('fills the reference defaults', () => {
    expect(parseEntityFilter({ type: 'entityName', entityType: 'DEVICE' })).toEqual({
      type: 'entityName',
      entityType: 'DEVICE',
      entityNameFilter: '',
    });
    expect(parseEntityFilter({ type: 'relationsQuery', rootEntity: ROOT, direction: 'FROM' })).toEqual({
      type: 'relationsQuery',
      rootEntity: ROOT,
      direction: 'FROM',
      maxLevel: 0,
      fetchLastLevelOnly: false,
      filters: [],
      multiRoot: false,
    });
  });

  it('needs a root unless the query is multi-root', () => {
    expect(message(() => parseEntityFilter({ type: 'relationsQuery', direction: 'FROM' }))).toBe(
      "Invalid entity query: 'entityFilter.rootEntity' must be an object, not undefined",
    );
    const multi = parseEntityFilter({
      type: 'relationsQuery',
      direction: 'TO',
      multiRoot: true,
      multiRootEntitiesType: 'DEVICE',
      multiRootEntityIds: [ROOT.id.toUpperCase()],
    });
    expect(multi).toMatchObject({ rootEntity: null, multiRootEntityIds: [ROOT.id] });
  });

  it('names unsupported and unknown filters', () => {
    expect(message(() => parseEntityFilter({ type: 'stateEntity' }))).toBe(
      "Entity filter type 'stateEntity' is not supported",
    );
    expect(message(() => parseEntityFilter({ type: 'x' }))).toBe("Unknown entity filter type 'x'");
    expect(message(() => parseEntityFilter({}))).toBe(
      "Invalid entity query: 'entityFilter.type' is required",
    );
    expect(message(() => parseEntityFilter({ type: 'entityType', entityType: 'EDGE' }))).toBe(
      "Entity type 'EDGE' is not supported by entity queries",
    );
  });
});

describe('parseDataQuery', () => {
  const filter = { type: 'entityType', entityType: 'DEVICE' };

  it('accepts entity fields per filter: parentId only in relation queries', () => {
    expect(
      parseDataQuery({
        entityFilter: { type: 'relationsQuery', rootEntity: ROOT, direction: 'FROM' },
        pageLink: { pageSize: 5 },
        entityFields: [{ type: 'ENTITY_FIELD', key: 'parentId' }],
      }).entityFields,
    ).toEqual([{ type: 'ENTITY_FIELD', key: 'parentId' }]);
    expect(
      message(() =>
        parseDataQuery({
          entityFilter: filter,
          pageLink: { pageSize: 5 },
          entityFields: [{ type: 'ENTITY_FIELD', key: 'parentId' }],
        }),
      ),
    ).toBe("Unknown entity field 'parentId' (entityFields[0])");
  });

  it('reads the page link with its defaults', () => {
    expect(
      parseDataQuery({
        entityFilter: filter,
        pageLink: { pageSize: 5, sortOrder: { key: { type: 'TIME_SERIES', key: 't' } } },
      }).pageLink,
    ).toEqual({
      pageSize: 5,
      page: 0,
      textSearch: null,
      sortOrder: { key: { type: 'TIME_SERIES', key: 't' }, direction: 'ASC' },
    });
  });

  it('reads predicate operands: numeric text, boolean text, dynamic sources', () => {
    const query = parseCountQuery({
      entityFilter: filter,
      keyFilters: [
        {
          key: { type: 'ATTRIBUTE', key: 'a' },
          valueType: 'NUMERIC',
          predicate: {
            type: 'COMPLEX',
            operation: 'AND',
            predicates: [
              { type: 'NUMERIC', operation: 'LESS', value: { defaultValue: '2.5' } },
              { type: 'BOOLEAN', operation: 'EQUAL', value: { defaultValue: 'true' } },
              {
                type: 'STRING',
                operation: 'IN',
                value: {
                  defaultValue: null,
                  dynamicValue: { sourceType: 'CURRENT_USER', sourceAttribute: 'x' },
                },
              },
            ],
          },
        },
      ],
    });
    expect(query.keyFilters[0]?.predicate).toEqual({
      type: 'COMPLEX',
      operation: 'AND',
      predicates: [
        {
          type: 'NUMERIC',
          operation: 'LESS',
          value: { defaultValue: 2.5, userValue: null, dynamicValue: null },
        },
        {
          type: 'BOOLEAN',
          operation: 'EQUAL',
          value: { defaultValue: true, userValue: null, dynamicValue: null },
        },
        {
          type: 'STRING',
          operation: 'IN',
          ignoreCase: false,
          value: {
            defaultValue: null,
            userValue: null,
            dynamicValue: { sourceType: 'CURRENT_USER', sourceAttribute: 'x', inherit: false },
          },
        },
      ],
    });
  });

  it('refuses predicates nested too deep', () => {
    let predicate: unknown = { type: 'NUMERIC', operation: 'LESS', value: { defaultValue: 1 } };
    for (let i = 0; i < 12; i++) predicate = { type: 'COMPLEX', operation: 'OR', predicates: [predicate] };
    expect(
      message(() =>
        parseCountQuery({
          entityFilter: filter,
          keyFilters: [{ key: { type: 'TIME_SERIES', key: 't' }, valueType: 'NUMERIC', predicate }],
        }),
      ),
    ).toMatch(/nests complex predicates deeper than 8/);
  });

  it('refuses more than 1000 predicates in all', () => {
    const wide = {
      type: 'COMPLEX',
      operation: 'OR',
      predicates: Array.from({ length: 100 }, () => ({
        type: 'NUMERIC',
        operation: 'LESS',
        value: { defaultValue: 1 },
      })),
    };
    const keyFilters = Array.from({ length: 10 }, () => ({
      key: { type: 'TIME_SERIES', key: 't' },
      valueType: 'NUMERIC',
      predicate: wide,
    }));
    expect(message(() => parseCountQuery({ entityFilter: filter, keyFilters }))).toBe(
      'Invalid entity query: the key filters hold more than 1000 predicates',
    );
    expect(
      parseCountQuery({ entityFilter: filter, keyFilters: keyFilters.slice(0, 9) }).keyFilters,
    ).toHaveLength(9);
  });
});

describe('splitList', () => {
  it('splits IN operands on commas and trims them', () => {
    expect(splitList(' a, b ,c')).toEqual(['a', 'b', 'c']);
    expect(splitList('solo')).toEqual(['solo']);
  });
});
