import { useCustomerAssignableScope } from '../../app/routes/useCustomerAssignableScope';
import { usePageSearchText } from '../../app/search/usePageSearchText';
import { EntityTable } from '../../components/entity-table/EntityTable';
import { useDeviceTable } from './device-table';

/** /devices and /customers/:customerId/devices. */
export function DevicesPage() {
  const searchText = usePageSearchText();
  const scope = useCustomerAssignableScope();
  const { config, dialogs } = useDeviceTable(scope);
  return (
    <>
      <EntityTable
        key={scope.kind === 'tenant' ? 'tenant' : scope.customerId}
        config={config}
        searchText={searchText}
      />
      {dialogs}
    </>
  );
}
