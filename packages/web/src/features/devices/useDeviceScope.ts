import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { customerQuery } from '../../api/customers';
import { useCan } from '../../app/permissions/useCan';
import { useAuthState } from '../../app/services/useAuthState';
import { useServices } from '../../app/services/useServices';
import type { DeviceTableScope } from './device-table';

/**
 * The devices scope of the current route: `/customers/:customerId/devices` is that customer's
 * devices; `/devices` is the tenant's for a tenant administrator and the own customer's otherwise.
 */
export function useDeviceScope(): DeviceTableScope {
  const { customerId } = useParams();
  const { http } = useServices();
  const { authUser } = useAuthState();
  const manages = useCan('manageTenantEntities');
  const customer = useQuery({ ...customerQuery(http, customerId ?? ''), enabled: Boolean(customerId) });
  const ownCustomerId = authUser?.customerId ?? '';
  return useMemo((): DeviceTableScope => {
    if (customerId) {
      return { kind: 'customer', customerId, customer: customer.data };
    }
    return manages ? { kind: 'tenant' } : { kind: 'customerUser', customerId: ownCustomerId };
  }, [customerId, customer.data, manages, ownCustomerId]);
}
