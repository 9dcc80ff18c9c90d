import type { IConnackPacket } from 'mqtt-packet';
import type { DeviceCredentialsProof } from '../core/types.js';
import type { ProtocolVersion } from './connection.js';

/** Why a CONNECT is refused. */
export type ConnectRefusal = 'badCredentials' | 'clientIdNotValid' | 'notAuthorized' | 'serverUnavailable';

/**
 * MQTT 3.1/3.1.1 return codes. The reference answers every authentication failure with
 * `CONNECTION_REFUSED_NOT_AUTHORIZED` (5), bad credentials included.
 */
const V3_RETURN_CODES: Readonly<Record<ConnectRefusal, number>> = {
  badCredentials: 5,
  clientIdNotValid: 5,
  notAuthorized: 5,
  serverUnavailable: 3,
};

/**
 * MQTT 5 reason codes, where the protocol can say more (the reference's `ReturnCodeResolver`):
 * a user name or password that matches no device is "Bad User Name or Password" (0x86), a client id
 * alone "Client Identifier not valid" (0x85), a certificate or no credentials at all "Not
 * authorized" (0x87), a failure of the server "Server unavailable" (0x88).
 */
const V5_REASON_CODES: Readonly<Record<ConnectRefusal, number>> = {
  badCredentials: 0x86,
  clientIdNotValid: 0x85,
  notAuthorized: 0x87,
  serverUnavailable: 0x88,
};

/** The CONNACK accepting a connection; MQTT 5 clients without a client id learn the one assigned. */
export function connackAccepted(version: ProtocolVersion, assignedClientId?: string): IConnackPacket {
  if (version < 5) return { cmd: 'connack', returnCode: 0, sessionPresent: false };
  // No properties restricting clients: wildcard filters are the device API's own (`…/rpc/request/+`),
  // and publishes with the retain flag or QoS 2 are accepted (neither retained nor routed anywhere).
  return {
    cmd: 'connack',
    reasonCode: 0,
    sessionPresent: false,
    ...(assignedClientId ? { properties: { assignedClientIdentifier: assignedClientId } } : {}),
  };
}

export function connackRefused(version: ProtocolVersion, refusal: ConnectRefusal): IConnackPacket {
  return version < 5
    ? { cmd: 'connack', returnCode: V3_RETURN_CODES[refusal], sessionPresent: false }
    : { cmd: 'connack', reasonCode: V5_REASON_CODES[refusal], sessionPresent: false };
}

/**
 * Why credentials that match no device are refused, as the reference decides it: a certificate is
 * not authorized; a user name or a password is a bad user name or password; a client id alone is
 * not a valid client id; nothing at all is not authorized.
 */
export function unknownCredentialsRefusal(proof: DeviceCredentialsProof): ConnectRefusal {
  if (proof.type !== 'MQTT_BASIC') return 'notAuthorized';
  if (proof.userName !== undefined || proof.password !== undefined) return 'badCredentials';
  return proof.clientId?.trim() ? 'clientIdNotValid' : 'notAuthorized';
}
