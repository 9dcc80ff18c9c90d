import type { DeviceTransportType } from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import { violatedUnique } from '../../db/sql-errors.js';
import type { Db } from '../../db/store.js';
import { ApiError } from '../../http/api-error.js';
import {
  assertCredentialsAllowed,
  type CredentialsInput,
  formatCredentials,
  newAccessToken,
  type StoredCredentials,
} from '../../modules/devices/credentials.js';
import { syncDeviceData } from '../../modules/devices/device-data.js';
import { DevicesRepo } from '../../modules/devices/repo.js';
import { assertEntityLimit } from '../../modules/tenant-profiles/limits.js';
import { JsonObjectNode, type LosslessJson } from '../../telemetry/json-lossless.js';
import type { TelemetryService } from '../../telemetry/service.js';
import { TelemetryInputError } from '../../telemetry/values.js';
import type { CoreLogger } from './options.js';

/**
 * Device provisioning (reference §4.1 "Provision request"): a device that knows its profile's
 * provision key and secret gets credentials, either for a new device (ALLOW_CREATE_NEW_DEVICES) or
 * for one created in advance (CHECK_PRE_PROVISIONED_DEVICES, or an existing device of the profile).
 * A device is provisioned once: the SERVER_SCOPE attribute `provisionState` = "provisioned" marks it.
 */

export const PROVISION_STATE_KEY = 'provisionState';
const PROVISIONED = 'provisioned';

const NOT_FOUND = { errorMsg: 'Provision data was not found!', status: 'NOT_FOUND' } as const;
const FAILURE = { errorMsg: 'Failed to provision device!', status: 'FAILURE' } as const;

interface ProvisionRequest {
  deviceName: string;
  provisionDeviceKey: string;
  provisionDeviceSecret: string;
  credentialsType: string;
  token: string | undefined;
  clientId: string | undefined;
  username: string | undefined;
  password: string | undefined;
  hash: string | undefined;
}

function readRequest(payload: LosslessJson): ProvisionRequest {
  if (!(payload instanceof JsonObjectNode))
    throw new TelemetryInputError('Provision request is not a JSON object');
  const text = (name: string): string | undefined => {
    const value = payload.members.get(name);
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') throw new TelemetryInputError(`'${name}' must be a string`);
    return value;
  };
  return {
    deviceName: text('deviceName') ?? '',
    provisionDeviceKey: text('provisionDeviceKey') ?? '',
    provisionDeviceSecret: text('provisionDeviceSecret') ?? '',
    credentialsType: text('credentialsType') ?? 'ACCESS_TOKEN',
    token: text('token'),
    clientId: text('clientId'),
    username: text('username'),
    password: text('password'),
    hash: text('hash'),
  };
}

/** The credentials a new device asks for, in the form DevicesService stores them. */
function requestedCredentials(request: ProvisionRequest): CredentialsInput {
  switch (request.credentialsType) {
    case 'ACCESS_TOKEN':
      return { credentialsType: 'ACCESS_TOKEN', credentialsId: request.token || newAccessToken() };
    case 'MQTT_BASIC':
      return {
        credentialsType: 'MQTT_BASIC',
        credentialsValue: JSON.stringify({
          clientId: request.clientId ?? null,
          userName: request.username ?? null,
          password: request.password ?? null,
        }),
      };
    case 'X509_CERTIFICATE':
      return { credentialsType: 'X509_CERTIFICATE', credentialsValue: request.hash ?? '' };
    default:
      throw new TelemetryInputError(`Unsupported credentials type '${request.credentialsType}'`);
  }
}

/** The success body: the value a device connects with, by credentials type. */
function success(credentials: StoredCredentials): Record<string, unknown> {
  let credentialsValue: unknown = credentials.credentialsId;
  if (credentials.credentialsType === 'MQTT_BASIC') {
    const stored = JSON.parse(credentials.credentialsValue ?? '{}') as Record<string, unknown>;
    credentialsValue = { clientId: stored.clientId, userName: stored.userName, password: stored.password };
  } else if (credentials.credentialsType === 'X509_CERTIFICATE') {
    credentialsValue = credentials.credentialsValue;
  }
  return { credentialsValue, credentialsType: credentials.credentialsType, status: 'SUCCESS' };
}

export class ProvisionService {
  private readonly devices: DevicesRepo;

  constructor(
    private readonly db: Db,
    private readonly telemetry: TelemetryService,
    private readonly log: CoreLogger,
    private readonly onDeviceCreated: (deviceId: string) => void = () => {},
  ) {
    this.devices = new DevicesRepo(db);
  }

