import { type Device, type DeviceTransportType, NULL_UUID, type OtaUpdateType } from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import { type Operation, requireAccess } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import { violatedUnique } from '../../db/sql-errors.js';
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
import { type AssignableKind, assignableSubject, assignableTarget } from '../customer-assignable/kind.js';
import { parseIdList, requirePage } from '../customer-assignable/lists.js';
import { customerOfSave, refId } from '../customer-assignable/save-input.js';
import type { CustomerAssignmentService, RelatedQuery } from '../customer-assignable/service.js';
import type { CustomersRepo } from '../customers/repo.js';
import type { DeviceProfileRow } from '../device-profiles/repo.js';
import type { DeviceProfilesService } from '../device-profiles/service.js';
import { assertEntityLimit } from '../tenant-profiles/limits.js';
import type { TenantsRepo } from '../tenants/repo.js';
import {
  assertCredentialsAllowed,
  CREDENTIALS_MESSAGES,
  type CredentialsInput,
  formatCredentials,
  newAccessToken,
  type StoredCredentials,
} from './credentials.js';
import { syncDeviceData } from './device-data.js';
import type { DeviceEvents } from './device-events.js';
import {
  credentialsToWire,
  type DeviceFilter,
  type DeviceRow,
  type DevicesRepo,
  deviceInfoToWire,
  deviceToWire,
} from './repo.js';
import type { CredentialsBodyInput, DeviceInput } from './schemas.js';

export const DEVICE_MESSAGES = {
  nameRequired: 'Device name should be specified!',
  nameTaken: 'Device with such name already exists!',
  noCustomer: "Can't assign device to non-existent customer!",
  hasViews: "Can't delete device that has entity views!",
  notAssigned: "Device isn't assigned to any customer!",
  noTenant: 'Could not find the specified Tenant!',
  noDevice: 'Device credentials should be assigned to device!',
  noFirmware: "Can't assign non-existent firmware!",
  noSoftware: "Can't assign non-existent software!",
} as const;

export type DeviceListQuery = Partial<PageQuery> & {
  type?: string;
  deviceProfileId?: string;
  deviceName?: string;
};

/** Devices and their credentials: the rules of DeviceController and DeviceServiceImpl (reference §1.3–§1.5). */
export class DevicesService {
  readonly kind: AssignableKind<DeviceRow, Device>;

  constructor(
    private readonly db: Db,
    private readonly devices: DevicesRepo,
    private readonly profiles: DeviceProfilesService,
    private readonly customers: CustomersRepo,
    private readonly tenants: TenantsRepo,
    private readonly assignments: CustomerAssignmentService,
    private readonly audit: AuditRecorder,
    /** Told after commits that change what a connected device is (the device transports listen). */
    private readonly events?: DeviceEvents,
  ) {
    this.kind = {
      entityType: 'DEVICE',
      resource: 'DEVICE',
      table: 'device',
      segment: 'device',
      idParam: 'deviceId',
      notAssignedMessage: DEVICE_MESSAGES.notAssigned,
      hasViewsMessage: DEVICE_MESSAGES.hasViews,
      load: (id, db) => devices.findById(id, db),
      toWire: deviceToWire,
      customerChanged: (deviceId) => events?.emit({ type: 'DEVICE_UPDATED', deviceId }),
    };
  }

  private load(principal: Principal, id: string, operation: Operation) {
    return this.assignments.load(principal, this.kind, id, operation);
  }

  async get(principal: Principal, id: string) {
    return deviceToWire(await this.load(principal, id, 'READ'));
  }

  async getInfo(principal: Principal, id: string) {
    await this.load(principal, id, 'READ');
    const row = await this.devices.findInfoById(id);
    if (!row) throw notFound();
    return deviceInfoToWire(row);
  }

  /** POST /api/device: a new device gets an access token, the given one or 20 random characters. */
  save(principal: Principal, input: DeviceInput, accessToken?: string) {
    return this.saveDevice(principal, input, { accessToken });
  }

