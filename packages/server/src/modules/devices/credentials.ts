import { createHash } from 'node:crypto';
import {
  DEVICE_ACCESS_TOKEN_LENGTH,
  type DeviceCredentialsType,
  type DeviceTransportType,
  isCredentialsTypeAllowed,
  isJsonObject,
  LWM2M_SECURITY_MODES,
  type Lwm2mSecurityMode,
  mqttBasicCredentialsIdSource,
  validateMqttBasicCredentials,
} from '@meridian/common';
import { randomAlphanumeric } from '../../auth/passwords.js';
import { badRequest } from '../../http/api-error.js';

/**
 * Device credentials as they are stored (reference DeviceCredentialsServiceImpl): the id a device
 * authenticates with is derived from the value for certificates, MQTT basic and LwM2M credentials.
 */

export const CREDENTIALS_MESSAGES = {
  typeRequired: 'Device credentials type should be specified!',
  idRequired: 'Device credentials id should be specified!',
  taken: 'Device credentials are already assigned to another device!',
  notExisting: 'Unable to update non-existent device credentials!',
  mqttBody: 'Invalid credentials body for simple mqtt credentials!',
  mqttEmpty: 'Both mqtt client id and user name are empty!',
  mqttPasswordWithoutUser: "MQTT password can't be used without a user name when a client id is set!",
  lwm2mBody: 'Invalid credentials body for LwM2M credentials!',
  certificateRequired: 'X509 certificate should be specified!',
} as const;

/** What a client sends for credentials; everything is optional on the wire. */
export interface CredentialsInput {
  credentialsType?: string | null;
  credentialsId?: string | null;
  credentialsValue?: string | null;
}

export interface StoredCredentials {
  credentialsType: DeviceCredentialsType;
  credentialsId: string;
  credentialsValue: string | null;
}

/** The reference's EncryptionUtil.trimNewLines: PEM armour and line breaks removed. */
export const trimCertificate = (pem: string) =>
  pem
    .replaceAll('-----BEGIN CERTIFICATE-----', '')
    .replaceAll('-----END CERTIFICATE-----', '')
    .replace(/[\r\n]/g, '');

/** Lower-case hex SHA3-256 (the standard SHA3, not Keccak) of the UTF-8 text, after trimCertificate. */
export const sha3Hex = (text: string) =>
  createHash('sha3-256').update(trimCertificate(text), 'utf8').digest('hex');

/** The 20 random alphanumerics a new device gets when no access token is given (reference §1.4). */
export const newAccessToken = () => randomAlphanumeric(DEVICE_ACCESS_TOKEN_LENGTH);

const MAX_CREDENTIALS_ID = 255;

function checkedId(id: string): string {
  if (id.length > MAX_CREDENTIALS_ID) {
    throw badRequest(
      `Invalid request: field 'credentialsId' must NOT have more than ${MAX_CREDENTIALS_ID} characters`,
    );
  }
  return id;
}

function parseJson(text: string | null | undefined, message: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text ?? '');
    if (isJsonObject(value)) return value;
  } catch {
    // reported below
  }
  throw badRequest(message);
}

const optionalString = (value: unknown, message: string): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw badRequest(message);
  return value;
};

function mqttBasic(value: string | null | undefined): StoredCredentials {
  const json = parseJson(value, CREDENTIALS_MESSAGES.mqttBody);
  const credentials = {
    clientId: optionalString(json.clientId, CREDENTIALS_MESSAGES.mqttBody),
    userName: optionalString(json.userName, CREDENTIALS_MESSAGES.mqttBody),
    password: optionalString(json.password, CREDENTIALS_MESSAGES.mqttBody),
  };
  const problems = validateMqttBasicCredentials(credentials);
  if (problems.includes('clientIdOrUserNameRequired')) throw badRequest(CREDENTIALS_MESSAGES.mqttEmpty);
  if (problems.includes('passwordRequiresUserName'))
    throw badRequest(CREDENTIALS_MESSAGES.mqttPasswordWithoutUser);
  const source = mqttBasicCredentialsIdSource(credentials);
  if (!source) throw badRequest(CREDENTIALS_MESSAGES.mqttEmpty);
  const credentialsId = source.kind === 'userName' ? source.value : sha3Hex(source.input);
  return {
    credentialsType: 'MQTT_BASIC',
    credentialsId: checkedId(credentialsId),
    credentialsValue: JSON.stringify(credentials),
  };
}