  async provision(payload: LosslessJson): Promise<Record<string, unknown>> {
    const request = readRequest(payload);
    if (!request.provisionDeviceKey || !request.provisionDeviceSecret) return NOT_FOUND;
    const profile = await this.db
      .selectFrom('deviceProfile')
      .selectAll()
      .where('provisionDeviceKey', '=', request.provisionDeviceKey)
      .executeTakeFirst();
    const configuration = (
      profile?.profileData as { provisionConfiguration?: { provisionDeviceSecret?: unknown } }
    )?.provisionConfiguration;
    if (
      !profile ||
      profile.provisionType === 'DISABLED' ||
      configuration?.provisionDeviceSecret !== request.provisionDeviceSecret
    ) {
      return NOT_FOUND;
    }
    if (!request.deviceName.trim()) return FAILURE;
    const existing = await this.devices.findByName(profile.tenantId, request.deviceName);
    try {
      if (existing) {
        if (existing.deviceProfileId !== profile.id) {
          return profile.provisionType === 'CHECK_PRE_PROVISIONED_DEVICES' ? NOT_FOUND : FAILURE;
        }
        return await this.provisionExisting(existing.id);
      }
      if (profile.provisionType !== 'ALLOW_CREATE_NEW_DEVICES') return NOT_FOUND;
      return await this.createDevice(request, profile);
    } catch (err) {
      // Bad credentials, a taken name or token, a tenant limit: the device only learns it failed.
      if (err instanceof ApiError || err instanceof TelemetryInputError || violatedUnique(err)) {
        this.log.warn({ err, deviceName: request.deviceName }, 'device provisioning failed');
        return FAILURE;
      }
      throw err;
    }
  }

  private async isProvisioned(deviceId: string, db: Db): Promise<boolean> {
    const row = await db
      .selectFrom('attributeKv')
      .select('strV')
      .where('entityId', '=', deviceId)
      .where('attributeType', '=', 'SERVER_SCOPE')
      .where('attributeKey', '=', PROVISION_STATE_KEY)
      .executeTakeFirst();
    return row?.strV === PROVISIONED;
  }

  /** A device created in advance: hands out its current credentials, once. */
  private async provisionExisting(deviceId: string): Promise<Record<string, unknown>> {
    const result = await this.db.transaction().execute(async (trx) => {
      if (await this.isProvisioned(deviceId, trx)) return undefined;
      const credentials = await this.devices.credentialsOf(deviceId, trx);
      if (!credentials) return undefined;
      const pending = await this.markProvisioned(trx, deviceId);
      return { credentials, pending };
    });
    if (!result) return FAILURE;
    result.pending.afterCommit();
    return success(result.credentials as StoredCredentials);
  }

  private markProvisioned(trx: Db, deviceId: string) {
    return this.telemetry.saveAttributesBatch(trx, [
      {
        entityId: { entityType: 'DEVICE', id: deviceId },
        scope: 'SERVER_SCOPE',
        entries: [{ key: PROVISION_STATE_KEY, value: { type: 'STRING', value: PROVISIONED } }],
      },
    ]);
  }

  /** A new device of the profile with the requested credentials, in one transaction. */
  private async createDevice(
    request: ProvisionRequest,
    profile: { id: string; tenantId: string; name: string; transportType: string },
  ): Promise<Record<string, unknown>> {
    const credentials = formatCredentials(requestedCredentials(request));
    assertCredentialsAllowed(profile.transportType, credentials.credentialsType);
    if (await this.devices.credentialsByCredentialsId(credentials.credentialsId)) return FAILURE;
    await assertEntityLimit(this.db, profile.tenantId, 'DEVICE');
    const deviceId = uuidv1();
    const now = Date.now();
    const pending = await this.db.transaction().execute(async (trx) => {
      await this.devices.insert(
        {
          id: deviceId,
          createdTime: now,
          tenantId: profile.tenantId,
          customerId: null,
          deviceProfileId: profile.id,
          name: request.deviceName,
          type: profile.name,
          label: null,
          deviceData: JSON.stringify(syncDeviceData(undefined, profile.transportType as DeviceTransportType)),
          additionalInfo: null,
          firmwareId: null,
          softwareId: null,
        },
        trx,
      );
      await this.devices.insertCredentials({ id: uuidv1(), createdTime: now, deviceId, ...credentials }, trx);
      return this.markProvisioned(trx, deviceId);
    });
    pending.afterCommit();
    this.onDeviceCreated(deviceId);
    return success(credentials);
  }
}