  /** POST /api/device-with-credentials: the device and its credentials in one transaction. */
  saveWithCredentials(principal: Principal, input: { device: DeviceInput; credentials: CredentialsInput }) {
    return this.saveDevice(principal, input.device, { credentials: input.credentials });
  }

  private async profileFor(
    principal: Principal,
    tenantId: string,
    input: DeviceInput,
    stored: DeviceRow | undefined,
    db: Db,
  ): Promise<DeviceProfileRow> {
    const profileId = refId(input.deviceProfileId);
    if (profileId) return this.profiles.forDevice(tenantId, profileId, db);
    const type = input.type?.trim() ? input.type : undefined;
    if (stored && (!type || type === stored.type))
      return this.profiles.forDevice(tenantId, stored.deviceProfileId, db);
    if (type) return this.profiles.findOrCreate(principal, tenantId, type, db);
    return this.profiles.defaultOf(tenantId, db);
  }

  private async unusedToken(): Promise<string> {
    for (;;) {
      const token = newAccessToken();
      if (!(await this.devices.credentialsByCredentialsId(token))) return token;
    }
  }

  /**
   * Access first (WRITE on the stored device, or CREATE in the caller's tenant), then the checked
   * save, recorded as ADDED or UPDATED; a save that fails its checks is recorded as a FAILURE.
   */
  private async saveDevice(
    principal: Principal,
    input: DeviceInput,
    given: { accessToken?: string; credentials?: CredentialsInput },
  ): Promise<Device> {
    const id = refId(input.id);
    const stored = id ? await this.load(principal, id, 'WRITE') : undefined;
    if (!stored) requireAccess(principal, 'CREATE', 'DEVICE', { tenantId: principal.tenantId });
    const subject: AuditSubject = stored
      ? assignableSubject(this.kind, stored)
      : { entityType: 'DEVICE', name: input.name ?? null };
    const audit: AuditedActionSpec<Device> = {
      actionType: stored ? 'UPDATED' : 'ADDED',
      subject,
      data: { entity: input },
      onSuccess: (device) => ({
        subject: {
          entityType: 'DEVICE',
          id: device.id.id,
          name: device.name,
          customerId: refId(device.customerId),
        },
        data: { entity: device },
      }),
    };
    const device = await auditedAction(this.audit, principal, audit, () =>
      this.saveChecked(principal, input, given, stored),
    );
    if (stored) {
      this.events?.emit({ type: 'DEVICE_UPDATED', deviceId: stored.id });
      if (given.credentials) this.events?.emit({ type: 'CREDENTIALS_UPDATED', deviceId: stored.id });
    }
    return device;
  }

