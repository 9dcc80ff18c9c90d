import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { customerQuery } from '../../api/customers';
import { tenantQuery } from '../../api/tenants';
import { useAuthState } from '../../app/services/useAuthState';
import { useServices } from '../../app/services/useServices';
import type { UserTableScope } from './user-values';

/**
 * The users scope of the current route: `/tenants/:tenantId/users` lists that tenant's
 * administrators, `/customers/:customerId/users` that customer's users.
 */
export function useUserScope(): UserTableScope {
  const { tenantId, customerId } = useParams();
  const { http } = useServices();
  const { authUser } = useAuthState();
  const tenant = useQuery({ ...tenantQuery(http, tenantId ?? ''), enabled: Boolean(tenantId) });
  const customer = useQuery({ ...customerQuery(http, customerId ?? ''), enabled: Boolean(customerId) });
  const ownTenantId = authUser?.tenantId ?? '';
  return useMemo((): UserTableScope => {
    if (customerId) {
      return {
        kind: 'customerUsers',
        customerId,
        tenantId: customer.data?.tenantId.id ?? ownTenantId,
        title: customer.data?.title,
      };
    }
    return { kind: 'tenantAdmins', tenantId: tenantId ?? '', title: tenant.data?.title };
  }, [tenantId, customerId, tenant.data, customer.data, ownTenantId]);
}
