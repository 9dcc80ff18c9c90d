import type { DeviceProfileData, DeviceProvisionType } from '@meridian/common';
import type { Db } from '../../db/store.js';
import { sha3Hex } from '../../modules/devices/credentials.js';
import type { DeviceEvent } from '../../modules/devices/device-events.js';
import type { DeviceCredentialsProof, DeviceIdentity } from './types.js';

/**
 * Device authentication (reference §4.3 "Connection & auth", §4.2): finds the device whose stored
 * credentials match the proof. Identities are cached by credentials id, because every HTTP request
 * and MQTT connect authenticates; a change of the device, its credentials or its profile drops the
 * affected entries.
 */

interface CachedCredentials {
  credentialsType: string;
  credentialsValue: string | null;
  identity: DeviceIdentity;
}

/** A found credentials row and its device, or null when the id is unknown. */
type Lookup = CachedCredentials | null;

interface StoredMqttBasic {
  clientId?: string | null;
  userName?: string | null;
  password?: string | null;
}

function storedMqttBasic(value: string | null): StoredMqttBasic {
  try {
    const parsed: unknown = JSON.parse(value ?? '');
    return typeof parsed === 'object' && parsed !== null ? (parsed as StoredMqttBasic) : {};
  } catch {
    return {};
  }
}

/** Selects a device with its profile; shared by authentication and identity refreshes. */
export function identityQuery(db: Db) {
  return db
    .selectFrom('device')
    .innerJoin('deviceProfile', 'deviceProfile.id', 'device.deviceProfileId')
    .select([
      'device.id as deviceId',
      'device.tenantId',
      'device.customerId',
      'device.name as deviceName',
      'device.additionalInfo',
      'device.deviceProfileId',
      'deviceProfile.name as profileName',
      'deviceProfile.profileData',
      'deviceProfile.provisionType',
      'deviceProfile.defaultRuleChainId',
      'deviceProfile.defaultQueueName',
    ]);
}

type IdentityRow = Awaited<ReturnType<ReturnType<typeof identityQuery>['executeTakeFirstOrThrow']>>;

export function identityOf(row: IdentityRow): DeviceIdentity {
  const info = row.additionalInfo as { gateway?: unknown } | null;
  return {
    tenantId: row.tenantId,
    customerId: row.customerId,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    deviceType: row.profileName,
    deviceProfileId: row.deviceProfileId,
    profileData: row.profileData as unknown as DeviceProfileData,
    provisionType: row.provisionType as DeviceProvisionType,
    gateway: typeof info === 'object' && info !== null && info.gateway === true,
    ruleChainId: row.defaultRuleChainId,
    queueName: row.defaultQueueName,
  };
}

export class DeviceAuthenticator {
  private readonly cache = new Map<string, CachedCredentials>();
  private readonly loading = new Map<string, Promise<Lookup>>();
  /** Bumped by every invalidation, so a lookup that raced with a change is not cached. */
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly maxEntries: number,
  ) {}

  async authenticate(proof: DeviceCredentialsProof): Promise<DeviceIdentity | undefined> {
    switch (proof.type) {
      case 'ACCESS_TOKEN': {
        if (!proof.token) return undefined;
        const found = await this.lookup(proof.token);
        return found?.credentialsType === 'ACCESS_TOKEN' ? found.identity : undefined;
      }
      case 'X509_CERTIFICATE': {
        if (!proof.certificate.trim()) return undefined;
        const found = await this.lookup(sha3Hex(proof.certificate));
        return found?.credentialsType === 'X509_CERTIFICATE' ? found.identity : undefined;
      }
      case 'MQTT_BASIC':
        return this.mqttBasic(proof.clientId, proof.userName, proof.password);
    }
  }

  /**
   * The lookup order of reference §4.3: without a user name, SHA3(clientId); with one,
   * SHA3(clientId|userName), then the user name itself as an access token or MQTT basic id.
   */
  private async mqttBasic(
    clientId: string | undefined,
    userName: string | undefined,
    password: string | undefined,
  ): Promise<DeviceIdentity | undefined> {
    if (!userName) {
      if (!clientId) return undefined;
      const found = await this.lookup(sha3Hex(clientId));
      return found && this.mqttBasicMatches(found, password) ? found.identity : undefined;
    }
    if (clientId) {
      const found = await this.lookup(sha3Hex(`${clientId}|${userName}`));
      if (found && this.mqttBasicMatches(found, password)) return found.identity;
    }
    const byName = await this.lookup(userName);
    if (!byName) return undefined;
    if (byName.credentialsType === 'ACCESS_TOKEN') return byName.identity;
    return this.mqttBasicMatches(byName, password) ? byName.identity : undefined;
  }

  /** MQTT basic credentials whose stored password, when there is one, equals the given one. */
  private mqttBasicMatches(found: CachedCredentials, password: string | undefined): boolean {
    if (found.credentialsType !== 'MQTT_BASIC') return false;
    const stored = storedMqttBasic(found.credentialsValue).password;
    return !stored || stored === password;
  }

  private lookup(credentialsId: string): Promise<Lookup> | Lookup {
    const cached = this.cache.get(credentialsId);
    if (cached) return cached;
    let loading = this.loading.get(credentialsId);
    if (!loading) {
      loading = this.load(credentialsId).finally(() => this.loading.delete(credentialsId));
      this.loading.set(credentialsId, loading);
    }
    return loading;
  }

  private async load(credentialsId: string): Promise<Lookup> {
    const generation = this.generation;
    const row = await identityQuery(this.db)
      .innerJoin('deviceCredentials', 'deviceCredentials.deviceId', 'device.id')
      .select(['deviceCredentials.credentialsType', 'deviceCredentials.credentialsValue'])
      .where('deviceCredentials.credentialsId', '=', credentialsId)
      .executeTakeFirst();
    if (!row) return null;
    const found: CachedCredentials = {
      credentialsType: row.credentialsType,
      credentialsValue: row.credentialsValue,
      identity: identityOf(row),
    };
    if (generation === this.generation) {
      if (this.cache.size >= this.maxEntries) {
        // Maps iterate in insertion order: drop the oldest entry.
        const oldest = this.cache.keys().next().value;
        if (oldest !== undefined) this.cache.delete(oldest);
      }
      this.cache.set(credentialsId, found);
    }
    return found;
  }

  /** Drops cached identities a device event makes stale. */
  onDeviceEvent(event: DeviceEvent): void {
    this.generation++;
    const stale =
      event.type === 'PROFILE_UPDATED' || event.type === 'PROFILE_DELETED'
        ? (entry: CachedCredentials) => entry.identity.deviceProfileId === event.deviceProfileId
        : (entry: CachedCredentials) => entry.identity.deviceId === event.deviceId;
    for (const [id, entry] of this.cache) if (stale(entry)) this.cache.delete(id);
  }

  /** The current identity of a device, read from the database; undefined when it no longer exists. */
  async reload(deviceId: string): Promise<DeviceIdentity | undefined> {
    const row = await identityQuery(this.db).where('device.id', '=', deviceId).executeTakeFirst();
    return row ? identityOf(row) : undefined;
  }

  get size(): number {
    return this.cache.size;
  }
}