function lwm2m(value: string | null | undefined): StoredCredentials {
  const json = parseJson(value, CREDENTIALS_MESSAGES.lwm2mBody);
  const client = json.client;
  if (!isJsonObject(client)) throw badRequest(CREDENTIALS_MESSAGES.lwm2mBody);
  const mode = client.securityConfigClientMode;
  if (typeof mode !== 'string' || !(LWM2M_SECURITY_MODES as readonly string[]).includes(mode)) {
    throw badRequest(
      `Invalid request: field 'credentialsValue.client.securityConfigClientMode' must be one of ${LWM2M_SECURITY_MODES.join(', ')}`,
    );
  }
  const endpoint = optionalString(client.endpoint, CREDENTIALS_MESSAGES.lwm2mBody);
  let credentialsId: string | null = endpoint;
  let stored = json;
  switch (mode as Lwm2mSecurityMode) {
    case 'NO_SEC':
    case 'RPK':
      break;
    case 'PSK':
      // The PSK identity defaults to the endpoint (spec 2 §3).
      credentialsId = optionalString(client.identity, CREDENTIALS_MESSAGES.lwm2mBody) || endpoint;
      break;
    case 'X509': {
      const cert = optionalString(client.cert, CREDENTIALS_MESSAGES.lwm2mBody);
      if (cert) {
        const trimmed = trimCertificate(cert);
        stored = { ...json, client: { ...client, cert: trimmed } };
        credentialsId = sha3Hex(trimmed);
      }
      break;
    }
  }
  if (!credentialsId) throw badRequest(CREDENTIALS_MESSAGES.lwm2mBody);
  return {
    credentialsType: 'LWM2M_CREDENTIALS',
    credentialsId: checkedId(credentialsId),
    credentialsValue: JSON.stringify(stored),
  };
}

/**
 * Turns what a client sent into the stored credentials: the credentials id of X509, MQTT basic and
 * LwM2M credentials is derived from the value; an access token is the id itself, without a value.
 */
export function formatCredentials(input: CredentialsInput): StoredCredentials {
  switch (input.credentialsType) {
    case undefined:
    case null:
      throw badRequest(CREDENTIALS_MESSAGES.typeRequired);
    case 'ACCESS_TOKEN': {
      const token = input.credentialsId;
      if (!token?.trim()) throw badRequest(CREDENTIALS_MESSAGES.idRequired);
      return { credentialsType: 'ACCESS_TOKEN', credentialsId: checkedId(token), credentialsValue: null };
    }
    case 'X509_CERTIFICATE': {
      const certificate = trimCertificate(input.credentialsValue ?? '');
      if (!certificate.trim()) throw badRequest(CREDENTIALS_MESSAGES.certificateRequired);
      return {
        credentialsType: 'X509_CERTIFICATE',
        credentialsId: sha3Hex(certificate),
        credentialsValue: certificate,
      };
    }
    case 'MQTT_BASIC':
      return mqttBasic(input.credentialsValue);
    case 'LWM2M_CREDENTIALS':
      return lwm2m(input.credentialsValue);
    default:
      throw badRequest(
        `Invalid request: field 'credentialsType' has unknown value '${input.credentialsType}'`,
      );
  }
}

/** Spec 2 §5: the credentials type must be one the device profile's transport accepts. */
export function assertCredentialsAllowed(transportType: string, credentialsType: string): void {
  if (
    !isCredentialsTypeAllowed(transportType as DeviceTransportType, credentialsType as DeviceCredentialsType)
  ) {
    throw badRequest(
      `Invalid request: credentials type '${credentialsType}' is not supported by the device profile's transport type '${transportType}'`,
    );
  }
}
