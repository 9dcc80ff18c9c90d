import type { DynamicValue, KvValue } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { parsePredicate } from '../entity-query/parse.js';
import { type DynamicSources, predicateMatches, resolveDynamic } from './predicates.js';
import { bool, double, long, text } from './test-kit.js';
import { constantValue, numberOf, parseJavaDouble } from './values.js';

const none: DynamicSources = { device: () => undefined, customer: () => undefined, tenant: () => undefined };

const matches = (value: KvValue, predicate: unknown, sources = none) =>
  predicateMatches(value, parsePredicate(predicate, 'predicate'), sources);

const numeric = (operation: string, defaultValue: number | null, dynamicValue?: unknown) => ({
  type: 'NUMERIC',
  operation,
  value: { defaultValue, ...(dynamicValue ? { dynamicValue } : {}) },
});
const string = (operation: string, defaultValue: string, ignoreCase = false) => ({
  type: 'STRING',
  operation,
  value: { defaultValue },
  ignoreCase,
});

describe('numeric predicates', () => {
  it('compares longs, doubles and numeric text with every operation', () => {
    expect(matches(long(31), numeric('GREATER', 30))).toBe(true);
    expect(matches(long(30), numeric('GREATER', 30))).toBe(false);
    expect(matches(double(30), numeric('GREATER_OR_EQUAL', 30))).toBe(true);
    expect(matches(double(29.9), numeric('LESS', 30))).toBe(true);
    expect(matches(long(30), numeric('LESS_OR_EQUAL', 30))).toBe(true);
    expect(matches(long(30), numeric('EQUAL', 30))).toBe(true);
    expect(matches(long(30), numeric('NOT_EQUAL', 30))).toBe(false);
    expect(matches(text(' 35.5 '), numeric('GREATER', 30))).toBe(true);
    expect(matches(text('1e2'), numeric('EQUAL', 100))).toBe(true);
  });

  it('reads booleans as 1 and 0 and fails values that are no number', () => {
    expect(matches(bool(true), numeric('EQUAL', 1))).toBe(true);
    expect(matches(text('warm'), numeric('LESS', 30))).toBe(false);
    expect(matches(text('warm'), numeric('NOT_EQUAL', 30))).toBe(false);
  });
});

describe('string and boolean predicates', () => {
  it('applies each string operation, ignoring case when asked', () => {
    expect(matches(text('Boiler'), string('EQUAL', 'boiler'))).toBe(false);
    expect(matches(text('Boiler'), string('EQUAL', 'boiler', true))).toBe(true);
    expect(matches(text('Boiler 7'), string('STARTS_WITH', 'Boil'))).toBe(true);
    expect(matches(text('Boiler 7'), string('ENDS_WITH', ' 7'))).toBe(true);
    expect(matches(text('Boiler 7'), string('CONTAINS', 'LER', true))).toBe(true);
    expect(matches(text('Boiler 7'), string('NOT_CONTAINS', 'ler'))).toBe(false);
    expect(matches(text('Boiler 7'), string('NOT_EQUAL', 'Pump'))).toBe(true);
    expect(matches(text('b'), string('IN', 'a, b , c'))).toBe(true);
    expect(matches(text('d'), string('NOT_IN', 'a,b'))).toBe(true);
  });

  it('compares any value as Java prints it', () => {
    expect(matches(double(25), string('EQUAL', '25.0'))).toBe(true);
    expect(matches(long(25), string('EQUAL', '25'))).toBe(true);
    expect(matches(bool(false), string('EQUAL', 'false'))).toBe(true);
  });

  it('reads booleans from numbers and text', () => {
    const isTrue = { type: 'BOOLEAN', operation: 'EQUAL', value: { defaultValue: true } };
    expect(matches(bool(true), isTrue)).toBe(true);
    expect(matches(long(2), isTrue)).toBe(true);
    expect(matches(double(0), isTrue)).toBe(false);
    expect(matches(text('TRUE'), isTrue)).toBe(true);
    expect(matches(text('yes'), { ...isTrue, operation: 'NOT_EQUAL' })).toBe(true);
  });
});