  private async saveChecked(
    principal: Principal,
    input: DeviceInput,
    given: { accessToken?: string; credentials?: CredentialsInput },
    stored: DeviceRow | undefined,
  ): Promise<Device> {
    const tenantId = principal.tenantId;
    const name = input.name;
    if (!name?.trim()) throw badRequest(DEVICE_MESSAGES.nameRequired);
    const customerId = await customerOfSave(
      this.customers,
      principal,
      input.customerId,
      stored,
      DEVICE_MESSAGES.noCustomer,
    );
    requireAccess(principal, stored ? 'WRITE' : 'CREATE', 'DEVICE', {
      ...(stored ? { id: stored.id } : {}),
      tenantId,
      customerId: customerId ?? NULL_UUID,
    });
    // Replacing credentials needs their own permission, which customer users lack (reference §2.5).
    if (stored && given.credentials)
      requireAccess(principal, 'WRITE_CREDENTIALS', 'DEVICE', assignableTarget(stored));
    if (refId(input.firmwareId)) throw badRequest(DEVICE_MESSAGES.noFirmware);
    if (refId(input.softwareId)) throw badRequest(DEVICE_MESSAGES.noSoftware);
    const sameName = await this.devices.findByName(tenantId, name);
    if (sameName && sameName.id !== stored?.id) throw badRequest(DEVICE_MESSAGES.nameTaken);

    let credentials: StoredCredentials | undefined;
    if (given.credentials) {
      credentials = formatCredentials(given.credentials);
    } else if (!stored) {
      const token = given.accessToken?.trim() ? given.accessToken : await this.unusedToken();
      credentials = { credentialsType: 'ACCESS_TOKEN', credentialsId: token, credentialsValue: null };
    }
    if (credentials) {
      const owner = await this.devices.credentialsByCredentialsId(credentials.credentialsId);
      if (owner && owner.deviceId !== stored?.id) throw badRequest(CREDENTIALS_MESSAGES.taken);
    }
    if (!stored) await assertEntityLimit(this.db, tenantId, 'DEVICE');

    try {
      const row = await this.db.transaction().execute(async (trx) => {
        const profile = await this.profileFor(principal, tenantId, input, stored, trx);
        const current = stored ? await this.devices.credentialsOf(stored.id, trx) : undefined;
        const credentialsType = (credentials ?? current)?.credentialsType;
        if (credentialsType) assertCredentialsAllowed(profile.transportType, credentialsType);
        const row: DeviceRow = {
          id: stored?.id ?? uuidv1(),
          createdTime: stored?.createdTime ?? Date.now(),
          tenantId,
          customerId,
          deviceProfileId: profile.id,
          name,
          type: profile.name,
          label: input.label === undefined ? (stored?.label ?? null) : input.label,
          deviceData: syncDeviceData(
            input.deviceData === undefined ? stored?.deviceData : input.deviceData,
            profile.transportType as DeviceTransportType,
          ),
          additionalInfo:
            input.additionalInfo === undefined ? (stored?.additionalInfo ?? null) : input.additionalInfo,
          firmwareId: null,
          softwareId: null,
        };
        const values = {
          ...row,
          deviceData: JSON.stringify(row.deviceData),
          additionalInfo: row.additionalInfo === null ? null : JSON.stringify(row.additionalInfo),
        };
        if (stored) {
          const { id: _id, createdTime: _created, ...changes } = values;
          await this.devices.update(stored.id, changes, trx);
        } else {
          await this.devices.insert(values, trx);
        }
        if (credentials && current) await this.devices.updateCredentials(current.id, credentials, trx);
        else if (credentials) {
          await this.devices.insertCredentials(
            { id: uuidv1(), createdTime: Date.now(), deviceId: row.id, ...credentials },
            trx,
          );
        }
        return row;
      });
      return deviceToWire(row);
    } catch (error) {
      throw mapUniqueViolation(error);
    }
  }

  /** DELETE /api/device/{id}: the credentials and relations go with the device (recorded as DELETED). */
  async delete(principal: Principal, id: string): Promise<void> {
    await this.assignments.delete(principal, this.kind, id);
    this.events?.emit({ type: 'DEVICE_DELETED', deviceId: id });
  }

  /** GET /api/device/{id}/credentials, recorded as CREDENTIALS_READ where the DEVICE mask logs reads. */
  async getCredentials(principal: Principal, deviceId: string) {
    const device = await this.load(principal, deviceId, 'READ_CREDENTIALS');
    const row = await this.devices.credentialsOf(device.id);
    if (!row) throw notFound();
    await recordAction(this.audit, principal, 'CREDENTIALS_READ', assignableSubject(this.kind, device), {
      entityId: device.id,
    });
    return credentialsToWire(row);
  }

