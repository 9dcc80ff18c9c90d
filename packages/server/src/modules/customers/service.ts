import { type Customer, isJsonObject, NULL_UUID, PUBLIC_CUSTOMER_TITLE } from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import { requireAccess } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import type { TokenOutdating } from '../../auth/token-outdating.js';
import { isUniqueViolation } from '../../db/sql-errors.js';
import type { Db } from '../../db/store.js';
import { badRequest, notFound } from '../../http/api-error.js';
import type { PageQuery } from '../../http/page-query.js';
import {
  type AuditedActionSpec,
  type AuditRecorder,
  type AuditSubject,
  auditedAction,
} from '../audit-logs/audited-action.js';
import { assertEntityLimit } from '../tenant-profiles/limits.js';
import type { TenantsRepo } from '../tenants/repo.js';
import { assertContactEmail, contactOf } from '../tenants/service.js';
import { type CustomerRow, type CustomersRepo, isPublicCustomer } from './repo.js';
import type { CustomerInput } from './schemas.js';
import { customerShortInfoToWire, customerToWire } from './wire.js';

const TITLE_TAKEN = 'Customer with such title already exists!';

const customerTarget = (row: CustomerRow) => ({ id: row.id, tenantId: row.tenantId });

/** A customer's audit entries are filed under the customer itself, as the reference does. */
const customerSubject = (row: Pick<CustomerRow, 'id' | 'title'>): AuditSubject => ({
  entityType: 'CUSTOMER',
  id: row.id,
  name: row.title,
  customerId: row.id,
});

/** Customers: the rules of CustomerController (reference §1.3, §1.4, §1.5). */
export class CustomersService {
  constructor(
    private readonly db: Db,
    private readonly customers: CustomersRepo,
    private readonly tenants: TenantsRepo,
    private readonly outdating: TokenOutdating,
    private readonly audit: AuditRecorder,
  ) {}

  private async load(principal: Principal, id: string, operation: 'READ' | 'WRITE' | 'DELETE') {
    const row = await this.customers.findById(id);
    if (!row) throw notFound();
    requireAccess(principal, operation, 'CUSTOMER', customerTarget(row));
    return row;
  }

  async get(principal: Principal, id: string) {
    return customerToWire(await this.load(principal, id, 'READ'));
  }

  async shortInfo(principal: Principal, id: string) {
    return customerShortInfoToWire(await this.load(principal, id, 'READ'));
  }

  async title(principal: Principal, id: string): Promise<string> {
    return (await this.load(principal, id, 'READ')).title;
  }

  /** `GET /api/tenant/customers?customerTitle=`: the caller's customer with exactly that title. */
  async byTitle(principal: Principal, title: string) {
    const row = await this.customers.findByTitle(principal.tenantId, title);
    if (!row) throw notFound();
    requireAccess(principal, 'READ', 'CUSTOMER', customerTarget(row));
    return customerToWire(row);
  }

  page(principal: Principal, page: PageQuery) {
    requireAccess(principal, 'READ', 'CUSTOMER', { tenantId: principal.tenantId });
    return this.customers.pageByTenant(principal.tenantId, page, customerToWire);
  }

  /**
   * POST /api/customer. Access first (WRITE on the stored customer, or CREATE in the caller's
   * tenant), then the checked save, recorded as ADDED or UPDATED, or as a FAILURE when refused by a check.
   */
  async save(principal: Principal, input: CustomerInput) {
    const id = input.id?.id && input.id.id !== NULL_UUID ? input.id.id : undefined;
    const stored = id ? await this.load(principal, id, 'WRITE') : undefined;
    if (!stored) requireAccess(principal, 'CREATE', 'CUSTOMER', { tenantId: principal.tenantId });
    const audit: AuditedActionSpec<Customer> = {
      actionType: stored ? 'UPDATED' : 'ADDED',
      subject: stored ? customerSubject(stored) : { entityType: 'CUSTOMER', name: input.title ?? null },
      data: { entity: input },
      onSuccess: (customer) => ({
        subject: customerSubject({ id: customer.id.id, title: customer.title }),
        data: { entity: customer },
      }),
    };
    return auditedAction(this.audit, principal, audit, () => this.saveChecked(principal, input, stored));
  }

