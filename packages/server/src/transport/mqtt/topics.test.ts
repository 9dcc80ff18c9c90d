import { describe, expect, it } from 'vitest';
import { matchesTopicFilter, topicMatcher } from './topic-filter.js';
import {
  classifyDeviceTopic,
  classifyGatewayTopic,
  classifySubscription,
  DEFAULT_ATTRIBUTES_TOPIC,
  DEFAULT_TELEMETRY_TOPIC,
  FILTER_BITS,
  parseRequestId,
  SUBSCRIBABLE_FILTERS,
} from './topics.js';

const defaults = {
  telemetry: topicMatcher(DEFAULT_TELEMETRY_TOPIC),
  attributes: topicMatcher(DEFAULT_ATTRIBUTES_TOPIC),
};

describe('topic filters', () => {
  it('matches literal filters exactly', () => {
    expect(matchesTopicFilter('a/b', 'a/b')).toBe(true);
    expect(matchesTopicFilter('a/b', 'a/b/c')).toBe(false);
    expect(matchesTopicFilter('a/b', 'a')).toBe(false);
  });

  it('matches + as one non-empty level', () => {
    expect(matchesTopicFilter('sensors/+/telemetry', 'sensors/abc/telemetry')).toBe(true);
    expect(matchesTopicFilter('sensors/+/telemetry', 'sensors//telemetry')).toBe(false);
    expect(matchesTopicFilter('sensors/+/telemetry', 'sensors/a/b/telemetry')).toBe(false);
    expect(matchesTopicFilter('+/x', 'y/x')).toBe(true);
  });

  it('matches a trailing # as the rest of the topic, including nothing', () => {
    expect(matchesTopicFilter('sensors/#', 'sensors')).toBe(true);
    expect(matchesTopicFilter('sensors/#', 'sensors/a/b/c')).toBe(true);
    expect(matchesTopicFilter('sensors/#', 'other/a')).toBe(false);
    expect(matchesTopicFilter('#', 'anything/at/all')).toBe(true);
    expect(matchesTopicFilter('+/data/#', 'dev1/data/temp')).toBe(true);
    expect(matchesTopicFilter('+/data/#', 'dev1/other/temp')).toBe(false);
  });
});

describe('request ids', () => {
  it('reads ids like Integer.parseInt', () => {
    expect(parseRequestId('42')).toBe(42);
    expect(parseRequestId('-7')).toBe(-7);
    expect(parseRequestId('+7')).toBe(7);
    expect(parseRequestId('2147483647')).toBe(2147483647);
    expect(parseRequestId('2147483648')).toBeUndefined();
    expect(parseRequestId('')).toBeUndefined();
    expect(parseRequestId('1.5')).toBeUndefined();
    expect(parseRequestId('abc')).toBeUndefined();
    expect(parseRequestId('1/2')).toBeUndefined();
  });
});