  /**
   * POST /api/device/credentials: replaces the device's credentials, checked against its profile's
   * transport; recorded as CREDENTIALS_UPDATED with the credentials, as the reference does.
   */
  async updateCredentials(principal: Principal, input: CredentialsBodyInput) {
    const deviceId = refId(input.deviceId);
    if (!deviceId) throw badRequest(DEVICE_MESSAGES.noDevice);
    const device = await this.load(principal, deviceId, 'WRITE_CREDENTIALS');
    const audit: AuditedActionSpec<ReturnType<typeof credentialsToWire>> = {
      actionType: 'CREDENTIALS_UPDATED',
      subject: assignableSubject(this.kind, device),
      data: { entityId: device.id, credentials: input },
      onSuccess: (credentials) => ({ data: { entityId: device.id, credentials } }),
    };
    const credentials = await auditedAction(this.audit, principal, audit, () =>
      this.replaceCredentials(device, input),
    );
    this.events?.emit({ type: 'CREDENTIALS_UPDATED', deviceId: device.id });
    return credentials;
  }

  private async replaceCredentials(device: DeviceRow, input: CredentialsBodyInput) {
    const current = await this.devices.credentialsOf(device.id);
    const givenId = refId(input.id);
    if (!current || (givenId && givenId !== current.id)) throw badRequest(CREDENTIALS_MESSAGES.notExisting);
    const credentials = formatCredentials(input);
    const profile = await this.profiles.forDevice(device.tenantId, device.deviceProfileId, this.db);
    assertCredentialsAllowed(profile.transportType, credentials.credentialsType);
    const owner = await this.devices.credentialsByCredentialsId(credentials.credentialsId);
    if (owner && owner.id !== current.id) throw badRequest(CREDENTIALS_MESSAGES.taken);
    try {
      await this.devices.updateCredentials(current.id, credentials);
    } catch (error) {
      throw mapUniqueViolation(error);
    }
    return credentialsToWire({ ...current, ...credentials });
  }

  /** GET /api/tenant/devices: one device by `deviceName`, else a page (optionally of one `type`). */
  async tenantDevices(principal: Principal, query: DeviceListQuery) {
    requireAccess(principal, 'READ', 'DEVICE');
    if (query.deviceName !== undefined) {
      const row = await this.devices.findByName(principal.tenantId, query.deviceName);
      if (!row) throw notFound();
      return deviceToWire(row);
    }
    const filter = { tenantId: principal.tenantId, ...(query.type ? { type: query.type } : {}) };
    return this.devices.page(filter, requirePage(query), deviceToWire);
  }

  tenantDeviceInfos(principal: Principal, query: DeviceListQuery) {
    requireAccess(principal, 'READ', 'DEVICE');
    return this.devices.page(this.filter(principal.tenantId, query), requirePage(query), deviceInfoToWire);
  }

  async customerDevices(principal: Principal, customerId: string, query: DeviceListQuery, infos: boolean) {
    const customer = await this.assignments.readableCustomer(principal, customerId);
    requireAccess(principal, 'READ', 'DEVICE', { tenantId: customer.tenantId, customerId: customer.id });
    const filter = { ...this.filter(customer.tenantId, infos ? query : { type: query.type }), customerId };
    return infos
      ? this.devices.page(filter, requirePage(query), deviceInfoToWire)
      : this.devices.page(filter, requirePage(query), deviceToWire);
  }

  private filter(tenantId: string, query: DeviceListQuery): DeviceFilter {
    return {
      tenantId,
      ...(query.type ? { type: query.type } : {}),
      ...(query.deviceProfileId ? { deviceProfileId: query.deviceProfileId } : {}),
    };
  }

  /** GET /api/devices?deviceIds=: the caller's own devices among the ids (a customer user's customer only). */
  async byIds(principal: Principal, deviceIds: readonly string[]) {
    requireAccess(principal, 'READ', 'DEVICE');
    const ids = parseIdList(deviceIds, 'deviceIds');
    const customerId = principal.authority === 'CUSTOMER_USER' ? principal.customerId : undefined;
    const rows = await this.devices.findByIds(principal.tenantId, customerId, ids);
    return rows.map(deviceToWire);
  }

