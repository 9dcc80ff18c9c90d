import { NULL_UUID, parseRateLimits } from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import { requireAccess } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import { isUniqueViolation } from '../../db/sql-errors.js';
import type { Db } from '../../db/store.js';
import { badRequest, notFound } from '../../http/api-error.js';
import type { PageQuery } from '../../http/page-query.js';
import type { TenantProfileRow, TenantProfilesRepo } from './repo.js';
import { RATE_LIMIT_KEYS, type TenantProfileInput } from './schemas.js';
import { tenantProfileInfoToWire, tenantProfileToWire } from './wire.js';

const SYSTEM = { tenantId: NULL_UUID };

const NAME_TAKEN = 'Tenant profile with such name already exists!';

/** Tenant profiles: the rules of TenantProfileController (reference §1.3, §1.5, §7.1). */
export class TenantProfilesService {
  constructor(
    private readonly db: Db,
    private readonly profiles: TenantProfilesRepo,
  ) {}

  private async load(principal: Principal, id: string, operation: 'READ' | 'WRITE' | 'DELETE') {
    requireAccess(principal, operation, 'TENANT_PROFILE', { id, ...SYSTEM });
    const row = await this.profiles.findById(id);
    if (!row) throw notFound();
    return row;
  }

  async get(principal: Principal, id: string) {
    return tenantProfileToWire(await this.load(principal, id, 'READ'));
  }

  async getInfo(principal: Principal, id: string) {
    return tenantProfileInfoToWire(await this.load(principal, id, 'READ'));
  }

  async getDefaultInfo(principal: Principal) {
    requireAccess(principal, 'READ', 'TENANT_PROFILE', SYSTEM);
    return tenantProfileInfoToWire(await this.profiles.findOrCreateDefault());
  }

  page(principal: Principal, page: PageQuery) {
    requireAccess(principal, 'READ', 'TENANT_PROFILE', SYSTEM);
    return this.profiles.page(page);
  }

  pageInfos(principal: Principal, page: PageQuery) {
    requireAccess(principal, 'READ', 'TENANT_PROFILE', SYSTEM);
    return this.profiles.pageInfos(page);
  }

  /** Checks what the body schema cannot: required name and configuration, rate-limit syntax. */
  private validate(input: TenantProfileInput): { name: string; configuration: Record<string, unknown> } {
    const name = input.name?.trim() ?? '';
    if (name.length === 0) throw badRequest('Tenant profile name should be specified!');
    if (!input.profileData) throw badRequest('Tenant profile data should be specified!');
    const configuration = input.profileData.configuration;
    if (!configuration) throw badRequest('Tenant profile data configuration should be specified!');
    for (const key of RATE_LIMIT_KEYS) {
      if (parseRateLimits(configuration[key]) === null) {
        throw badRequest(
          `Invalid request: field 'profileData.configuration.${key}' must be a list of capacity:seconds pairs, e.g. '100:1,2000:60'`,
        );
      }
    }
    return { name, configuration: configuration as Record<string, unknown> };
  }

  async save(principal: Principal, input: TenantProfileInput) {
    const { name, configuration } = this.validate(input);
    const profileData = { configuration };
    const id = input.id?.id && input.id.id !== NULL_UUID ? input.id.id : undefined;
    const existingByName = await this.profiles.findByName(name);
    if (existingByName && existingByName.id !== id) throw badRequest(NAME_TAKEN);
    try {
      if (!id) {
        requireAccess(principal, 'CREATE', 'TENANT_PROFILE', SYSTEM);
        const isDefault = input.default === true;
        if (isDefault && (await this.profiles.findDefault()))
          throw badRequest('Another default tenant profile is present!');
        const row: TenantProfileRow = {
          id: uuidv1(),
          createdTime: Date.now(),
          name,
          description: input.description ?? null,
          profileData,
          isDefault,
          isolatedTbCore: input.isolatedTbCore === true,
          isolatedTbRuleEngine: input.isolatedTbRuleEngine === true,
        };
        await this.profiles.insert({ ...row, profileData: JSON.stringify(profileData) });
        return tenantProfileToWire(row);
      }
      const stored = await this.load(principal, id, 'WRITE');
      if (input.isolatedTbCore != null && input.isolatedTbCore !== stored.isolatedTbCore)
        throw badRequest("Can't update isolatedTbCore property!");
      if (input.isolatedTbRuleEngine != null && input.isolatedTbRuleEngine !== stored.isolatedTbRuleEngine)
        throw badRequest("Can't update isolatedTbRuleEngine property!");
      // The default flag moves only through POST /api/tenantProfile/{id}/default.
      if (input.default === true && !stored.isDefault)
        throw badRequest('Another default tenant profile is present!');
      const changes = { name, description: input.description ?? null };
      await this.profiles.update(id, { ...changes, profileData: JSON.stringify(profileData) });
      return tenantProfileToWire({ ...stored, ...changes, profileData });
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest(NAME_TAKEN);
      throw error;
    }
  }

  async delete(principal: Principal, id: string): Promise<void> {
    const row = await this.load(principal, id, 'DELETE');
    if (row.isDefault) throw badRequest('Deletion of Default Tenant Profile is prohibited!');
    const inUseMessage = 'The tenant profile referenced by the tenants cannot be deleted!';
    if (await this.profiles.isInUse(id)) throw badRequest(inUseMessage);
    try {
      await this.profiles.delete(id);
    } catch (error) {
      // A tenant given this profile between the check and the delete (foreign key violation).
      if ((error as { code?: unknown }).code === '23503') throw badRequest(inUseMessage);
      throw error;
    }
  }

  async setDefault(principal: Principal, id: string) {
    const row = await this.load(principal, id, 'WRITE');
    if (!row.isDefault) {
      await this.db.transaction().execute((trx) => this.profiles.setDefault(id, trx));
    }
    return tenantProfileToWire({ ...row, isDefault: true });
  }
}
