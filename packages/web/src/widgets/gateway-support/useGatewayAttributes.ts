import type { AttributeScope, EntityId } from '@meridian/common';
import { useQuery } from '@tanstack/react-query';
import { getAttributes, telemetryKeys } from '../../api/telemetry';
import { useServices } from '../../app/services/useServices';
import { type GatewayAttributes, gatewayAttributesOf } from './gateway-config-model';

const SCOPES: readonly AttributeScope[] = ['CLIENT_SCOPE', 'SHARED_SCOPE', 'SERVER_SCOPE'];

/**
 * The configuration attributes of a gateway device, read over REST (the datasource of a latest
 * widget carries only the keys it names). Null entity: nothing to read.
 */
export function useGatewayAttributes(device: EntityId | null) {
  const { http } = useServices();
  return useQuery({
    queryKey: [...telemetryKeys.entity(device ?? { entityType: 'DEVICE', id: '' }), 'gateway-configuration'],
    enabled: device !== null,
    queryFn: async ({ signal }): Promise<GatewayAttributes> => {
      if (!device) return {};
      const reads = await Promise.all(
        SCOPES.map(async (scope) => ({ scope, data: await getAttributes(http, device, scope, { signal }) })),
      );
      return gatewayAttributesOf(reads);
    },
  });
}
