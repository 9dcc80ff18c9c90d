import { describe, expect, it } from 'vitest';
import { currentState, decodeStateParam, encodeStateParam } from './state-param';

describe('state param', () => {
  it('reads what the reference writes: base64 of the JSON of the opened states', () => {
    const states = [
      { id: 'default', params: {} },
      { id: 'device', params: { entityName: 'Ünïcode' } },
    ];
    const encoded = encodeStateParam(states);
    expect(encoded).toBe(btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(states)))));
    expect(decodeStateParam(encoded)).toEqual(states);
  });

  it('ignores what it cannot read and falls back to the root state', () => {
    expect(decodeStateParam('not base64 json')).toBeNull();
    expect(decodeStateParam(null)).toBeNull();
    expect(currentState(null, ['main'], 'main')).toEqual({ id: 'main', params: {} });
    expect(currentState([{ id: 'gone', params: {} }], ['main'], 'main').id).toBe('main');
    expect(currentState([{ id: 'x', params: { a: 1 } }], ['main', 'x'], 'main')).toEqual({
      id: 'x',
      params: { a: 1 },
    });
  });
});
