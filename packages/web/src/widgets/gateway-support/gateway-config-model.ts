import type { AttributeData, AttributeScope } from '@meridian/common';

/**
 * A ThingsBoard gateway's configuration as the reference keeps it in the gateway device's
 * attributes (its gateway form): the configuration the gateway reports running
 * (`current_configuration`, client scope) or, until it reports one, the one the console saved for it
 * (`configuration`, shared scope) — base64 of JSON holding the general settings under `thingsboard`
 * and each enabled connector under its type — and the disabled connectors (`configuration_drafts`,
 * server scope, base64 of JSON by connector name).
 */

export const GATEWAY_ATTRIBUTES = [
  { scope: 'CLIENT_SCOPE', key: 'current_configuration' },
  { scope: 'SHARED_SCOPE', key: 'configuration' },
  { scope: 'SERVER_SCOPE', key: 'configuration_drafts' },
  { scope: 'SHARED_SCOPE', key: 'RemoteLoggingLevel' },
] as const satisfies readonly { scope: AttributeScope; key: string }[];

export type GatewayAttributeKey = (typeof GATEWAY_ATTRIBUTES)[number]['key'];

/** The gateway's attribute values by key, as read (a value may be of any JSON type). */
export type GatewayAttributes = Partial<Record<GatewayAttributeKey, unknown>>;

export interface GatewayConnector {
  name: string;
  type: string;
  enabled: boolean;
}

export interface GatewaySummary {
  /** Which attribute the general settings and enabled connectors were read from. */
  source: 'current_configuration' | 'configuration';
  host: string | null;
  port: number | null;
  remoteConfiguration: boolean | null;
  securityType: 'accessToken' | 'tls' | null;
  storageType: 'memory' | 'file' | null;
  remoteLoggingLevel: string | null;
  connectors: GatewayConnector[];
}

export type GatewayReading =
  | { kind: 'summary'; summary: GatewaySummary }
  /** The gateway has no configuration attribute yet. */
  | { kind: 'none' }
  /** The attribute is there but is not base64 of a JSON object. */
  | { kind: 'invalid'; attribute: GatewayAttributeKey };

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Base64 (of UTF-8 text) holding a JSON object; null when the value is anything else. */
export function decodeBase64Json(value: unknown): JsonObject | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const binary = atob(value.trim());
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Encodes a configuration as the reference stores it (tests and fixtures write gateways with it). */
export function encodeBase64Json(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
}

const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

function enabledConnectors(config: JsonObject): GatewayConnector[] {
  const connectors: GatewayConnector[] = [];
  for (const [type, list] of Object.entries(config)) {
    if (type === 'thingsboard' || !Array.isArray(list)) continue;
    for (const item of list) {
      connectors.push({ name: (isObject(item) && textOf(item.name)) || type, type, enabled: true });
    }
  }
  return connectors;
}

function draftConnectors(drafts: JsonObject | null): GatewayConnector[] {
  if (!drafts) return [];
  return Object.entries(drafts).map(([name, draft]) => ({
    name,
    type: (isObject(draft) && textOf(draft.connector)) || '',
    enabled: false,
  }));
}

export function readGateway(attributes: GatewayAttributes): GatewayReading {
  const source =
    attributes.current_configuration !== undefined && attributes.current_configuration !== null
      ? 'current_configuration'
      : attributes.configuration !== undefined && attributes.configuration !== null
        ? 'configuration'
        : null;
  if (!source) return { kind: 'none' };
  const config = decodeBase64Json(attributes[source]);
  if (!config) return { kind: 'invalid', attribute: source };
  const general = isObject(config.thingsboard) ? config.thingsboard : {};
  const connection = isObject(general.thingsboard) ? general.thingsboard : {};
  const security = isObject(connection.security) ? connection.security : null;
  const storage = isObject(general.storage) ? general.storage : {};
  const port = Number(connection.port);
  const logLevel = attributes.RemoteLoggingLevel;
  return {
    kind: 'summary',
    summary: {
      source,
      host: textOf(connection.host),
      port: connection.port !== undefined && Number.isFinite(port) ? port : null,
      remoteConfiguration:
        typeof connection.remoteConfiguration === 'boolean' ? connection.remoteConfiguration : null,
      securityType: security ? ('accessToken' in security ? 'accessToken' : 'tls') : null,
      storageType: storage.type === 'memory' || storage.type === 'file' ? storage.type : null,
      remoteLoggingLevel: typeof logLevel === 'string' && logLevel !== '' ? logLevel : null,
      connectors: [
        ...enabledConnectors(config),
        ...draftConnectors(decodeBase64Json(attributes.configuration_drafts)),
      ],
    },
  };
}

/** The gateway attributes among attribute reads of the scopes they live in. */
export function gatewayAttributesOf(
  reads: { scope: AttributeScope; data: AttributeData[] }[],
): GatewayAttributes {
  const attributes: GatewayAttributes = {};
  for (const { scope, key } of GATEWAY_ATTRIBUTES) {
    const found = reads.find((read) => read.scope === scope)?.data.find((item) => item.key === key);
    if (found) attributes[key] = found.value;
  }
  return attributes;
}
