import {
  bulkImportRowDiffers,
  createDefaultDeviceProfileData,
  type DeviceTransportType,
} from '@meridian/common';
import type { Updateable } from 'kysely';
import { v1 as uuidv1 } from 'uuid';
import { requireAccess } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import { jsonText } from '../../db/json-column.js';
import type { DeviceTable } from '../../db/schema.js';
import type { Db } from '../../db/store.js';
import { ApiError } from '../../http/api-error.js';
import { newDeviceProfileRow } from '../device-profiles/default-profile.js';
import { type DeviceProfileRow, DeviceProfilesRepo } from '../device-profiles/repo.js';
import type { DeviceProfilesService } from '../device-profiles/service.js';
import {
  assertCredentialsAllowed,
  CREDENTIALS_MESSAGES,
  formatCredentials,
  newAccessToken,
  type StoredCredentials,
} from '../devices/credentials.js';
import { syncDeviceData } from '../devices/device-data.js';
import { type CredentialsRow, type DeviceRow, deviceToWire } from '../devices/repo.js';
import { DEVICE_MESSAGES } from '../devices/service.js';
import { entityLimitMessage } from '../tenant-profiles/limits.js';
import {
  additionalInfoOf,
  type BasePlan,
  type ImportContext,
  type Importer,
  type PreparedRow,
  text,
  unique,
  updateGrouped,
} from './importer.js';
import { credentialsOf, entityFields, RowError } from './rows.js';

/** A device profile as rows refer to it; `id` is filled in once a profile to create exists. */
interface ProfileRef {
  id: string | undefined;
  name: string;
  transportType: string;
  pending: boolean;
}

const profileRef = (row: DeviceProfileRow): ProfileRef => ({
  id: row.id,
  name: row.name,
  transportType: row.transportType,
  pending: false,
});

interface DeviceState {
  byName: Map<string, DeviceRow>;
  /** Current credentials per device id. */
  credentials: Map<string, CredentialsRow>;
  /** Device id per credentials id, for the credentials ids the chunk touches. */
  owners: Map<string, string>;
  profiles: Map<string, ProfileRef>;
  defaultProfile: ProfileRef;
  remaining: number | undefined;
}

export interface DevicePlan extends BasePlan {
  op: 'create' | 'update' | 'same';
  row: DeviceRow;
  /** The profile the device ends up with (none when nothing is written). */
  profile: ProfileRef | undefined;
  /** Columns an update writes; the profile columns are added when `profileChanged`. */
  changes: Updateable<DeviceTable> | undefined;
  profileChanged: boolean;
  /** Credentials to insert (new device, or one without any) or to update. */
  credentials: { row: CredentialsRow; insert: boolean; generated: boolean } | undefined;
}

const DEVICE_CASTS = { additionalInfo: 'jsonb', deviceData: 'jsonb', deviceProfileId: 'uuid' } as const;

/**
 * Device rows (reference DeviceBulkImportService): the profile named by TYPE is found or created
 * (with the LwM2M transport for LwM2M credentials), credentials come from the row or are a new
 * access token, and an update changes only the fields, profile and credentials that differ.
 */
