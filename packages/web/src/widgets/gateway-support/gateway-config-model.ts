import type { AttributeData, AttributeScope } from '@meridian/common';

/**
 * A ThingsBoard gateway's configuration as the reference keeps it in the gateway device's
 * attributes (its gateway form): the configuration the gateway reports running
 * (`current_configuration`, client scope) or, until it reports one, the one the console saved for it
 * (`configuration`, shared scope) — base64 of JSON holding the general settings under `thingsboard`
 * and each enabled connector under its type — and the disabled connectors (`configuration_drafts`,
 * server scope, base64 of JSON by connector name). Later gateway versions list connectors by name
 * instead (`active_connectors`, shared scope; `inactive_connectors`, server scope), each described by
 * an attribute of its own name in the same scope; those are read too.
 */

export const GATEWAY_ATTRIBUTES = [
  { scope: 'CLIENT_SCOPE', key: 'current_configuration' },
  { scope: 'SHARED_SCOPE', key: 'configuration' },
  { scope: 'SERVER_SCOPE', key: 'configuration_drafts' },
  { scope: 'SHARED_SCOPE', key: 'RemoteLoggingLevel' },
] as const satisfies readonly { scope: AttributeScope; key: string }[];

/** The connector lists of later gateway versions, with the scope their connectors' attributes are in. */
export const CONNECTOR_LISTS = [
  { scope: 'SHARED_SCOPE', key: 'active_connectors', enabled: true },
  { scope: 'SERVER_SCOPE', key: 'inactive_connectors', enabled: false },
] as const satisfies readonly { scope: AttributeScope; key: string; enabled: boolean }[];

export type GatewayAttributeKey =
  | (typeof GATEWAY_ATTRIBUTES)[number]['key']
  | (typeof CONNECTOR_LISTS)[number]['key'];

/**
 * The gateway's attribute values by key, as read (a value may be of any JSON type), and the
 * attributes describing the connectors of the lists, by connector name.
 */
export type GatewayAttributes = Partial<Record<GatewayAttributeKey, unknown>> & {
  connectorAttributes?: Record<string, unknown>;
};

export interface GatewayConnector {
  name: string;
  type: string;
  enabled: boolean;
}

export interface GatewaySummary {
  /** Which attribute the general settings were read from; null when only connector lists exist. */
  source: 'current_configuration' | 'configuration' | null;
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

/** A list of connector names, stored as a JSON array or as its text. */
function namesOf(value: unknown): string[] {
  const list = typeof value === 'string' ? safeJson(value) : value;
  return Array.isArray(list) ? list.filter((name): name is string => typeof name === 'string') : [];
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The connectors of the name lists, typed by their own attributes. */
function listedConnectors(attributes: GatewayAttributes): GatewayConnector[] {
  return CONNECTOR_LISTS.flatMap(({ key, enabled }) =>
    namesOf(attributes[key]).map((name) => {
      const described = attributes.connectorAttributes?.[name];
      const own = typeof described === 'string' ? safeJson(described) : described;
      return { name, type: (isObject(own) && textOf(own.type)) || '', enabled };
    }),
  );
}

/** Connectors by name, the first mention of a name kept. */
function distinct(connectors: GatewayConnector[]): GatewayConnector[] {
  const seen = new Set<string>();
  return connectors.filter((connector) => {
    if (seen.has(connector.name)) return false;
    seen.add(connector.name);
    return true;
  });
}

const NO_GENERAL_SETTINGS = {
  host: null,
  port: null,
  remoteConfiguration: null,
  securityType: null,
  storageType: null,
} as const;

export function readGateway(attributes: GatewayAttributes): GatewayReading {
  const source =
    attributes.current_configuration !== undefined && attributes.current_configuration !== null
      ? 'current_configuration'
      : attributes.configuration !== undefined && attributes.configuration !== null
        ? 'configuration'
        : null;
  const listed = listedConnectors(attributes);
  const logLevel = attributes.RemoteLoggingLevel;
  const remoteLoggingLevel = typeof logLevel === 'string' && logLevel !== '' ? logLevel : null;
  if (!source) {
    const hasLists = CONNECTOR_LISTS.some(({ key }) => attributes[key] !== undefined);
    if (!hasLists) return { kind: 'none' };
    return {
      kind: 'summary',
      summary: { source: null, ...NO_GENERAL_SETTINGS, remoteLoggingLevel, connectors: distinct(listed) },
    };
  }
  const config = decodeBase64Json(attributes[source]);
  if (!config) return { kind: 'invalid', attribute: source };
  const general = isObject(config.thingsboard) ? config.thingsboard : {};
  const connection = isObject(general.thingsboard) ? general.thingsboard : {};
  const security = isObject(connection.security) ? connection.security : null;
  const storage = isObject(general.storage) ? general.storage : {};
  const port = Number(connection.port);
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
      remoteLoggingLevel,
      connectors: distinct([
        ...enabledConnectors(config),
        ...draftConnectors(decodeBase64Json(attributes.configuration_drafts)),
        ...listed,
      ]),
    },
  };
}

/** The gateway attributes among attribute reads of the scopes they live in. */
export function gatewayAttributesOf(
  reads: { scope: AttributeScope; data: AttributeData[] }[],
): GatewayAttributes {
  const readValue = (scope: AttributeScope, key: string) =>
    reads.find((read) => read.scope === scope)?.data.find((item) => item.key === key)?.value;
  const attributes: GatewayAttributes = {};
  for (const { scope, key } of [...GATEWAY_ATTRIBUTES, ...CONNECTOR_LISTS]) {
    const value = readValue(scope, key);
    if (value !== undefined) attributes[key] = value;
  }
  const connectorAttributes: Record<string, unknown> = {};
  for (const { scope, key } of CONNECTOR_LISTS) {
    for (const name of namesOf(attributes[key])) {
      const value = readValue(scope, name);
      if (value !== undefined) connectorAttributes[name] = value;
    }
  }
  if (Object.keys(connectorAttributes).length > 0) attributes.connectorAttributes = connectorAttributes;
  return attributes;
}
