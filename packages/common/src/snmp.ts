import type { TelemetryDataType } from './telemetry.js';

/**
 * SNMP transport: profile and device settings, enums and defaults (spec 2 §3, §9).
 */

export const SNMP_PROTOCOL_VERSIONS = ['V1', 'V2C', 'V3'] as const;
export type SnmpProtocolVersion = (typeof SNMP_PROTOCOL_VERSIONS)[number];

/**
 * SNMPv3 authentication algorithms, spelt as the reference backend's enum. Spec 2 notes that the
 * stored value for MD5 is "spelt oddly": the 3.3 console sent `MD%`, which the backend enum does not
 * know. Meridian stores `MD5`; use {@link normalizeSnmpAuthenticationProtocol} on input.
 */
export const SNMP_AUTHENTICATION_PROTOCOLS = [
  'SHA_1',
  'SHA_224',
  'SHA_256',
  'SHA_384',
  'SHA_512',
  'MD5',
] as const;
export type SnmpAuthenticationProtocol = (typeof SNMP_AUTHENTICATION_PROTOCOLS)[number];

/** The reference console's misspelling of MD5. */
export const LEGACY_SNMP_MD5_SPELLING = 'MD%';

/** Maps an authentication protocol from stored or imported JSON to a known value, or null. */
export function normalizeSnmpAuthenticationProtocol(value: string): SnmpAuthenticationProtocol | null {
  if (value === LEGACY_SNMP_MD5_SPELLING) {
    return 'MD5';
  }
  return (SNMP_AUTHENTICATION_PROTOCOLS as readonly string[]).includes(value)
    ? (value as SnmpAuthenticationProtocol)
    : null;
}

export const SNMP_PRIVACY_PROTOCOLS = ['DES', 'AES_128', 'AES_192', 'AES_256'] as const;
export type SnmpPrivacyProtocol = (typeof SNMP_PRIVACY_PROTOCOLS)[number];

/**
 * What an SNMP communication config does (spec 2 lists the first four as "device provisioning data
 * queried"): poll telemetry, poll client attributes, push shared attributes, send RPC requests.
 */
export const SNMP_SPEC_TYPES = [
  'TELEMETRY_QUERYING',
  'CLIENT_ATTRIBUTES_QUERYING',
  'SHARED_ATTRIBUTES_SETTING',
  'TO_DEVICE_RPC_REQUEST',
] as const;
export type SnmpSpecType = (typeof SNMP_SPEC_TYPES)[number];

/** SNMP spec types that poll the device periodically and so carry a querying frequency. */
export const SNMP_POLLING_SPEC_TYPES = [
  'TELEMETRY_QUERYING',
  'CLIENT_ATTRIBUTES_QUERYING',
] as const satisfies readonly SnmpSpecType[];

/** Maps one OID to a telemetry or attribute key of the given stored type. */
export interface SnmpMapping {
  oid: string;
  key: string;
  dataType: TelemetryDataType;
}

export interface SnmpCommunicationConfig {
  spec: SnmpSpecType;
  mappings: SnmpMapping[];
  /** Only for polling spec types. */
  queryingFrequencyMs?: number;
}

/** SNMP settings of a profile: request timeout, retries and what to poll or push. */
export interface SnmpDeviceProfileTransportConfiguration {
  type: 'SNMP';
  timeoutMs: number;
  retries: number;
  communicationConfigs: SnmpCommunicationConfig[];
}

/** SNMP settings of one device: where it listens and how to authenticate. */
export interface SnmpDeviceTransportConfiguration {
  type: 'SNMP';
  host: string;
  port: number;
  protocolVersion: SnmpProtocolVersion;
  /** V1 / V2C. */
  community?: string;
  /** V3 only. */
  username?: string;
  securityName?: string;
  contextName?: string;
  authenticationProtocol?: SnmpAuthenticationProtocol;
  authenticationPassphrase?: string;
  privacyProtocol?: SnmpPrivacyProtocol;
  privacyPassphrase?: string;
  engineId?: string;
}

export const DEFAULT_SNMP_TIMEOUT_MS = 500;
export const DEFAULT_SNMP_RETRIES = 0;
export const DEFAULT_SNMP_HOST = 'localhost';
export const DEFAULT_SNMP_PORT = 161;
export const DEFAULT_SNMP_PROTOCOL_VERSION: SnmpProtocolVersion = 'V2C';
export const DEFAULT_SNMP_COMMUNITY = 'public';

/** SNMP profile defaults (spec 2 §9): timeout 500 ms, no retries, no communication configs yet. */
export function createDefaultSnmpProfileTransportConfiguration(): SnmpDeviceProfileTransportConfiguration {
  return {
    type: 'SNMP',
    timeoutMs: DEFAULT_SNMP_TIMEOUT_MS,
    retries: DEFAULT_SNMP_RETRIES,
    communicationConfigs: [],
  };
}

/** SNMP device defaults (spec 2 §9): localhost:161, V2C, community `public`. */
export function createDefaultSnmpDeviceTransportConfiguration(): SnmpDeviceTransportConfiguration {
  return {
    type: 'SNMP',
    host: DEFAULT_SNMP_HOST,
    port: DEFAULT_SNMP_PORT,
    protocolVersion: DEFAULT_SNMP_PROTOCOL_VERSION,
    community: DEFAULT_SNMP_COMMUNITY,
  };
}
