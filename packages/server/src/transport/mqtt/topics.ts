import type { TopicMatcher } from './topic-filter.js';

/**
 * The MQTT device topics of reference §4.3 (`MqttTopics`, `TopicType`) and the pure functions that
 * classify what a device publishes or subscribes to. Nothing here touches a connection.
 */

/**
 * The topic family a request or subscription used. Replies go back on the same family: v1 topics,
 * v2 short topics in the profile's payload format, or v2 topics forcing JSON (`/j`) or PROTOBUF (`/p`).
 */
export type TopicFamily = 'V1' | 'V2' | 'V2_JSON' | 'V2_PROTO';

export const DEFAULT_TELEMETRY_TOPIC = 'v1/devices/me/telemetry';
export const DEFAULT_ATTRIBUTES_TOPIC = 'v1/devices/me/attributes';
export const CLAIM_TOPIC = 'v1/devices/me/claim';
export const PROVISION_REQUEST_TOPIC = '/provision/request';
export const PROVISION_RESPONSE_TOPIC = '/provision/response';

/** Topics per family: attribute updates, attribute response prefix, RPC request prefix, RPC response prefix. */
interface FamilyTopics {
  attributes: string;
  attributeResponse: string;
  rpcRequest: string;
  rpcResponse: string;
}

export const FAMILY_TOPICS: Readonly<Record<TopicFamily, FamilyTopics>> = {
  V1: {
    attributes: DEFAULT_ATTRIBUTES_TOPIC,
    attributeResponse: 'v1/devices/me/attributes/response/',
    rpcRequest: 'v1/devices/me/rpc/request/',
    rpcResponse: 'v1/devices/me/rpc/response/',
  },
  V2: {
    attributes: 'v2/a',
    attributeResponse: 'v2/a/res/',
    rpcRequest: 'v2/r/req/',
    rpcResponse: 'v2/r/res/',
  },
  V2_JSON: {
    attributes: 'v2/a/j',
    attributeResponse: 'v2/a/res/j/',
    rpcRequest: 'v2/r/req/j/',
    rpcResponse: 'v2/r/res/j/',
  },
  V2_PROTO: {
    attributes: 'v2/a/p',
    attributeResponse: 'v2/a/res/p/',
    rpcRequest: 'v2/r/req/p/',
    rpcResponse: 'v2/r/res/p/',
  },
};

export const GATEWAY_TOPICS = {
  connect: 'v1/gateway/connect',
  disconnect: 'v1/gateway/disconnect',
  telemetry: 'v1/gateway/telemetry',
  attributes: 'v1/gateway/attributes',
  attributesRequest: 'v1/gateway/attributes/request',
  attributesResponse: 'v1/gateway/attributes/response',
  rpc: 'v1/gateway/rpc',
  claim: 'v1/gateway/claim',
} as const;

export const OTA_ERROR_TOPICS = { fw: 'v2/fw/error', sw: 'v2/sw/error' } as const;

/**
 * Every topic filter a device may subscribe to (reference `processSubscribe`); anything else gets
 * the SUBACK failure code. The position of a filter is its bit in a session's subscription masks,
 * which keeps per-connection state to two numbers.
 */
export const SUBSCRIBABLE_FILTERS = [
  FAMILY_TOPICS.V1.attributes,
  FAMILY_TOPICS.V2.attributes,
  FAMILY_TOPICS.V2_JSON.attributes,
  FAMILY_TOPICS.V2_PROTO.attributes,
  `${FAMILY_TOPICS.V1.rpcRequest}+`,
  `${FAMILY_TOPICS.V2.rpcRequest}+`,
  `${FAMILY_TOPICS.V2_JSON.rpcRequest}+`,
  `${FAMILY_TOPICS.V2_PROTO.rpcRequest}+`,
  `${FAMILY_TOPICS.V1.rpcResponse}+`,
  `${FAMILY_TOPICS.V2.rpcResponse}+`,
  `${FAMILY_TOPICS.V2_JSON.rpcResponse}+`,
  `${FAMILY_TOPICS.V2_PROTO.rpcResponse}+`,
  `${FAMILY_TOPICS.V1.attributeResponse}+`,
  `${FAMILY_TOPICS.V2.attributeResponse}+`,
  `${FAMILY_TOPICS.V2_JSON.attributeResponse}+`,
  `${FAMILY_TOPICS.V2_PROTO.attributeResponse}+`,
  GATEWAY_TOPICS.attributes,
  GATEWAY_TOPICS.rpc,
  GATEWAY_TOPICS.attributesResponse,
  PROVISION_RESPONSE_TOPIC,
  'v2/fw/response/+/chunk/+',
  OTA_ERROR_TOPICS.fw,
  'v2/sw/response/+/chunk/+',
  OTA_ERROR_TOPICS.sw,
] as const;