describe('device publish topics', () => {
  it('classifies the v1 topics', () => {
    expect(classifyDeviceTopic('v1/devices/me/telemetry', defaults)).toEqual({
      kind: 'telemetry',
      payload: 'PROFILE',
    });
    expect(classifyDeviceTopic('v1/devices/me/attributes', defaults)).toEqual({
      kind: 'attributes',
      payload: 'PROFILE',
    });
    expect(classifyDeviceTopic('v1/devices/me/attributes/request/5', defaults)).toEqual({
      kind: 'attributeRequest',
      requestId: 5,
      family: 'V1',
    });
    expect(classifyDeviceTopic('v1/devices/me/rpc/response/12', defaults)).toEqual({
      kind: 'rpcResponse',
      requestId: 12,
      family: 'V1',
    });
    expect(classifyDeviceTopic('v1/devices/me/rpc/request/3', defaults)).toEqual({
      kind: 'clientRpc',
      requestId: 3,
      family: 'V1',
    });
    expect(classifyDeviceTopic('v1/devices/me/claim', defaults)).toEqual({ kind: 'claim' });
  });

  it('classifies the v2 short topics with their forced formats', () => {
    expect(classifyDeviceTopic('v2/t', defaults)).toEqual({ kind: 'telemetry', payload: 'PROFILE' });
    expect(classifyDeviceTopic('v2/t/j', defaults)).toEqual({ kind: 'telemetry', payload: 'JSON' });
    expect(classifyDeviceTopic('v2/t/p', defaults)).toEqual({ kind: 'telemetry', payload: 'PROTOBUF' });
    expect(classifyDeviceTopic('v2/a/p', defaults)).toEqual({ kind: 'attributes', payload: 'PROTOBUF' });
    expect(classifyDeviceTopic('v2/a/req/9', defaults)).toEqual({
      kind: 'attributeRequest',
      requestId: 9,
      family: 'V2',
    });
    expect(classifyDeviceTopic('v2/a/req/j/9', defaults)).toEqual({
      kind: 'attributeRequest',
      requestId: 9,
      family: 'V2_JSON',
    });
    expect(classifyDeviceTopic('v2/r/res/p/1', defaults)).toEqual({
      kind: 'rpcResponse',
      requestId: 1,
      family: 'V2_PROTO',
    });
    expect(classifyDeviceTopic('v2/r/req/2', defaults)).toEqual({
      kind: 'clientRpc',
      requestId: 2,
      family: 'V2',
    });
    expect(classifyDeviceTopic('v2/fw/request/1/chunk/0', defaults)).toEqual({
      kind: 'otaRequest',
      ota: 'fw',
    });
  });

  it('reports malformed request ids and unknown topics', () => {
    expect(classifyDeviceTopic('v1/devices/me/rpc/response/abc', defaults)?.kind).toBe('invalid');
    expect(classifyDeviceTopic('v2/a/req/', defaults)?.kind).toBe('invalid');
    expect(classifyDeviceTopic('v1/devices/me/unknown', defaults)).toBeUndefined();
    expect(classifyDeviceTopic('v1/gateway/telemetry', defaults)).toBeUndefined();
  });

  it('uses the profile topic filters instead of the v1 topics', () => {
    const custom = {
      telemetry: topicMatcher('sensors/+/data'),
      attributes: topicMatcher('sensors/+/attrs/#'),
    };
    expect(classifyDeviceTopic('sensors/abc/data', custom)).toEqual({
      kind: 'telemetry',
      payload: 'PROFILE',
    });
    expect(classifyDeviceTopic('sensors/abc/attrs/x', custom)).toEqual({
      kind: 'attributes',
      payload: 'PROFILE',
    });
    expect(classifyDeviceTopic('v1/devices/me/telemetry', custom)).toBeUndefined();
    expect(classifyDeviceTopic('v2/t', custom)).toEqual({ kind: 'telemetry', payload: 'PROFILE' });
  });
});

describe('gateway topics', () => {
  it('classifies the gateway API', () => {
    expect(classifyGatewayTopic('v1/gateway/connect')).toBe('connect');
    expect(classifyGatewayTopic('v1/gateway/attributes/request')).toBe('attributesRequest');
    expect(classifyGatewayTopic('v1/gateway/rpc')).toBe('rpc');
    expect(classifyGatewayTopic('v1/gateway/other')).toBeUndefined();
  });
});

describe('subscriptions', () => {
  it('knows every subscribable filter and nothing else', () => {
    for (const filter of SUBSCRIBABLE_FILTERS) expect(classifySubscription(filter)).toBeDefined();
    expect(classifySubscription('#')).toBeUndefined();
    expect(classifySubscription('v1/devices/me/telemetry')).toBeUndefined();
    expect(classifySubscription('v1/devices/me/attributes/response/1')).toBeUndefined();
    expect(SUBSCRIBABLE_FILTERS.length).toBeLessThanOrEqual(31);
  });

  it('turns on attribute updates and RPC per family', () => {
    expect(classifySubscription('v1/devices/me/attributes')).toEqual({
      bit: FILTER_BITS.attributes('V1'),
      channel: { kind: 'attributes', family: 'V1' },
    });
    expect(classifySubscription('v2/a/j')?.channel).toEqual({ kind: 'attributes', family: 'V2_JSON' });
    expect(classifySubscription('v1/devices/me/rpc/request/+')?.channel).toEqual({
      kind: 'rpc',
      family: 'V1',
    });
    expect(classifySubscription('v2/r/req/p/+')?.channel).toEqual({ kind: 'rpc', family: 'V2_PROTO' });
    expect(classifySubscription('v2/r/res/+')).toEqual({ bit: FILTER_BITS.rpcResponses('V2') });
    expect(classifySubscription('v2/a/res/j/+')).toEqual({ bit: FILTER_BITS.attributeResponses('V2_JSON') });
    expect(classifySubscription('v1/gateway/rpc')).toEqual({ bit: FILTER_BITS.gatewayRpc });
    expect(classifySubscription('/provision/response')).toEqual({ bit: FILTER_BITS.provisionResponse });
  });
});
