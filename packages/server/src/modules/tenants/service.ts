import { NULL_UUID } from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import { requireAccess } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import type { TokenOutdating } from '../../auth/token-outdating.js';
import type { Db } from '../../db/store.js';
import { badRequest, notFound } from '../../http/api-error.js';
import type { PageQuery } from '../../http/page-query.js';
import { createRootRuleChain } from '../../install/root-rule-chain.js';
import { createDefaultDeviceProfile } from '../device-profiles/default-profile.js';
import type { TenantProfilesRepo } from '../tenant-profiles/repo.js';
import type { TenantRow, TenantsRepo } from './repo.js';
import type { TenantInput } from './schemas.js';
import { tenantInfoToWire, tenantToWire } from './wire.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Work done for every new tenant inside its creating transaction (e.g. default rule chains). */
export type TenantCreatedHook = (trx: Db, tenantId: string) => Promise<void>;

const CONTACT_KEYS = ['country', 'state', 'city', 'address', 'address2', 'zip', 'phone', 'email'] as const;

/** Contact fields of a tenant or customer body, stored as sent (absent = null). */
export function contactOf(input: Partial<Record<(typeof CONTACT_KEYS)[number], string | null>>) {
  const out = {} as Record<(typeof CONTACT_KEYS)[number], string | null>;
  for (const key of CONTACT_KEYS) out[key] = input[key] ?? null;
  return out;
}

/** The reference's email check of tenants and customers (an empty email is allowed). */
export function assertContactEmail(email: string | null): void {
  if (email && !EMAIL.test(email)) throw badRequest(`Invalid email address format '${email}'!`);
}

/** Tenants: the rules of TenantController (reference §1.3, §1.5, §7.2 "Per new tenant"). */
export class TenantsService {
  constructor(
    private readonly db: Db,
    private readonly tenants: TenantsRepo,
    private readonly profiles: TenantProfilesRepo,
    private readonly outdating: TokenOutdating,
    private readonly createdHooks: readonly TenantCreatedHook[] = [],
  ) {}

  private async load(principal: Principal, id: string, operation: 'READ' | 'WRITE' | 'DELETE') {
    const row = await this.tenants.findById(id);
    if (!row) throw notFound();
    requireAccess(principal, operation, 'TENANT', { id, tenantId: id });
    return row;
  }

  async get(principal: Principal, id: string) {
    return tenantToWire(await this.load(principal, id, 'READ'));
  }

  async getInfo(principal: Principal, id: string) {
    await this.load(principal, id, 'READ');
    const row = await this.tenants.findInfoById(id);
    if (!row) throw notFound();
    return tenantInfoToWire(row);
  }

  page(principal: Principal, page: PageQuery) {
    requireAccess(principal, 'READ', 'TENANT', { tenantId: NULL_UUID });
    return this.tenants.page(page);
  }

  pageInfos(principal: Principal, page: PageQuery) {
    requireAccess(principal, 'READ', 'TENANT', { tenantId: NULL_UUID });
    return this.tenants.pageInfos(page);
  }

  async save(principal: Principal, input: TenantInput) {
    const title = input.title?.trim() ?? '';
    if (title.length === 0) throw badRequest('Tenant title should be specified!');
    const contact = contactOf(input);
    assertContactEmail(contact.email);
    const requestedProfileId =
      input.tenantProfileId?.id && input.tenantProfileId.id !== NULL_UUID ? input.tenantProfileId.id : null;
    if (requestedProfileId && !(await this.profiles.findById(requestedProfileId)))
      throw badRequest('Tenant is referencing to non-existent tenant profile!');
    const fields = {
      title: input.title as string,
      region: input.region ?? null,
      ...contact,
    };
    const additionalInfo = input.additionalInfo ?? null;
    const id = input.id?.id && input.id.id !== NULL_UUID ? input.id.id : undefined;
    if (id) {
      const stored = await this.load(principal, id, 'WRITE');
      const changes = { ...fields, tenantProfileId: requestedProfileId ?? stored.tenantProfileId };
      await this.tenants.update(id, {
        ...changes,
        additionalInfo: additionalInfo === null ? null : JSON.stringify(additionalInfo),
      });
      return tenantToWire({ ...stored, ...changes, additionalInfo });
    }
    requireAccess(principal, 'CREATE', 'TENANT', { tenantId: NULL_UUID });
    const row: TenantRow = {
      id: uuidv1(),
      createdTime: Date.now(),
      tenantProfileId: requestedProfileId ?? '',
      additionalInfo,
      ...fields,
    };
    await this.db.transaction().execute(async (trx) => {
      // Without a profile the tenant gets the default one (reference TenantServiceImpl.saveTenant).
      if (!requestedProfileId) row.tenantProfileId = (await this.profiles.findOrCreateDefault(trx)).id;
      await this.tenants.insert(
        { ...row, additionalInfo: additionalInfo === null ? null : JSON.stringify(additionalInfo) },
        trx,
      );
      await createDefaultDeviceProfile(trx, row.id);
      await createRootRuleChain(trx, row.id);
      for (const hook of this.createdHooks) await hook(trx, row.id);
    });
    return tenantToWire(row);
  }

  /** Deletes the tenant and, through cascading foreign keys, everything it owns. */
  async delete(principal: Principal, id: string): Promise<void> {
    await this.load(principal, id, 'DELETE');
    const userIds = await this.tenants.userIds(id);
    const customerIds = await this.tenants.customerIds(id);
    await this.db.transaction().execute((trx) => this.tenants.delete(id, trx));
    for (const userId of userIds) this.outdating.userRemoved(userId);
    for (const customerId of customerIds) this.outdating.customerRemoved(customerId);
  }
}