const FAMILIES: readonly TopicFamily[] = ['V1', 'V2', 'V2_JSON', 'V2_PROTO'];
const FILTER_INDEX = new Map<string, number>(SUBSCRIBABLE_FILTERS.map((filter, index) => [filter, index]));

/** Bit positions of the downlink channels, per family where the channel has families. */
export const FILTER_BITS = {
  attributes: (family: TopicFamily) => FAMILIES.indexOf(family),
  rpcRequests: (family: TopicFamily) => 4 + FAMILIES.indexOf(family),
  rpcResponses: (family: TopicFamily) => 8 + FAMILIES.indexOf(family),
  attributeResponses: (family: TopicFamily) => 12 + FAMILIES.indexOf(family),
  gatewayAttributes: 16,
  gatewayRpc: 17,
  gatewayAttributeResponses: 18,
  provisionResponse: 19,
  otaError: (ota: 'fw' | 'sw') => (ota === 'fw' ? 21 : 23),
} as const;

/** What a subscription means: a filter bit, and which core subscription (if any) it turns on. */
export interface SubscriptionTarget {
  bit: number;
  /** Attribute updates or server-side RPC requests, on the given family's topics. */
  channel?: { kind: 'attributes' | 'rpc'; family: TopicFamily };
}

/** The meaning of a subscribed topic filter, or undefined when the filter is not one of §4.3. */
export function classifySubscription(filter: string): SubscriptionTarget | undefined {
  const bit = FILTER_INDEX.get(filter);
  if (bit === undefined) return undefined;
  if (bit < 4) return { bit, channel: { kind: 'attributes', family: FAMILIES[bit] as TopicFamily } };
  if (bit < 8) return { bit, channel: { kind: 'rpc', family: FAMILIES[bit - 4] as TopicFamily } };
  return { bit };
}

/** How an uplink payload is read: the profile's format, or forced by a v2 `/j` or `/p` topic. */
export type PayloadChoice = 'PROFILE' | 'JSON' | 'PROTOBUF';

export const payloadChoiceOf = (family: TopicFamily): PayloadChoice =>
  family === 'V2_JSON' ? 'JSON' : family === 'V2_PROTO' ? 'PROTOBUF' : 'PROFILE';

/** A device publish, classified. `invalid` is a known topic with a malformed request id. */
export type DeviceUplink =
  | { kind: 'telemetry'; payload: PayloadChoice }
  | { kind: 'attributes'; payload: PayloadChoice }
  | { kind: 'attributeRequest'; requestId: number; family: TopicFamily }
  | { kind: 'rpcResponse'; requestId: number; family: TopicFamily }
  | { kind: 'clientRpc'; requestId: number; family: TopicFamily }
  | { kind: 'claim' }
  | { kind: 'otaRequest'; ota: 'fw' | 'sw' }
  | { kind: 'invalid'; reason: string };

