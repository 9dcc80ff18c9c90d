import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { customerQuery } from '../../api/customers';
import type { CustomerAssignableScope } from '../../components/entity-table/customer-assignable';
import { useCan } from '../permissions/useCan';
import { useAuthState } from '../services/useAuthState';
import { useServices } from '../services/useServices';

/**
 * The scope of a customer-assignable table (devices, assets, entity views) on the current route:
 * `/customers/:customerId/<entities>` is that customer's; `/<entities>` is the tenant's for a tenant
 * administrator and the own customer's otherwise. It reads the permissions and the API, which the
 * reusable controls in components/ may not, hence it lives with the routes.
 */
export function useCustomerAssignableScope(): CustomerAssignableScope {
  const { customerId } = useParams();
  const { http } = useServices();
  const { authUser } = useAuthState();
  const manages = useCan('manageTenantEntities');
  const customer = useQuery({ ...customerQuery(http, customerId ?? ''), enabled: Boolean(customerId) });
  const ownCustomerId = authUser?.customerId ?? '';
  return useMemo((): CustomerAssignableScope => {
    if (customerId) {
      return { kind: 'customer', customerId, customer: customer.data };
    }
    return manages ? { kind: 'tenant' } : { kind: 'customerUser', customerId: ownCustomerId };
  }, [customerId, customer.data, manages, ownCustomerId]);
}
