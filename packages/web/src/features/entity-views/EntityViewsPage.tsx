import { useCustomerAssignableScope } from '../../app/routes/useCustomerAssignableScope';
import { EntityTable } from '../../components/entity-table/EntityTable';
import { useEntityViewTable } from './entity-view-table';

/** /entityViews and /customers/:customerId/entityViews. */
export function EntityViewsPage() {
  const scope = useCustomerAssignableScope();
  const { config, dialogs } = useEntityViewTable(scope);
  return (
    <>
      <EntityTable key={scope.kind === 'tenant' ? 'tenant' : scope.customerId} config={config} />
      {dialogs}
    </>
  );
}