/** The profile's telemetry and attribute topic filters (the v1 topics unless the profile is MQTT). */
export interface UplinkTopicMatchers {
  telemetry: TopicMatcher;
  attributes: TopicMatcher;
}

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** The request id suffix of a topic as the reference reads it (`Integer.parseInt`), or undefined. */
export function parseRequestId(text: string): number | undefined {
  if (!/^[+-]?\d{1,10}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= INT32_MIN && value <= INT32_MAX ? value : undefined;
}

const TELEMETRY_PROFILE: DeviceUplink = { kind: 'telemetry', payload: 'PROFILE' };
const ATTRIBUTES_PROFILE: DeviceUplink = { kind: 'attributes', payload: 'PROFILE' };
const CLAIM: DeviceUplink = { kind: 'claim' };

const SHORT_UPLINKS: ReadonlyMap<string, DeviceUplink> = new Map<string, DeviceUplink>([
  ['v2/t', TELEMETRY_PROFILE],
  ['v2/t/j', { kind: 'telemetry', payload: 'JSON' }],
  ['v2/t/p', { kind: 'telemetry', payload: 'PROTOBUF' }],
  ['v2/a', ATTRIBUTES_PROFILE],
  ['v2/a/j', { kind: 'attributes', payload: 'JSON' }],
  ['v2/a/p', { kind: 'attributes', payload: 'PROTOBUF' }],
]);

type IdKind = 'attributeRequest' | 'rpcResponse' | 'clientRpc';

/** Prefixes followed by a request id, longest first so `v2/r/res/j/` wins over `v2/r/res/`. */
const ID_PREFIXES: readonly { prefix: string; kind: IdKind; family: TopicFamily }[] = [
  { prefix: 'v1/devices/me/attributes/request/', kind: 'attributeRequest', family: 'V1' },
  { prefix: FAMILY_TOPICS.V1.rpcResponse, kind: 'rpcResponse', family: 'V1' },
  { prefix: FAMILY_TOPICS.V1.rpcRequest, kind: 'clientRpc', family: 'V1' },
  { prefix: 'v2/a/req/j/', kind: 'attributeRequest', family: 'V2_JSON' },
  { prefix: 'v2/a/req/p/', kind: 'attributeRequest', family: 'V2_PROTO' },
  { prefix: 'v2/a/req/', kind: 'attributeRequest', family: 'V2' },
  { prefix: FAMILY_TOPICS.V2_JSON.rpcResponse, kind: 'rpcResponse', family: 'V2_JSON' },
  { prefix: FAMILY_TOPICS.V2_PROTO.rpcResponse, kind: 'rpcResponse', family: 'V2_PROTO' },
  { prefix: FAMILY_TOPICS.V2.rpcResponse, kind: 'rpcResponse', family: 'V2' },
  { prefix: FAMILY_TOPICS.V2_JSON.rpcRequest, kind: 'clientRpc', family: 'V2_JSON' },
  { prefix: FAMILY_TOPICS.V2_PROTO.rpcRequest, kind: 'clientRpc', family: 'V2_PROTO' },
  { prefix: FAMILY_TOPICS.V2.rpcRequest, kind: 'clientRpc', family: 'V2' },
];

const OTA_REQUEST = /^v2\/(fw|sw)\/request\/[^/]+\/chunk\/[^/]*$/;

/**
 * Classifies a device publish in the reference's order: the profile's attribute topic, its
 * telemetry topic, the v1 request topics, claim, OTA, then the v2 short topics. Undefined for a
 * topic the device API does not know.
 */
export function classifyDeviceTopic(topic: string, matchers: UplinkTopicMatchers): DeviceUplink | undefined {
  if (matchers.attributes(topic)) return ATTRIBUTES_PROFILE;
  if (matchers.telemetry(topic)) return TELEMETRY_PROFILE;
  const short = SHORT_UPLINKS.get(topic);
  if (short) return short;
  if (topic === CLAIM_TOPIC) return CLAIM;
  for (const { prefix, kind, family } of ID_PREFIXES) {
    if (!topic.startsWith(prefix)) continue;
    const requestId = parseRequestId(topic.slice(prefix.length));
    if (requestId === undefined) return { kind: 'invalid', reason: `invalid request id in topic ${topic}` };
    return { kind, requestId, family };
  }
  const ota = OTA_REQUEST.exec(topic);
  if (ota) return { kind: 'otaRequest', ota: ota[1] as 'fw' | 'sw' };
  return undefined;
}

export type GatewayUplink =
  | 'connect'
  | 'disconnect'
  | 'telemetry'
  | 'attributes'
  | 'attributesRequest'
  | 'rpc'
  | 'claim';

const GATEWAY_UPLINKS: ReadonlyMap<string, GatewayUplink> = new Map<string, GatewayUplink>([
  [GATEWAY_TOPICS.connect, 'connect'],
  [GATEWAY_TOPICS.disconnect, 'disconnect'],
  [GATEWAY_TOPICS.telemetry, 'telemetry'],
  [GATEWAY_TOPICS.attributes, 'attributes'],
  [GATEWAY_TOPICS.attributesRequest, 'attributesRequest'],
  [GATEWAY_TOPICS.rpc, 'rpc'],
  [GATEWAY_TOPICS.claim, 'claim'],
]);

/** The gateway API topic a gateway published to, or undefined. */
export function classifyGatewayTopic(topic: string): GatewayUplink | undefined {
  return GATEWAY_UPLINKS.get(topic);
}
