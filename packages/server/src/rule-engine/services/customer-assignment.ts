import type { EntityId } from '@meridian/common';
import type { Db } from '../../db/store.js';
import { AssignableRepo } from '../../modules/customer-assignable/repo.js';
import { type CustomerRow, isPublicCustomer } from '../../modules/customers/repo.js';
import { assignedCustomersOf, DashboardsRepo } from '../../modules/dashboards/repo.js';
import type { DeviceEvents } from '../../modules/devices/device-events.js';
import { requireTenantEntity } from './owned-entity.js';

const ASSIGNABLE_TABLES = { DEVICE: 'device', ASSET: 'asset', ENTITY_VIEW: 'entity_view' } as const;

/** Originator types the customer nodes handle (the reference's, less edges, which Meridian lacks). */
export const CUSTOMER_ASSIGNABLE_TYPES = ['DEVICE', 'ASSET', 'ENTITY_VIEW', 'DASHBOARD'] as const;

function assertAssignable(entity: EntityId): void {
  if (!(CUSTOMER_ASSIGNABLE_TYPES as readonly string[]).includes(entity.entityType)) {
    throw new Error(`Unsupported originator type '${entity.entityType}'!`);
  }
}

/**
 * The rule engine's customer assignment, acting for a tenant without a user (so with no access
 * checks beyond the tenant): the entity and the customer must both be the tenant's. Devices, assets
 * and entity views have one customer; a dashboard keeps a list of them.
 */
export class RuleCustomerAssignment {
  constructor(
    private readonly db: Db,
    private readonly deviceEvents: Pick<DeviceEvents, 'emit'>,
  ) {}

  async assign(tenantId: string, entity: EntityId, customer: CustomerRow): Promise<void> {
    assertAssignable(entity);
    if (customer.tenantId !== tenantId) throw new Error(`customer ${customer.id} is not the tenant's`);
    await requireTenantEntity(this.db, tenantId, entity);
    if (entity.entityType === 'DASHBOARD') {
      await this.changeDashboard(entity.id, (assigned) =>
        assigned.some((c) => c.customerId.id === customer.id)
          ? undefined
          : [
              ...assigned,
              {
                customerId: { entityType: 'CUSTOMER', id: customer.id },
                title: customer.title,
                public: isPublicCustomer(customer),
              },
            ],
      );
      return;
    }
    await this.setCustomer(entity, customer.id);
  }

  /**
   * Unassigns the entity: a device, asset or entity view from whatever customer it has (as the
   * reference does), a dashboard from the given customer.
   */
  async unassign(tenantId: string, entity: EntityId, customer: CustomerRow): Promise<void> {
    assertAssignable(entity);
    await requireTenantEntity(this.db, tenantId, entity);
    if (entity.entityType === 'DASHBOARD') {
      await this.changeDashboard(entity.id, (assigned) =>
        assigned.some((c) => c.customerId.id === customer.id)
          ? assigned.filter((c) => c.customerId.id !== customer.id)
          : undefined,
      );
      return;
    }
    await this.setCustomer(entity, null);
  }

  private async setCustomer(entity: EntityId, customerId: string | null): Promise<void> {
    const table = ASSIGNABLE_TABLES[entity.entityType as keyof typeof ASSIGNABLE_TABLES];
    await new AssignableRepo(this.db).setCustomer(table, entity.id, customerId);
    // Connected sessions of the device re-read it (its customer shows in their messages).
    if (entity.entityType === 'DEVICE')
      this.deviceEvents.emit({ type: 'DEVICE_UPDATED', deviceId: entity.id });
  }

  /** Changes a dashboard's customer list on the locked row; `undefined` from `next` leaves it. */
  private async changeDashboard(
    id: string,
    next: (
      assigned: ReturnType<typeof assignedCustomersOf>,
    ) => ReturnType<typeof assignedCustomersOf> | undefined,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const dashboards = new DashboardsRepo(trx);
      const row = await dashboards.findForUpdate(id, trx);
      if (!row) throw new Error(`DASHBOARD ${id} not found in the tenant`);
      const changed = next(assignedCustomersOf(row));
      if (changed) await dashboards.setAssignedCustomers(id, changed, trx);
    });
  }
}