  private async saveChecked(principal: Principal, input: CustomerInput, stored: CustomerRow | undefined) {
    const title = input.title ?? '';
    if (title.trim().length === 0) throw badRequest('Customer title should be specified!');
    const contact = contactOf(input);
    assertContactEmail(contact.email);
    // A customer always belongs to the tenant of the administrator saving it.
    const tenantId = principal.tenantId;
    const info = withoutPublicMark(input.additionalInfo === undefined ? {} : input.additionalInfo);
    try {
      if (stored) return await this.update(stored, title, contact, info);
      if (title === PUBLIC_CUSTOMER_TITLE)
        throw badRequest(`'${PUBLIC_CUSTOMER_TITLE}' title for customer is system reserved!`);
      if (!(await this.tenants.findById(tenantId)))
        throw badRequest('Customer is referencing to non-existent tenant!');
      await assertEntityLimit(this.db, tenantId, 'CUSTOMER');
      if (await this.customers.findByTitle(tenantId, title)) throw badRequest(TITLE_TAKEN);
      const row: CustomerRow = {
        id: uuidv1(),
        createdTime: Date.now(),
        tenantId,
        title,
        additionalInfo: info,
        ...contact,
      };
      await this.customers.insert({
        ...row,
        additionalInfo: row.additionalInfo === null ? null : JSON.stringify(row.additionalInfo),
      });
      return customerToWire(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest(TITLE_TAKEN);
      throw error;
    }
  }

  private async update(
    stored: CustomerRow,
    title: string,
    contact: ReturnType<typeof contactOf>,
    info: unknown,
  ) {
    const id = stored.id;
    const isPublic = isPublicCustomer(stored);
    if (!isPublic && title === PUBLIC_CUSTOMER_TITLE)
      throw badRequest(`'${PUBLIC_CUSTOMER_TITLE}' title for customer is system reserved!`);
    const existing = await this.customers.findByTitle(stored.tenantId, title);
    if (existing && existing.id !== id) throw badRequest(TITLE_TAKEN);
    // The public customer keeps its mark; a value that is not an object gives way to it.
    const additionalInfo = isPublic ? { ...(isJsonObject(info) ? info : {}), isPublic: true } : info;
    const updated: CustomerRow = { ...stored, title, ...contact, additionalInfo };
    await this.db.transaction().execute(async (trx) => {
      await this.customers.update(
        id,
        {
          title,
          ...contact,
          additionalInfo: additionalInfo === null ? null : JSON.stringify(additionalInfo),
        },
        trx,
      );
      if (title !== stored.title) await this.customers.renameInDashboards(updated, trx);
    });
    return customerToWire(updated);
  }

  /**
   * Deletes the customer and its users; its devices, assets and dashboards stay with the tenant.
   * Recorded as DELETED.
   */
  async delete(principal: Principal, id: string): Promise<void> {
    const row = await this.load(principal, id, 'DELETE');
    const audit = {
      actionType: 'DELETED',
      subject: customerSubject(row),
      data: { entityId: row.id },
    } as const;
    await auditedAction(this.audit, principal, audit, async () => {
      const userIds = await this.customers.userIds(id);
      await this.db.transaction().execute((trx) => this.customers.delete(row, trx));
      for (const userId of userIds) this.outdating.userRemoved(userId);
      this.outdating.customerRemoved(id);
    });
  }
}

/** isPublic is the server's mark of the public customer: never set or cleared through the API. */
function withoutPublicMark(info: unknown): unknown {
  if (!isJsonObject(info)) return info;
  const { isPublic: _mark, ...rest } = info;
  return rest;
}