  /** POST /api/devices: readable devices of the given types related to the root entity. */
  findByQuery(principal: Principal, query: RelatedQuery & { deviceTypes: string[] }) {
    return this.assignments.findRelated(principal, this.kind, query, query.deviceTypes, (tenantId, ids) =>
      this.devices.findByIds(tenantId, undefined, ids),
    );
  }

  /**
   * POST /api/tenant/{tenantId}/device/{deviceId}: moves a device to another tenant. It loses its
   * customer and takes the new tenant's profile of the same name (created when missing).
   */
  async assignToTenant(principal: Principal, newTenantId: string, deviceId: string) {
    const device = await this.load(principal, deviceId, 'ASSIGN_TO_TENANT');
    // The reference records the moved device itself as the action data.
    const audit: AuditedActionSpec<Device> = {
      actionType: 'ASSIGNED_TO_TENANT',
      subject: assignableSubject(this.kind, device),
      data: { entity: deviceToWire(device) },
      onSuccess: (moved) => ({
        subject: { ...assignableSubject(this.kind, device), customerId: null },
        data: { entity: moved },
      }),
    };
    const moved = await auditedAction(this.audit, principal, audit, () =>
      this.moveToTenant(device, newTenantId),
    );
    this.events?.emit({ type: 'DEVICE_UPDATED', deviceId: device.id });
    return moved;
  }

  private async moveToTenant(device: DeviceRow, newTenantId: string): Promise<Device> {
    if (!(await this.tenants.findById(newTenantId))) throw badRequest(DEVICE_MESSAGES.noTenant);
    const sameName = await this.devices.findByName(newTenantId, device.name);
    if (sameName && sameName.id !== device.id) throw badRequest(DEVICE_MESSAGES.nameTaken);
    if (newTenantId !== device.tenantId) await assertEntityLimit(this.db, newTenantId, 'DEVICE');
    try {
      const row = await this.db.transaction().execute(async (trx) => {
        const oldProfile = await this.profiles.forDevice(device.tenantId, device.deviceProfileId, trx);
        const profile = await this.profiles.findOrCreate(undefined, newTenantId, oldProfile.name, trx);
        const credentials = await this.devices.credentialsOf(device.id, trx);
        if (credentials) {
          assertCredentialsAllowed(profile.transportType, credentials.credentialsType);
        }
        const deviceData = syncDeviceData(device.deviceData, profile.transportType as DeviceTransportType);
        const changes = {
          tenantId: newTenantId,
          customerId: null,
          deviceProfileId: profile.id,
          type: profile.name,
          deviceData,
        };
        await this.devices.update(device.id, { ...changes, deviceData: JSON.stringify(deviceData) }, trx);
        return { ...device, ...changes };
      });
      return deviceToWire(row);
    } catch (error) {
      throw mapUniqueViolation(error);
    }
  }

  /** GET /api/devices/count/{otaPackageType}/{deviceProfileId}: devices of the profile without that package. */
  async countWithoutOtaPackage(
    principal: Principal,
    otaType: OtaUpdateType,
    profileId: string,
  ): Promise<number> {
    requireAccess(principal, 'READ', 'DEVICE');
    const profile = await this.profiles.load(principal, profileId);
    return this.devices.countWithoutOtaPackage(
      profile.tenantId,
      profile.id,
      otaType === 'FIRMWARE' ? 'firmwareId' : 'softwareId',
    );
  }
}

/** A unique key that a concurrent request took between the checks and the write. */
function mapUniqueViolation(error: unknown): unknown {
  const constraint = violatedUnique(error);
  if (constraint === 'device_tenant_id_name_key') return badRequest(DEVICE_MESSAGES.nameTaken);
  if (constraint === 'device_credentials_credentials_id_key') return badRequest(CREDENTIALS_MESSAGES.taken);
  return error;
}
