import type { DeviceProfile } from '@meridian/common';
import { type Operation, requireAccess } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import { isForeignKeyViolation, violatedUnique } from '../../db/sql-errors.js';
import type { Db } from '../../db/store.js';
import { badRequest, notFound } from '../../http/api-error.js';
import type { PageQuery } from '../../http/page-query.js';
import {
  type AuditedActionSpec,
  type AuditRecorder,
  type AuditSubject,
  auditedAction,
  recordAction,
} from '../audit-logs/audited-action.js';
import { refId } from '../customer-assignable/save-input.js';
import type { DeviceEvents } from '../devices/device-events.js';
import { newDeviceProfileRow } from './default-profile.js';
import {
  type DeviceProfileRow,
  type DeviceProfilesRepo,
  deviceProfileInfoToWire,
  deviceProfileToWire,
} from './repo.js';
import type { DeviceProfileInput } from './schemas.js';
import { validateProfileData } from './validation.js';

export const PROFILE_MESSAGES = {
  nameRequired: 'Device profile name should be specified!',
  typeRequired: 'Device profile type should be specified!',
  transportRequired: 'Device profile transport type should be specified!',
  nameTaken: 'Device profile with such name already exists!',
  provisionKeyTaken: 'Device profile with such provision device key already exists!',
  anotherDefault: 'Another default device profile is present in scope of current tenant!',
  deleteDefault: 'Deletion of Default Device Profile is prohibited!',
  inUse: 'The device profile referenced by the devices cannot be deleted!',
  typeInUse: "Can't change device profile type because devices referenced it!",
  transportInUse: "Can't change device profile transport type because devices referenced it!",
  noFirmware: "Can't assign non-existent firmware!",
  noSoftware: "Can't assign non-existent software!",
  noDashboard: "Can't assign non-existent dashboard!",
  noRuleChain: "Can't assign non-existent rule chain!",
} as const;

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value : null);

const profileSubject = (row: { id: string; name: string }): AuditSubject => ({
  entityType: 'DEVICE_PROFILE',
  id: row.id,
  name: row.name,
});

/** Device profiles: the rules of DeviceProfileController and DeviceProfileServiceImpl (reference §1.3–§1.5). */
export class DeviceProfilesService {
  constructor(
    private readonly db: Db,
    private readonly profiles: DeviceProfilesRepo,
    private readonly audit: AuditRecorder,
    /** Told after a profile changed or went, so connected devices pick up its settings. */
    private readonly events?: DeviceEvents,
  ) {}

  async load(principal: Principal, id: string, operation: Operation = 'READ'): Promise<DeviceProfileRow> {
    const row = await this.profiles.findById(id);
    if (!row) throw notFound();
    requireAccess(principal, operation, 'DEVICE_PROFILE', { id: row.id, tenantId: row.tenantId });
    return row;
  }

  async get(principal: Principal, id: string) {
    return deviceProfileToWire(await this.load(principal, id));
  }

  async getInfo(principal: Principal, id: string) {
    return deviceProfileInfoToWire(await this.load(principal, id));
  }

  async defaultInfo(principal: Principal) {
    requireAccess(principal, 'READ', 'DEVICE_PROFILE');
    const row = await this.profiles.findDefault(principal.tenantId);
    if (!row) throw notFound();
    return deviceProfileInfoToWire(row);
  }

  page(principal: Principal, page: PageQuery) {
    requireAccess(principal, 'READ', 'DEVICE_PROFILE');
    return this.profiles.page(principal.tenantId, page, undefined, deviceProfileToWire);
  }

  infos(principal: Principal, page: PageQuery, transportType: string | undefined) {
    requireAccess(principal, 'READ', 'DEVICE_PROFILE');
    return this.profiles.page(principal.tenantId, page, transportType, deviceProfileInfoToWire);
  }

  /** GET /api/deviceProfile/devices/keys/{timeseries|attributes}: keys in use on the profile's devices. */
  async deviceKeys(principal: Principal, kind: 'timeseries' | 'attributes', profileId: string | undefined) {
    requireAccess(principal, 'READ', 'DEVICE_PROFILE');
    if (profileId) await this.load(principal, profileId);
    return kind === 'timeseries'
      ? this.profiles.timeseriesKeys(principal.tenantId, profileId)
      : this.profiles.attributeKeys(principal.tenantId, profileId);
  }

