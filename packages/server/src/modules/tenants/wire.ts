import type { OwnerAdditionalInfo, Tenant, TenantInfo, TenantProfileId } from '@meridian/common';
import type { TenantRow } from './repo.js';

/** The reference's Tenant JSON; `name` is the title. */
export function tenantToWire(row: TenantRow): Tenant {
  return {
    id: { entityType: 'TENANT', id: row.id },
    createdTime: row.createdTime,
    additionalInfo: (row.additionalInfo ?? null) as OwnerAdditionalInfo | null,
    country: row.country,
    state: row.state,
    city: row.city,
    address: row.address,
    address2: row.address2,
    zip: row.zip,
    phone: row.phone,
    email: row.email,
    title: row.title,
    name: row.title,
    region: row.region,
    tenantProfileId: { entityType: 'TENANT_PROFILE', id: row.tenantProfileId } satisfies TenantProfileId,
  };
}

/** Tenant plus the name of its tenant profile (`/api/tenant/info/{id}`, `/api/tenantInfos`). */
export function tenantInfoToWire(row: TenantRow & { tenantProfileName: string }): TenantInfo {
  return { ...tenantToWire(row), tenantProfileName: row.tenantProfileName };
}
