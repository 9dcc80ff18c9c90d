import type { AlarmCondition, AlarmConditionFilter } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import {
  type ComplexPredicateValues,
  conditionOf,
  conditionValuesOf,
  filterOf,
  filterValuesOf,
  newComplexPredicate,
  newFilterValues,
  predicateError,
  predicateForValueType,
  type SimplePredicateValues,
  specError,
  specValuesOf,
} from './condition-values';

const M = 'device-profile.alarm-rules';

describe('alarm condition dialog values', () => {
  it('turn typed filters into the wire shape: numbers, dynamic sources and constants', () => {
    const filter = newFilterValues();
    filter.key = ' temperature ';
    const predicate = filter.predicate as SimplePredicateValues;
    predicate.operation = 'GREATER';
    predicate.operand.value = '30.5';
    expect(filterOf(filter)).toEqual({
      key: { type: 'TIME_SERIES', key: 'temperature' },
      valueType: 'NUMERIC',
      predicate: { type: 'NUMERIC', operation: 'GREATER', value: { defaultValue: 30.5, dynamicValue: null } },
    });
    predicate.operand = {
      value: '20',
      sourceType: 'CURRENT_TENANT',
      sourceAttribute: ' limit ',
      inherit: true,
    };
    expect(filterOf(filter).predicate).toEqual({
      type: 'NUMERIC',
      operation: 'GREATER',
      // Only customer and device sources inherit from their owner.
      value: {
        defaultValue: 20,
        dynamicValue: { sourceType: 'CURRENT_TENANT', sourceAttribute: 'limit', inherit: false },
      },
    });
    const constant = {
      ...newFilterValues(),
      keyType: 'CONSTANT' as const,
      key: 'enabled',
      valueType: 'BOOLEAN' as const,
    };
    constant.constantValue = 'true';
    constant.predicate = { ...predicateForValueType(constant.predicate, 'BOOLEAN') } as SimplePredicateValues;
    expect(filterOf(constant)).toEqual({
      key: { type: 'CONSTANT', key: 'enabled' },
      valueType: 'BOOLEAN',
      value: true,
      predicate: { type: 'BOOLEAN', operation: 'EQUAL', value: { defaultValue: false, dynamicValue: null } },
    });
  });

  it('read stored filters back, nested AND/OR groups and string options included', () => {
    const filters: AlarmConditionFilter[] = [
      {
        key: { type: 'ATTRIBUTE', key: 'mode' },
        valueType: 'STRING',
        predicate: {
          type: 'COMPLEX',
          operation: 'OR',
          predicates: [
            {
              type: 'STRING',
              operation: 'STARTS_WITH',
              value: { defaultValue: 'eco', dynamicValue: null },
              ignoreCase: true,
            },
            {
              type: 'COMPLEX',
              operation: 'AND',
              predicates: [
                {
                  type: 'STRING',
                  operation: 'NOT_EQUAL',
                  value: { defaultValue: 'off', dynamicValue: null },
                  ignoreCase: false,
                },
              ],
            },
          ],
        },
      },
      {
        key: { type: 'ENTITY_FIELD', key: 'createdTime' },
        valueType: 'DATE_TIME',
        predicate: {
          type: 'NUMERIC',
          operation: 'LESS',
          value: { defaultValue: new Date(2021, 2, 17, 8, 30).getTime(), dynamicValue: null },
        },
      },
    ];
    const condition: AlarmCondition = {
      condition: filters,
      spec: { type: 'REPEATING', predicate: { defaultValue: 3, dynamicValue: null } },
    };
    const values = conditionValuesOf(condition);
    expect(values.filters[1]?.predicate).toMatchObject({ operand: { value: '2021-03-17T08:30' } });
    expect(values.spec).toMatchObject({ type: 'REPEATING', operand: { value: '3', sourceType: '' } });
    expect(conditionOf(values)).toEqual(condition);
  });

  it('keep the structure of a predicate when the value type changes, resetting its comparisons', () => {
    const group = newComplexPredicate('STRING');
    group.predicates.push(newComplexPredicate('STRING'));
    const numeric = predicateForValueType(group, 'NUMERIC') as ComplexPredicateValues;
    expect(numeric.predicates.map((child) => child.kind)).toEqual(['SIMPLE', 'COMPLEX']);
    expect(numeric.predicates[0]).toMatchObject({ operation: 'EQUAL', operand: { value: '' } });
  });

  it('report the first problem of a predicate, however deep', () => {
    const group = newComplexPredicate('NUMERIC');
    expect(predicateError(group, 'NUMERIC')).toBe(`${M}.number-required`);
    (group.predicates[0] as SimplePredicateValues).operand.value = '12';
    expect(predicateError(group, 'NUMERIC')).toBeNull();
    group.predicates.push({ kind: 'COMPLEX', operation: 'OR', predicates: [] });
    expect(predicateError(group, 'NUMERIC')).toBe(`${M}.complex-empty`);
    const dynamic: SimplePredicateValues = {
      kind: 'SIMPLE',
      operation: 'EQUAL',
      ignoreCase: false,
      operand: { value: 'x', sourceType: 'CURRENT_DEVICE', sourceAttribute: ' ', inherit: false },
    };
    expect(predicateError(dynamic, 'STRING')).toBe(`${M}.source-attribute-required`);
    expect(predicateError({ ...dynamic, operand: { ...dynamic.operand, value: 'soon' } }, 'DATE_TIME')).toBe(
      `${M}.date-time-required`,
    );
  });

  it('need a whole duration or event count of 1 or more', () => {
    const spec = specValuesOf({
      type: 'DURATION',
      unit: 'HOURS',
      predicate: { defaultValue: 2, dynamicValue: null },
    });
    expect(specError(spec)).toBeNull();
    expect(specError({ ...spec, operand: { ...spec.operand, value: '1.5' } })).toBe(`${M}.count-invalid`);
    expect(specError({ ...spec, operand: { ...spec.operand, value: '0' } })).toBe(`${M}.count-invalid`);
    expect(specError({ ...spec, type: 'SIMPLE', operand: { ...spec.operand, value: '' } })).toBeNull();
    expect(conditionOf({ filters: [], spec })).toEqual({
      condition: [],
      spec: { type: 'DURATION', unit: 'HOURS', predicate: { defaultValue: 2, dynamicValue: null } },
    });
  });

  it('show a constant value as text', () => {
    expect(
      filterValuesOf({
        key: { type: 'CONSTANT', key: 'limit' },
        valueType: 'NUMERIC',
        value: 7,
        predicate: { type: 'NUMERIC', operation: 'EQUAL', value: { defaultValue: 7 } },
      }).constantValue,
    ).toBe('7');
  });
});
