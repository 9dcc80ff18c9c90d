import type { Device, EntityDraft } from './entities.js';
import type { DeviceCredentialsId, DeviceId } from './entity-ids.js';
import { ownValue } from './json.js';
import type { DeviceTransportType } from './transport.js';

/**
 * Device credentials, claiming and provisioning (spec 2 §3 "Device credentials", §5; reference §1.4,
 * §1.5, §4.1, §4.3).
 */

export const DEVICE_CREDENTIALS_TYPES = [
  'ACCESS_TOKEN',
  'X509_CERTIFICATE',
  'MQTT_BASIC',
  'LWM2M_CREDENTIALS',
] as const;
export type DeviceCredentialsType = (typeof DEVICE_CREDENTIALS_TYPES)[number];

/** A device's credentials record (reference §1.5); its id travels as `{"id"}`. */
export interface DeviceCredentials {
  id: DeviceCredentialsId;
  createdTime: number;
  deviceId: DeviceId;
  credentialsType: DeviceCredentialsType;
  /** The token, certificate hash, MQTT id or LwM2M endpoint the device authenticates with. */
  credentialsId: string;
  /** PEM certificate, MQTT basic JSON or LwM2M JSON; null for access tokens. */
  credentialsValue: string | null;
}

/**
 * Credentials as a client sends them: `credentialsId` is null for X509_CERTIFICATE and MQTT_BASIC,
 * whose id the server derives from `credentialsValue` (reference §4.3).
 */
export type DeviceCredentialsDraft = Pick<DeviceCredentials, 'credentialsType' | 'credentialsValue'> & {
  credentialsId: string | null;
};

/** Body of `POST /api/device-with-credentials` (reference §1.4): a device and its first credentials. */
export interface SaveDeviceWithCredentialsRequest {
  /** New devices carry no id; the server fills tenant, customer and defaults. */
  device: Partial<EntityDraft<Device>> & Pick<Device, 'name'>;
  credentials: DeviceCredentialsDraft;
}

/** The JSON stored in `credentialsValue` for MQTT_BASIC. */
export interface MqttBasicCredentials {
  clientId?: string | null;
  userName?: string | null;
  password?: string | null;
}

/** Length of the access token generated when a device is created without one (reference §1.4). */
export const DEVICE_ACCESS_TOKEN_LENGTH = 20;

/** Credential types a device may use, per transport type of its profile (spec 2 §5). */
export const CREDENTIALS_TYPES_BY_TRANSPORT: Readonly<
  Record<DeviceTransportType, readonly DeviceCredentialsType[]>
> = {
  DEFAULT: ['ACCESS_TOKEN', 'X509_CERTIFICATE', 'MQTT_BASIC'],
  MQTT: ['ACCESS_TOKEN', 'X509_CERTIFICATE', 'MQTT_BASIC'],
  COAP: ['ACCESS_TOKEN', 'X509_CERTIFICATE'],
  LWM2M: ['LWM2M_CREDENTIALS'],
  SNMP: ['ACCESS_TOKEN'],
};

/** True when devices of a profile with `transportType` may use `credentialsType` (spec 2 §5). */
export function isCredentialsTypeAllowed(
  transportType: DeviceTransportType,
  credentialsType: DeviceCredentialsType,
): boolean {
  return ownValue(CREDENTIALS_TYPES_BY_TRANSPORT, transportType)?.includes(credentialsType) ?? false;
}

export type MqttBasicCredentialsProblem = 'clientIdOrUserNameRequired' | 'passwordRequiresUserName';

/**
 * Save-time checks of MQTT basic credentials (reference §4.3): a client id or a user name is needed,
 * and a password is only accepted together with a user name.
 */
export function validateMqttBasicCredentials(
  credentials: MqttBasicCredentials,
): MqttBasicCredentialsProblem[] {
  const hasClientId = !!credentials.clientId;
  const hasUserName = !!credentials.userName;
  const problems: MqttBasicCredentialsProblem[] = [];
  if (!hasClientId && !hasUserName) {
    problems.push('clientIdOrUserNameRequired');
  }
  if (credentials.password && hasClientId && !hasUserName) {
    problems.push('passwordRequiresUserName');
  }
  return problems;
}

/**
 * What the `credentialsId` of MQTT basic credentials is derived from (reference §4.3): the user name
 * itself when there is no client id; otherwise the SHA3-256 hex digest of the client id, or of
 * `clientId + "|" + userName` when both are set. Returns null when neither is set.
 */
export function mqttBasicCredentialsIdSource(
  credentials: MqttBasicCredentials,
): { kind: 'userName'; value: string } | { kind: 'sha3_256'; input: string } | null {
  const { clientId, userName } = credentials;
  if (clientId) {
    return { kind: 'sha3_256', input: userName ? `${clientId}|${userName}` : clientId };
  }
  if (userName) {
    return { kind: 'userName', value: userName };
  }
  return null;
}

/** Outcome of a claim request. SUCCESS answers 200; the others 400 with the bare value. */
export const CLAIM_RESULTS = ['SUCCESS', 'FAILURE', 'CLAIMED'] as const;
export type ClaimResult = (typeof CLAIM_RESULTS)[number];

/** Device-side claim payload; both fields optional (duration defaults to 86400000 ms). */
export interface ClaimRequest {
  secretKey?: string;
  durationMs?: number;
}

/** Default claim window, `security.claim.duration` (reference §2.1). */
export const DEFAULT_CLAIM_DURATION_MS = 86400000;

/** Credential types a device may ask for when provisioning itself (ACCESS_TOKEN when omitted). */
export const PROVISION_CREDENTIALS_TYPES = [
  'ACCESS_TOKEN',
  'MQTT_BASIC',
  'X509_CERTIFICATE',
] as const satisfies readonly DeviceCredentialsType[];

export const PROVISION_RESPONSE_STATUSES = ['SUCCESS', 'NOT_FOUND', 'FAILURE'] as const;
export type ProvisionResponseStatus = (typeof PROVISION_RESPONSE_STATUSES)[number];

/** Body of a device provisioning request (reference §4.1). */
export interface ProvisionRequest {
  deviceName?: string;
  provisionDeviceKey: string;
  provisionDeviceSecret: string;
  credentialsType?: (typeof PROVISION_CREDENTIALS_TYPES)[number];
  token?: string;
  clientId?: string;
  username?: string;
  password?: string;
  hash?: string;
}
