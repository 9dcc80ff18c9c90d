import type { EntityType, PseudoEntityType, UserAuthority } from './entity-types.js';

/**
 * Entity types each authority may pick in entity aliases (spec 1 §6).
 */

export type AliasEntityType = EntityType | PseudoEntityType;

/**
 * SYS_ADMIN: tenant only. TENANT_ADMIN: device, asset, entity view, tenant, customer, user,
 * dashboard, edge when edges are enabled, then current customer and current tenant. CUSTOMER_USER:
 * the same without tenant and current tenant.
 */
export function allowedAliasEntityTypes(authority: UserAuthority, edgesEnabled: boolean): AliasEntityType[] {
  switch (authority) {
    case 'SYS_ADMIN':
      return ['TENANT'];
    case 'TENANT_ADMIN':
      return [
        'DEVICE',
        'ASSET',
        'ENTITY_VIEW',
        'TENANT',
        'CUSTOMER',
        'USER',
        'DASHBOARD',
        ...(edgesEnabled ? (['EDGE'] as const) : []),
        'CURRENT_CUSTOMER',
        'CURRENT_TENANT',
      ];
    case 'CUSTOMER_USER':
      return [
        'DEVICE',
        'ASSET',
        'ENTITY_VIEW',
        'CUSTOMER',
        'USER',
        'DASHBOARD',
        ...(edgesEnabled ? (['EDGE'] as const) : []),
        'CURRENT_CUSTOMER',
      ];
  }
}

/** User token access (login as another user) is only queried for these authorities (spec 1 §6). */
export const USER_TOKEN_ACCESS_AUTHORITIES = [
  'SYS_ADMIN',
  'TENANT_ADMIN',
] as const satisfies readonly UserAuthority[];
