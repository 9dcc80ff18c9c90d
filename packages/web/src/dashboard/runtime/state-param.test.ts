import { describe, expect, it } from 'vitest';
import { decodeStateParam, encodeStateParam, openedStates } from './state-param';

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

  it('writes the root state without an id and reads it back as such', () => {
    const encoded = encodeStateParam([{ id: '', params: { entityName: 'A' } }]);
    expect(JSON.parse(atob(encoded))).toEqual([{ params: { entityName: 'A' } }]);
    expect(decodeStateParam(encoded)).toEqual([{ id: '', params: { entityName: 'A' } }]);
    expect(openedStates(decodeStateParam(encoded), ['main'], 'main')).toEqual([
      { id: 'main', params: { entityName: 'A' } },
    ]);
  });

  it('ignores what it cannot read and falls back to the root state', () => {
    expect(decodeStateParam('not base64 json')).toBeNull();
    expect(decodeStateParam(null)).toBeNull();
    expect(decodeStateParam(btoa('[1, "x"]'))).toBeNull();
    expect(openedStates(null, ['main'], 'main')).toEqual([{ id: 'main', params: {} }]);
    expect(openedStates([{ id: 'gone', params: {} }], ['main'], 'main')).toEqual([
      { id: 'main', params: {} },
    ]);
    expect(
      openedStates(
        [
          { id: 'main', params: {} },
          { id: 'gone', params: {} },
          { id: 'x', params: { a: 1 } },
        ],
        ['main', 'x'],
        'main',
      ),
    ).toEqual([
      { id: 'main', params: {} },
      { id: 'x', params: { a: 1 } },
    ]);
  });
});