export function deviceImporter(
  ctx: ImportContext,
  profileService: DeviceProfilesService,
): Importer<DeviceState, DevicePlan> {
  const { db, repo, principal, update, limit } = ctx;
  const tenantId = principal.tenantId;
  const profileRows = new DeviceProfilesRepo(db);

  /** The profile a row's type names: known, already planned, or to be created in the chunk. */
  const profileFor = (state: DeviceState, type: string | undefined, lwm2m: boolean): ProfileRef => {
    if (type === undefined) return state.defaultProfile;
    const known = state.profiles.get(type);
    if (known) return known;
    // Created with the chunk; remembered for later rows once a row using it is planned.
    return { id: undefined, name: type, transportType: lwm2m ? 'LWM2M' : 'DEFAULT', pending: true };
  };
  const remember = (state: DeviceState, profile: ProfileRef) => {
    if (profile.pending && !state.profiles.has(profile.name)) state.profiles.set(profile.name, profile);
  };

  /** The profile a stored (or planned) device has now. */
  const currentProfile = async (state: DeviceState, device: DeviceRow): Promise<ProfileRef> => {
    const byName = device.type === null ? undefined : state.profiles.get(device.type);
    if (byName && (byName.pending || byName.id === device.deviceProfileId)) return byName;
    return profileRef(await profileService.forDevice(tenantId, device.deviceProfileId, db));
  };

  const tokenFor = (state: DeviceState): string => {
    for (;;) {
      const token = newAccessToken();
      if (!state.owners.has(token)) return token;
    }
  };

  const planCreate = (row: PreparedRow, state: DeviceState): DevicePlan => {
    const { fields } = row;
    if (state.remaining !== undefined && state.remaining <= 0) {
      throw new RowError(entityLimitMessage('DEVICE', limit ?? 0));
    }
    const given = row.credentials;
    const profile = profileFor(state, fields.type, given?.credentialsType === 'LWM2M_CREDENTIALS');
    const credentials: StoredCredentials = given ?? {
      credentialsType: 'ACCESS_TOKEN',
      credentialsId: tokenFor(state),
      credentialsValue: null,
    };
    assertCredentialsAllowed(profile.transportType, credentials.credentialsType);
    const now = Date.now();
    const device: DeviceRow = {
      id: uuidv1(),
      createdTime: now,
      tenantId,
      customerId: null,
      deviceProfileId: profile.id ?? '',
      name: fields.name,
      type: profile.name,
      label: fields.label ?? null,
      deviceData: syncDeviceData(undefined, profile.transportType as DeviceTransportType),
      additionalInfo: additionalInfoOf(undefined, fields, true),
      firmwareId: null,
      softwareId: null,
    };
    const credentialsRow: CredentialsRow = {
      id: uuidv1(),
      createdTime: now,
      deviceId: device.id,
      ...credentials,
    };
    if (state.remaining !== undefined) state.remaining -= 1;
    remember(state, profile);
    state.byName.set(device.name, device);
    state.credentials.set(device.id, credentialsRow);
    state.owners.set(credentials.credentialsId, device.id);
    return {
      op: 'create',
      line: row.line,
      entityId: device.id,
      name: device.name,
      customerId: null,
      kvs: row.kvs,
      counted: 'created',
      audit: 'ADDED',
      row: device,
      profile,
      changes: undefined,
      profileChanged: false,
      credentials: { row: credentialsRow, insert: true, generated: given === undefined },
      wire: () => deviceToWire(device),
    };
  };

  const planUpdate = async (row: PreparedRow, state: DeviceState, stored: DeviceRow): Promise<DevicePlan> => {
    const { fields } = row;
    const given = row.credentials;
    const current = state.credentials.get(stored.id);
    const base = {
      line: row.line,
      entityId: stored.id,
      name: stored.name,
      customerId: stored.customerId,
      kvs: row.kvs,
      counted: 'updated' as const,
    };
    const fieldsDiffer = bulkImportRowDiffers(
      {
        type: stored.type,
        label: stored.label,
        additionalInfo: stored.additionalInfo as { description?: unknown; gateway?: unknown } | null,
      },
      fields,
    );
    const credentialsDiffer =
      given !== undefined &&
      (current === undefined ||
        current.credentialsType !== given.credentialsType ||
        current.credentialsId !== given.credentialsId ||
        current.credentialsValue !== given.credentialsValue);
    if (!fieldsDiffer && !credentialsDiffer) {
      return {
        ...base,
        op: 'same',
        audit: null,
        row: stored,
        profile: undefined,
        changes: undefined,
        profileChanged: false,
        credentials: undefined,
        wire: () => deviceToWire(stored),
      };
    }
    const profileChanged = fields.type !== undefined && fields.type !== stored.type;
    const profile = profileChanged
      ? profileFor(state, fields.type, given?.credentialsType === 'LWM2M_CREDENTIALS')
      : await currentProfile(state, stored);
    const credentialsType = (given ?? current)?.credentialsType;
    if (credentialsType && (profileChanged || credentialsDiffer)) {
      assertCredentialsAllowed(profile.transportType, credentialsType);
    }
    const changes: Updateable<DeviceTable> = {};
    const after: DeviceRow = { ...stored };
    if (fields.label !== undefined && fields.label !== text(stored.label)) {
      after.label = fields.label;
      changes.label = fields.label;
    }
    const info = stored.additionalInfo as Record<string, unknown> | null;
    if (
      (fields.description !== undefined && fields.description !== text(info?.description)) ||
      (fields.gateway !== undefined && fields.gateway !== (info?.gateway === true))
    ) {
      after.additionalInfo = additionalInfoOf(stored.additionalInfo, fields, true);
      changes.additionalInfo = jsonText(after.additionalInfo);
    }
    if (profileChanged) {
      after.type = profile.name;
      after.deviceData = syncDeviceData(stored.deviceData, profile.transportType as DeviceTransportType);
      changes.type = after.type;
      changes.deviceData = jsonText(after.deviceData);
    }
    let credentials: DevicePlan['credentials'];
    if (given && credentialsDiffer) {
      const credentialsRow: CredentialsRow = current
        ? { ...current, ...given }
        : { id: uuidv1(), createdTime: Date.now(), deviceId: stored.id, ...given };
      credentials = { row: credentialsRow, insert: current === undefined, generated: false };
      if (current) state.owners.delete(current.credentialsId);
      state.owners.set(given.credentialsId, stored.id);
      state.credentials.set(stored.id, credentialsRow);
    }
    remember(state, profile);
    state.byName.set(after.name, after);
    return {
      ...base,
      op: 'update',
      audit: 'UPDATED',
      row: after,
      profile,
      changes,
      profileChanged,
      credentials,
      wire: () => deviceToWire(after),
    };
  };

  return {
    entityType: 'DEVICE',

    prepare: (importRow) => {
      const fields = entityFields(importRow, DEVICE_MESSAGES.nameRequired);
      // A blank type means no type, as on save: the default profile.
      if (fields.type !== undefined && !fields.type.trim()) delete fields.type;
      const input = credentialsOf(importRow);
      let credentials: StoredCredentials | undefined;
      if (input) {
        try {
          credentials = formatCredentials(input);
        } catch (error) {
          if (error instanceof ApiError) throw new RowError(`Invalid device credentials: ${error.message}`);
          throw error;
        }
      }
      return { line: importRow.lineNumber, fields, credentials, kvs: importRow.kvs };
    },

    load: async (rows) => {
      const devices = await repo.devicesByName(db, tenantId, unique(rows.map((r) => r.fields.name)));
      const credentials = await repo.credentialsOfDevices(
        db,
        devices.map((d) => d.id),
      );
      const wanted = unique(rows.flatMap((r) => (r.credentials ? [r.credentials.credentialsId] : [])));
      const owners = new Map<string, string>();
      for (const owner of await repo.credentialsOwners(db, wanted))
        owners.set(owner.credentialsId, owner.deviceId);
      for (const c of credentials) owners.set(c.credentialsId, c.deviceId);
      const profileNames = unique([
        ...rows.flatMap((r) => (r.fields.type !== undefined ? [r.fields.type] : [])),
        ...devices.flatMap((d) => (d.type ? [d.type] : [])),
      ]);
      const profiles = new Map<string, ProfileRef>();
      for (const p of await repo.profilesByName(db, tenantId, profileNames))
        profiles.set(p.name, profileRef(p));
      return {
        byName: new Map(devices.map((d) => [d.name, d])),
        credentials: new Map(credentials.map((c) => [c.deviceId, c])),
        owners,
        profiles,
        defaultProfile: profileRef(await profileService.defaultOf(tenantId, db)),
        remaining: limit === undefined ? undefined : limit - (await repo.count(db, 'device', tenantId)),
      };
    },

    plan: async (row, state) => {
      const stored = state.byName.get(row.fields.name);
      if (stored && !update) throw new RowError(DEVICE_MESSAGES.nameTaken);
      const given = row.credentials;
      if (given) {
        const owner = state.owners.get(given.credentialsId);
        if (owner !== undefined && owner !== stored?.id) throw new RowError(CREDENTIALS_MESSAGES.taken);
      }
      return stored ? planUpdate(row, state, stored) : planCreate(row, state);
    },

    settle: async (plans) => {
      // Generated tokens are checked against the store, as a single device save does.
      let open = plans.filter((p) => p.credentials?.generated);
      while (open.length > 0) {
        const taken = new Set(
          (
            await repo.credentialsOwners(
              db,
              open.map((p) => p.credentials?.row.credentialsId ?? ''),
            )
          ).map((o) => o.credentialsId),
        );
        open = open.filter((p) => p.credentials && taken.has(p.credentials.row.credentialsId));
        for (const p of open) if (p.credentials) p.credentials.row.credentialsId = newAccessToken();
      }
    },

    write: async (plans, trx) => {
      const pending = unique(
        plans.flatMap((p) => (p.profile?.pending && p.profile.id === undefined ? [p.profile] : [])),
      );
      for (const ref of pending) {
        const created =
          ref.transportType === 'LWM2M'
            ? await findOrCreateLwm2mProfile(profileRows, principal, ref.name, trx)
            : await profileService.findOrCreate(principal, tenantId, ref.name, trx);
        // A profile of that name made meanwhile with another transport: the plans no longer hold.
        if (created.transportType !== ref.transportType) {
          throw new RowError(
            `Device profile '${ref.name}' was created meanwhile with transport type '${created.transportType}'`,
          );
        }
        ref.id = created.id;
      }
      for (const plan of plans) {
        if (plan.profile?.id !== undefined) plan.row.deviceProfileId = plan.profile.id;
      }
      const creates = plans.filter((p) => p.op === 'create');
      await repo.insertDevices(
        trx,
        creates.map(({ row }) => ({
          ...row,
          deviceData: jsonText(row.deviceData),
          additionalInfo: jsonText(row.additionalInfo),
        })),
      );
      await repo.insertCredentials(
        trx,
        creates.flatMap((p) => (p.credentials ? [p.credentials.row] : [])),
      );
      // Several rows may update one device: their changes merge, later rows winning.
      const updates = new Map<string, Updateable<DeviceTable>>();
      const credentialUpdates = new Map<string, CredentialsRow>();
      for (const plan of plans) {
        if (plan.op !== 'update') continue;
        const changes = { ...updates.get(plan.entityId), ...plan.changes };
        if (plan.profileChanged) changes.deviceProfileId = plan.row.deviceProfileId;
        updates.set(plan.entityId, changes);
        const credentials = plan.credentials;
        if (credentials?.insert) await repo.insertCredentials(trx, [credentials.row]);
        else if (credentials) credentialUpdates.set(credentials.row.id, credentials.row);
      }
      await updateGrouped(trx, repo, 'device', updates, DEVICE_CASTS);
      await repo.updateRows(
        trx,
        'deviceCredentials',
        ['credentialsType', 'credentialsId', 'credentialsValue'],
        [...credentialUpdates.values()].map((c) => ({
          id: c.id,
          values: [c.credentialsType, c.credentialsId, c.credentialsValue],
        })),
      );
    },
  };
}

/** The tenant's profile of that name, created with the LwM2M transport when missing (reference setUpLwM2mDeviceProfile). */
async function findOrCreateLwm2mProfile(
  profileRows: DeviceProfilesRepo,
  principal: Principal,
  name: string,
  trx: Db,
): Promise<DeviceProfileRow> {
  const tenantId = principal.tenantId;
  const existing = await profileRows.findByName(tenantId, name, trx);
  if (existing) return existing;
  requireAccess(principal, 'CREATE', 'DEVICE_PROFILE', { tenantId });
  await profileRows.insertIfAbsent(
    {
      ...newDeviceProfileRow(tenantId, name, false),
      transportType: 'LWM2M',
      profileData: JSON.stringify(createDefaultDeviceProfileData('LWM2M')),
    },
    trx,
  );
  const created = await profileRows.findByName(tenantId, name, trx);
  if (!created) throw new Error(`device profile '${name}' vanished while being created`);
  return created;
}
