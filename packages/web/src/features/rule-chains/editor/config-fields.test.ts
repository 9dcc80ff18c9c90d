import { describe, expect, it } from 'vitest';
import { configFieldsOf, configurationOfText, isScriptKey, labelOfKey, valueOfText } from './config-fields';

describe('config fields', () => {
  it('derives a field per configuration key from its value type', () => {
    expect(
      configFieldsOf({
        jsScript: 'return true;',
        alarmDetailsBuildJs: '',
        defaultTTL: 0,
        useServerTs: false,
        name: 'x',
        keys: ['a', 'b'],
        mapping: { a: 'b' },
        ruleChainId: null,
      }).map((f) => f.kind),
    ).toEqual(['script', 'script', 'number', 'boolean', 'text', 'stringList', 'json', 'ruleChain']);
    expect(isScriptKey('filterScript')).toBe(true);
    expect(isScriptKey('script')).toBe(false);
  });

  it('reads edited text back and names what is wrong', () => {
    expect(valueOfText('number', '12')).toEqual({ value: 12 });
    expect(valueOfText('ruleChain', '')).toEqual({ value: null });
    expect(valueOfText('number', 'x')).toEqual({ error: 'rulenode.invalid-number' });
    expect(valueOfText('stringList', 'a\n\n b ')).toEqual({ value: ['a', 'b'] });
    expect(valueOfText('json', '{')).toEqual({ error: 'rulenode.invalid-json' });
    expect(configurationOfText('[1]')).toEqual({ error: 'rulenode.configuration-not-object' });
    expect(configurationOfText('{"a":1}')).toEqual({ value: { a: 1 } });
    expect(labelOfKey('maxPendingMsgs')).toBe('Max pending msgs');
  });
});
