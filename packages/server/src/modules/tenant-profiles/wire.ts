import type { EntityInfo, TenantProfile, TenantProfileData } from '@meridian/common';
import type { TenantProfileRow } from './repo.js';

/** The reference's TenantProfile JSON (`isDefault` travels as `default`). */
export function tenantProfileToWire(row: TenantProfileRow): TenantProfile {
  return {
    id: { entityType: 'TENANT_PROFILE', id: row.id },
    createdTime: row.createdTime,
    name: row.name,
    description: row.description,
    default: row.isDefault,
    isolatedTbCore: row.isolatedTbCore,
    isolatedTbRuleEngine: row.isolatedTbRuleEngine,
    profileData: row.profileData as TenantProfileData,
  };
}

/** The EntityInfo of a tenant profile: its id and name. */
export function tenantProfileInfoToWire(row: Pick<TenantProfileRow, 'id' | 'name'>): EntityInfo {
  return { id: { entityType: 'TENANT_PROFILE', id: row.id }, name: row.name };
}
