import { describe, expect, it } from 'vitest';
import { apiPathOf, isFromFrame, WIDGET_PROTOCOL } from './protocol';

const P = WIDGET_PROTOCOL;

describe('custom widget bridge protocol', () => {
  it('accepts the frame messages it knows, in their shapes', () => {
    expect(isFromFrame({ protocol: P, type: 'ready' })).toBe(true);
    expect(
      isFromFrame({
        protocol: P,
        type: 'call',
        callId: 1,
        call: { kind: 'rpc', twoWay: false, method: 'setValue', params: { on: true }, timeout: 0 },
      }),
    ).toBe(true);
    expect(
      isFromFrame({
        protocol: P,
        type: 'call',
        callId: 2,
        call: { kind: 'http', method: 'GET', url: '/api/x', body: null },
      }),
    ).toBe(true);
    expect(
      isFromFrame({
        protocol: P,
        type: 'call',
        callId: 3,
        call: {
          kind: 'action',
          sourceId: 'elementClick',
          actionId: 'a1',
          entityId: { id: 'd1', entityType: 'DEVICE' },
          entityName: 'Thermostat',
          entityLabel: null,
        },
      }),
    ).toBe(true);
  });

  it('drops anything else: other protocols, unknown kinds, wrong field types', () => {
    expect(isFromFrame(null)).toBe(false);
    expect(isFromFrame('ready')).toBe(false);
    expect(isFromFrame({ protocol: 'other', type: 'ready' })).toBe(false);
    expect(isFromFrame({ protocol: P, type: 'token' })).toBe(false);
    expect(isFromFrame({ protocol: P, type: 'call', callId: 'x', call: { kind: 'rpc' } })).toBe(false);
    expect(isFromFrame({ protocol: P, type: 'call', callId: 1, call: { kind: 'eval', code: '1' } })).toBe(
      false,
    );
    expect(
      isFromFrame({
        protocol: P,
        type: 'call',
        callId: 1,
        call: { kind: 'http', method: 'PATCH', url: '/api/x' },
      }),
    ).toBe(false);
    expect(
      isFromFrame({
        protocol: P,
        type: 'call',
        callId: 1,
        call: { kind: 'rpc', twoWay: 'yes', method: 'm', params: null, timeout: 0 },
      }),
    ).toBe(false);
    expect(
      isFromFrame({
        protocol: P,
        type: 'call',
        callId: 1,
        call: {
          kind: 'action',
          sourceId: 's',
          actionId: 'a',
          entityId: 'd1',
          entityName: null,
          entityLabel: null,
        },
      }),
    ).toBe(false);
  });

  it("lets the widget's HTTP calls reach this server's REST API only", () => {
    expect(apiPathOf('/api/tenant/devices?pageSize=10&page=0')).toBe(
      '/api/tenant/devices?pageSize=10&page=0',
    );
    expect(apiPathOf('https://evil.example/api/x')).toBeNull();
    expect(apiPathOf('//evil.example/api/x')).toBeNull();
    expect(apiPathOf('/login')).toBeNull();
    expect(apiPathOf('/api/../login')).toBeNull();
    expect(apiPathOf('/api\\..\\x')).toBeNull();
  });
});