  /**
   * POST /api/deviceProfile. Access first (WRITE on the stored profile, or CREATE), then the checked
   * save, recorded as ADDED or UPDATED, or as a FAILURE when a check refuses it.
   */
  async save(principal: Principal, input: DeviceProfileInput) {
    const id = refId(input.id);
    const stored = id ? await this.load(principal, id, 'WRITE') : undefined;
    if (!stored) requireAccess(principal, 'CREATE', 'DEVICE_PROFILE', { tenantId: principal.tenantId });
    const audit: AuditedActionSpec<DeviceProfile> = {
      actionType: stored ? 'UPDATED' : 'ADDED',
      subject: stored ? profileSubject(stored) : { entityType: 'DEVICE_PROFILE', name: input.name ?? null },
      data: { entity: input },
      onSuccess: (profile) => ({
        subject: profileSubject({ id: profile.id.id, name: profile.name }),
        data: { entity: profile },
      }),
    };
    const profile = await auditedAction(this.audit, principal, audit, () =>
      this.saveChecked(principal, input, stored),
    );
    if (stored) this.events?.emit({ type: 'PROFILE_UPDATED', deviceProfileId: stored.id });
    return profile;
  }

  private async saveChecked(
    principal: Principal,
    input: DeviceProfileInput,
    stored: DeviceProfileRow | undefined,
  ): Promise<DeviceProfile> {
    const tenantId = principal.tenantId;
    const name = input.name;
    if (!name?.trim()) throw badRequest(PROFILE_MESSAGES.nameRequired);
    if (!input.type) throw badRequest(PROFILE_MESSAGES.typeRequired);
    const transportType = input.transportType;
    if (!transportType) throw badRequest(PROFILE_MESSAGES.transportRequired);
    const provisionType = input.provisionType ?? 'DISABLED';
    const provisionDeviceKey = blankToNull(input.provisionDeviceKey);
    const profileData = validateProfileData(input.profileData, {
      transportType,
      provisionType,
      provisionDeviceKey,
    });
    if (refId(input.firmwareId)) throw badRequest(PROFILE_MESSAGES.noFirmware);
    if (refId(input.softwareId)) throw badRequest(PROFILE_MESSAGES.noSoftware);
    const defaultDashboardId = refId(input.defaultDashboardId);
    if (defaultDashboardId && !(await this.profiles.dashboardExists(tenantId, defaultDashboardId))) {
      throw badRequest(PROFILE_MESSAGES.noDashboard);
    }

    // A chain of another tenant is reported like a missing one, so ids of other tenants stay unknown.
    const defaultRuleChainId = refId(input.defaultRuleChainId);
    if (defaultRuleChainId && !(await this.profiles.ruleChainExists(tenantId, defaultRuleChainId))) {
      throw badRequest(PROFILE_MESSAGES.noRuleChain);
    }

    const sameName = await this.profiles.findByName(tenantId, name);
    if (sameName && sameName.id !== stored?.id) throw badRequest(PROFILE_MESSAGES.nameTaken);
    if (provisionDeviceKey) {
      const sameKey = await this.profiles.findByProvisionKey(provisionDeviceKey);
      if (sameKey && sameKey.id !== stored?.id) throw badRequest(PROFILE_MESSAGES.provisionKeyTaken);
    }
    // The default flag moves only through POST /api/deviceProfile/{id}/default; asking for it on save
    // is accepted only while the tenant has no default profile, as the reference validator does.
    let isDefault = stored?.isDefault ?? false;
    if (input.default === true && !isDefault) {
      if (await this.profiles.findDefault(tenantId)) throw badRequest(PROFILE_MESSAGES.anotherDefault);
      isDefault = true;
    }
    if (stored && (stored.type !== input.type || stored.transportType !== transportType)) {
      if ((await this.profiles.countDevices(stored.id)) > 0) {
        throw badRequest(
          stored.type !== input.type ? PROFILE_MESSAGES.typeInUse : PROFILE_MESSAGES.transportInUse,
        );
      }
    }

    const row: DeviceProfileRow = {
      id: stored?.id ?? newDeviceProfileRow(tenantId, name, false).id,
      createdTime: stored?.createdTime ?? Date.now(),
      tenantId,
      name,
      type: input.type,
      image: input.image ?? null,
      transportType,
      provisionType,
      profileData,
      description: input.description ?? null,
      isDefault,
      defaultRuleChainId,
      defaultDashboardId,
      defaultQueueName: blankToNull(input.defaultQueueName),
      provisionDeviceKey,
      firmwareId: null,
      softwareId: null,
    };
    const values = { ...row, profileData: JSON.stringify(profileData) };
    try {
      await this.db.transaction().execute(async (trx) => {
        if (!stored) {
          await this.profiles.insert(values, trx);
          return;
        }
        const { id: _id, createdTime: _created, tenantId: _tenant, ...changes } = values;
        await this.profiles.update(stored.id, changes, trx);
        if (stored.name !== name) await this.profiles.renameDeviceTypes(stored.id, name, trx);
      });
    } catch (error) {
      const constraint = violatedUnique(error);
      if (constraint === 'device_profile_tenant_id_name_key') throw badRequest(PROFILE_MESSAGES.nameTaken);
      if (constraint === 'device_profile_provision_device_key_key')
        throw badRequest(PROFILE_MESSAGES.provisionKeyTaken);
      // The chain was deleted after the check above.
      if (isForeignKeyViolation(error)) throw badRequest(PROFILE_MESSAGES.noRuleChain);
      throw error;
    }
    return deviceProfileToWire(row);
  }

