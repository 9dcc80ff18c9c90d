import { EntityTable } from '../../components/entity-table/EntityTable';
import { useDeviceTable } from './device-table';
import { useDeviceScope } from './useDeviceScope';

/** /devices and /customers/:customerId/devices. */
export function DevicesPage() {
  const scope = useDeviceScope();
  const { config, dialogs } = useDeviceTable(scope);
  return (
    <>
      <EntityTable key={scope.kind === 'tenant' ? 'tenant' : scope.customerId} config={config} />
      {dialogs}
    </>
  );
}
