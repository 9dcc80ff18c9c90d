import { useParams } from 'react-router';
import { useCustomerAssignableScope } from '../../app/routes/useCustomerAssignableScope';
import { EntityDetailsPage } from '../../components/entity-table/EntityDetailsPage';
import { useDeviceTable } from './device-table';

/** /devices/:deviceId and /customers/:customerId/devices/:deviceId: one device as a page. */
export function DeviceDetailsPage() {
  const { deviceId = '' } = useParams();
  const scope = useCustomerAssignableScope();
  const { config, dialogs } = useDeviceTable(scope);
  const listPath = scope.kind === 'customer' ? `/customers/${scope.customerId}/devices` : '/devices';
  return (
    <>
      <EntityDetailsPage config={config} entityId={deviceId} listPath={listPath} />
      {dialogs}
    </>
  );
}
