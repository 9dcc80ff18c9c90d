import type { ConfigSchema } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { configurationOfSchemaForm, schemaFieldsOf, schemaFormStateOf } from './schema-form';

const SCHEMA: ConfigSchema = {
  type: 'object',
  required: ['alarmType'],
  properties: {
    alarmType: { type: 'string', title: 'Alarm type' },
    round: { type: ['integer', 'null'], title: 'Decimals', minimum: 0, maximum: 15 },
    accessKeyId: { type: ['string', 'null'], title: 'AWS Access Key ID' },
    notifyDevice: { type: 'boolean', title: 'Notify Device' },
    originatorTypes: {
      type: 'array',
      title: 'Originator types filter',
      items: { type: 'string', enum: ['DEVICE', 'ASSET'], enumNames: ['Device', 'Asset'] },
    },
    headers: { type: 'object', title: 'Headers', additionalProperties: { type: 'string' } },
    provider: {
      type: ['object', 'null'],
      title: 'Provider',
      properties: { region: { type: 'string', title: 'Region' } },
    },
    ruleChainId: { type: ['string', 'null'], title: 'Rule chain' },
    jsScript: { type: 'string', title: 'Filter', contentMediaType: 'application/javascript' },
  },
};

describe('schema form', () => {
  const fields = schemaFieldsOf(SCHEMA);

  it('gives each setting its input', () => {
    expect(fields.map((field) => [field.key, field.kind, field.required])).toEqual([
      ['alarmType', 'text', true],
      ['round', 'number', false],
      ['accessKeyId', 'text', false],
      ['notifyDevice', 'switch', false],
      ['originatorTypes', 'multiSelect', false],
      ['headers', 'json', false],
      ['provider', 'group', false],
      ['ruleChainId', 'ruleChain', false],
      ['jsScript', 'script', false],
    ]);
    expect(fields[6]?.children.map((child) => child.path)).toEqual(['provider.region']);
  });

  it('gives back the configuration it was made from, with null settings null and unknown keys kept', () => {
    const original = {
      alarmType: 'High',
      round: null,
      accessKeyId: null,
      notifyDevice: 'false',
      originatorTypes: ['DEVICE'],
      headers: { 'Content-Type': 'application/json' },
      provider: null,
      ruleChainId: null,
      jsScript: 'return true;',
      extra: { kept: true },
    };
    const state = schemaFormStateOf(fields, original);
    expect(state.flags.notifyDevice).toBe(false);
    expect(configurationOfSchemaForm(fields, state, original)).toEqual({
      value: { ...original, notifyDevice: false },
    });
  });

  it('leaves settings the original did not have unset while their inputs are empty', () => {
    const original = { alarmType: 'High' };
    const state = schemaFormStateOf(fields, original);
    expect(configurationOfSchemaForm(fields, state, original)).toEqual({
      value: { alarmType: 'High', notifyDevice: false },
    });
    state.texts['provider.region'] = 'eu-west-1';
    state.texts.round = '2';
    expect(configurationOfSchemaForm(fields, state, original)).toEqual({
      value: { alarmType: 'High', round: 2, notifyDevice: false, provider: { region: 'eu-west-1' } },
    });
  });

  it('refuses a missing required text, a number out of bounds and broken JSON', () => {
    const original = { alarmType: 'High', round: 1, headers: {} };
    const state = schemaFormStateOf(fields, original);
    state.texts.alarmType = '';
    state.texts.round = '16';
    state.texts.headers = '{';
    expect(configurationOfSchemaForm(fields, state, original)).toEqual({
      errors: {
        alarmType: { key: 'rulenode.field-required' },
        round: { key: 'rulenode.number-max', values: { max: 15 } },
        headers: { key: 'rulenode.invalid-json' },
      },
    });
  });
});
