import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { customerQuery } from '../../api/customers';
import { useCan } from '../../app/permissions/useCan';
import { useAuthState } from '../../app/services/useAuthState';
import { useServices } from '../../app/services/useServices';
import type { EntityViewTableScope } from './entity-view-table';

/**
 * The entity views scope of the current route: `/customers/:customerId/entityViews` is that
 * customer's views; `/entityViews` is the tenant's for a tenant administrator and the own
 * customer's otherwise.
 */
export function useEntityViewScope(): EntityViewTableScope {
  const { customerId } = useParams();
  const { http } = useServices();
  const { authUser } = useAuthState();
  const manages = useCan('manageTenantEntities');
  const customer = useQuery({ ...customerQuery(http, customerId ?? ''), enabled: Boolean(customerId) });
  const ownCustomerId = authUser?.customerId ?? '';
  return useMemo((): EntityViewTableScope => {
    if (customerId) {
      return { kind: 'customer', customerId, customer: customer.data };
    }
    return manages ? { kind: 'tenant' } : { kind: 'customerUser', customerId: ownCustomerId };
  }, [customerId, customer.data, manages, ownCustomerId]);
}