  /** DELETE /api/deviceProfile/{id}, recorded as DELETED. */
  async delete(principal: Principal, id: string): Promise<void> {
    const row = await this.load(principal, id, 'DELETE');
    const audit = {
      actionType: 'DELETED',
      subject: profileSubject(row),
      data: { entityId: row.id },
    } as const;
    await auditedAction(this.audit, principal, audit, async () => {
      if (row.isDefault) throw badRequest(PROFILE_MESSAGES.deleteDefault);
      if ((await this.profiles.countDevices(row.id)) > 0) throw badRequest(PROFILE_MESSAGES.inUse);
      try {
        await this.profiles.delete(row.id);
      } catch (error) {
        // A device saved with the profile after the count above.
        if (isForeignKeyViolation(error)) throw badRequest(PROFILE_MESSAGES.inUse);
        throw error;
      }
    });
    this.events?.emit({ type: 'PROFILE_DELETED', deviceProfileId: row.id });
  }

  /**
   * POST /api/deviceProfile/{id}/default: the previous default loses the flag in the same
   * transaction. A change is recorded as UPDATED of the previous default, then of the new one.
   */
  async setDefault(principal: Principal, id: string) {
    const row = await this.load(principal, id, 'WRITE');
    if (row.isDefault) return deviceProfileToWire(row);
    const updated = deviceProfileToWire({ ...row, isDefault: true });
    const audit: AuditedActionSpec<DeviceProfile> = {
      actionType: 'UPDATED',
      subject: profileSubject(row),
      data: { entity: updated },
    };
    return auditedAction(this.audit, principal, audit, async () => {
      const previous = await this.profiles.findDefault(row.tenantId);
      await this.db.transaction().execute((trx) => this.profiles.makeDefault(row.tenantId, row.id, trx));
      if (previous && previous.id !== row.id) {
        await recordAction(this.audit, principal, 'UPDATED', profileSubject(previous), {
          entity: deviceProfileToWire({ ...previous, isDefault: false }),
        });
      }
      return updated;
    });
  }

  /**
   * The profile a device saved with only a `type` gets: the tenant's profile of that name, created
   * with the reference's defaults when missing. Creating needs the caller's CREATE permission; pass
   * no principal when the platform itself moves a device (assignment to another tenant). Pass the
   * transaction the device is saved in.
   */
  async findOrCreate(
    principal: Principal | undefined,
    tenantId: string,
    name: string,
    db: Db,
  ): Promise<DeviceProfileRow> {
    const existing = await this.profiles.findByName(tenantId, name, db);
    if (existing) return existing;
    if (principal) requireAccess(principal, 'CREATE', 'DEVICE_PROFILE', { tenantId });
    await this.profiles.insertIfAbsent(newDeviceProfileRow(tenantId, name, false), db);
    const created = await this.profiles.findByName(tenantId, name, db);
    if (!created) throw new Error(`device profile '${name}' vanished while being created`);
    return created;
  }

  /** The tenant's default profile (every tenant gets one at creation). */
  async defaultOf(tenantId: string, db: Db): Promise<DeviceProfileRow> {
    const row = await this.profiles.findDefault(tenantId, db);
    if (!row) throw badRequest('Tenant has no default device profile!');
    return row;
  }

  /** A profile the device may reference: the tenant's own, else the reference's 400. */
  async forDevice(tenantId: string, profileId: string, db: Db): Promise<DeviceProfileRow> {
    const row = await this.profiles.findById(profileId, db);
    if (!row || row.tenantId !== tenantId)
      throw badRequest('Device is referencing non existing device profile!');
    return row;
  }
}
