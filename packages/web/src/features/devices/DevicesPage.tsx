import { useCustomerAssignableScope } from '../../app/routes/useCustomerAssignableScope';
import { EntityTable } from '../../components/entity-table/EntityTable';
import { useDeviceTable } from './device-table';

/** /devices and /customers/:customerId/devices. */
export function DevicesPage() {
  const scope = useCustomerAssignableScope();
  const { config, dialogs } = useDeviceTable(scope);
  return (
    <>
      <EntityTable key={scope.kind === 'tenant' ? 'tenant' : scope.customerId} config={config} />
      {dialogs}
    </>
  );
}
