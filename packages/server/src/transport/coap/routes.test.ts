import { describe, expect, it } from 'vitest';
import { attributeKeysOf, routeCoapRequest } from './routes.js';

const path = (text: string) => text.split('/').filter((segment) => segment !== '');

describe('routeCoapRequest', () => {
  it('maps the device resources of reference §4.4', () => {
    expect(routeCoapRequest('POST', path('/api/v1/T/telemetry'), undefined)).toEqual({
      type: 'postTelemetry',
      token: 'T',
    });
    expect(routeCoapRequest('POST', path('/api/v1/T/attributes'), undefined)).toEqual({
      type: 'postAttributes',
      token: 'T',
    });
    expect(routeCoapRequest('GET', path('/api/v1/T/attributes'), undefined)).toEqual({
      type: 'getAttributes',
      token: 'T',
    });
    expect(routeCoapRequest('GET', path('/api/v1/T/attributes'), 0)).toEqual({
      type: 'observe',
      token: 'T',
      feature: 'attributes',
    });
    expect(routeCoapRequest('GET', path('/api/v1/T/attributes'), 1)).toEqual({
      type: 'cancelObserve',
      token: 'T',
      feature: 'attributes',
    });
    expect(routeCoapRequest('GET', path('/api/v1/T/rpc'), 0)).toEqual({
      type: 'observe',
      token: 'T',
      feature: 'rpc',
    });
    expect(routeCoapRequest('POST', path('/api/v1/T/rpc/42'), undefined)).toEqual({
      type: 'rpcReply',
      token: 'T',
      requestId: 42,
    });
    expect(routeCoapRequest('POST', path('/api/v1/T/rpc'), undefined)).toEqual({
      type: 'clientRpc',
      token: 'T',
    });
    expect(routeCoapRequest('POST', path('/api/v1/T/claim'), undefined)).toEqual({
      type: 'claim',
      token: 'T',
    });
    expect(routeCoapRequest('POST', path('/api/v1/provision'), undefined)).toEqual({ type: 'provision' });
  });

  it('reads the feature case-insensitively like the reference', () => {
    expect(routeCoapRequest('POST', path('/api/v1/T/TELEMETRY'), undefined)).toEqual({
      type: 'postTelemetry',
      token: 'T',
    });
  });

  it('keeps a token with characters that are special in URLs as one segment', () => {
    expect(routeCoapRequest('POST', ['api', 'v1', 'a/b?c', 'telemetry'], undefined)).toEqual({
      type: 'postTelemetry',
      token: 'a/b?c',
    });
  });

  it('answers 4.00 for bad paths and unsupported GETs', () => {
    const bad = [
      ['GET', '/api/v1/T/telemetry', undefined],
      ['GET', '/api/v1/T/telemetry', 0],
      ['GET', '/api/v1/T/claim', undefined],
      ['GET', '/api/v1/T/rpc', undefined],
      ['GET', '/api/v1/provision', undefined],
      ['POST', '/api/v1/T/unknown', undefined],
      ['POST', '/api/v1/T', undefined],
      ['POST', '/api/v2/T/telemetry', undefined],
      ['POST', '/other', undefined],
      ['POST', '/', undefined],
      ['POST', '/api/v1/T/telemetry/extra', undefined],
      ['POST', '/api/v1/T/rpc/abc', undefined],
      ['POST', '/api/v1/T/rpc/-1', undefined],
      ['POST', '/api/v1/T/rpc/1/2', undefined],
    ] as const;
    for (const [method, text, observe] of bad) {
      const result = routeCoapRequest(method, path(text), observe);
      expect(result, `${method} ${text}`).toMatchObject({ type: 'error', code: '4.00' });
    }
  });

  it('answers 4.05 for methods the device API does not serve', () => {
    expect(routeCoapRequest('PUT', path('/api/v1/T/telemetry'), undefined)).toMatchObject({
      type: 'error',
      code: '4.05',
    });
    expect(routeCoapRequest('DELETE', path('/api/v1/T/attributes'), undefined)).toMatchObject({
      code: '4.05',
    });
  });
});

describe('attributeKeysOf', () => {
  it('splits the csv lists of the query', () => {
    expect(attributeKeysOf(['clientKeys=a, b', 'sharedKeys=c'])).toEqual({
      clientKeys: ['a', 'b'],
      sharedKeys: ['c'],
    });
  });

  it('leaves absent and empty lists undefined', () => {
    expect(attributeKeysOf([])).toEqual({ clientKeys: undefined, sharedKeys: undefined });
    expect(attributeKeysOf(['clientKeys=', 'sharedKeys=,'])).toEqual({
      clientKeys: undefined,
      sharedKeys: undefined,
    });
    expect(attributeKeysOf(['clientKeysX=a'])).toEqual({ clientKeys: undefined, sharedKeys: undefined });
  });
});
