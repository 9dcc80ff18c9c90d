import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { customerQuery } from '../../api/customers';
import { useCan } from '../../app/permissions/useCan';
import { useAuthState } from '../../app/services/useAuthState';
import { useServices } from '../../app/services/useServices';
import type { AssetTableScope } from './asset-table';

/** The assets scope of the current route (see useDeviceScope). */
export function useAssetScope(): AssetTableScope {
  const { customerId } = useParams();
  const { http } = useServices();
  const { authUser } = useAuthState();
  const manages = useCan('manageTenantEntities');
  const customer = useQuery({ ...customerQuery(http, customerId ?? ''), enabled: Boolean(customerId) });
  const ownCustomerId = authUser?.customerId ?? '';
  return useMemo((): AssetTableScope => {
    if (customerId) {
      return { kind: 'customer', customerId, customer: customer.data };
    }
    return manages ? { kind: 'tenant' } : { kind: 'customerUser', customerId: ownCustomerId };
  }, [customerId, customer.data, manages, ownCustomerId]);
}