describe('complex predicates', () => {
  const band = {
    type: 'COMPLEX',
    operation: 'OR',
    predicates: [
      numeric('LESS', 0),
      { type: 'COMPLEX', operation: 'AND', predicates: [numeric('GREATER', 40), numeric('LESS', 50)] },
    ],
  };

  it('nests AND and OR over the same value', () => {
    expect(matches(long(-1), band)).toBe(true);
    expect(matches(long(45), band)).toBe(true);
    expect(matches(long(20), band)).toBe(false);
    expect(matches(long(55), band)).toBe(false);
  });
});

describe('dynamic values', () => {
  const sources: DynamicSources = {
    device: (key) => (key === 'limit' ? long(10) : undefined),
    customer: (key) => (key === 'limit' || key === 'customerLimit' ? long(20) : undefined),
    tenant: (key) =>
      key === 'limit' || key === 'customerLimit' || key === 'tenantLimit' ? long(30) : undefined,
  };
  const dynamic = (sourceType: DynamicValue['sourceType'], sourceAttribute: string, inherit = false) => ({
    sourceType,
    sourceAttribute,
    inherit,
  });

  it('reads the device, customer or tenant attribute', () => {
    expect(resolveDynamic(dynamic('CURRENT_DEVICE', 'limit'), sources)).toEqual(long(10));
    expect(resolveDynamic(dynamic('CURRENT_CUSTOMER', 'limit'), sources)).toEqual(long(20));
    expect(resolveDynamic(dynamic('CURRENT_TENANT', 'limit'), sources)).toEqual(long(30));
    expect(resolveDynamic(dynamic('CURRENT_USER', 'limit'), sources)).toBeNull();
  });

  it('inherits from the customer and then the tenant only when asked', () => {
    expect(resolveDynamic(dynamic('CURRENT_DEVICE', 'customerLimit'), sources)).toBeNull();
    expect(resolveDynamic(dynamic('CURRENT_DEVICE', 'customerLimit', true), sources)).toEqual(long(20));
    expect(resolveDynamic(dynamic('CURRENT_DEVICE', 'tenantLimit', true), sources)).toEqual(long(30));
    expect(resolveDynamic(dynamic('CURRENT_CUSTOMER', 'tenantLimit'), sources)).toBeNull();
    expect(resolveDynamic(dynamic('CURRENT_CUSTOMER', 'tenantLimit', true), sources)).toEqual(long(30));
  });

  it('takes the operand from the attribute, else the default', () => {
    const fromDevice = numeric('GREATER', 100, dynamic('CURRENT_DEVICE', 'limit'));
    expect(matches(long(15), fromDevice, sources)).toBe(true);
    const missing = numeric('GREATER', 100, dynamic('CURRENT_DEVICE', 'absent'));
    expect(matches(long(15), missing, sources)).toBe(false);
    expect(matches(long(150), missing, sources)).toBe(true);
    // An attribute that is no number leaves the default in place.
    const notANumber: DynamicSources = { ...sources, device: () => text('high') };
    expect(matches(long(15), fromDevice, notANumber)).toBe(false);
  });
});

describe('value reading', () => {
  it('parses doubles as Java does', () => {
    expect(parseJavaDouble(' 12.5 ')).toBe(12.5);
    expect(parseJavaDouble('1.5e3')).toBe(1500);
    expect(parseJavaDouble('2d')).toBe(2);
    expect(parseJavaDouble('-Infinity')).toBe(-Infinity);
    expect(parseJavaDouble('12,5')).toBeNull();
    expect(parseJavaDouble('')).toBeNull();
    expect(numberOf({ type: 'JSON', value: '42' })).toBe(42);
  });

  it('reads CONSTANT operands by their value type', () => {
    expect(constantValue('NUMERIC', '21.5')).toEqual(double(21.5));
    expect(constantValue('NUMERIC', 'hot')).toBeNull();
    expect(constantValue('DATE_TIME', 1700000000000)).toEqual(long(1700000000000));
    expect(constantValue('DATE_TIME', '1.5')).toBeNull();
    expect(constantValue('BOOLEAN', 'TRUE')).toEqual(bool(true));
    expect(constantValue('BOOLEAN', 'yes')).toEqual(bool(false));
    expect(constantValue('STRING', 7)).toEqual(text('7'));
    expect(constantValue('STRING', null)).toBeNull();
  });
});
