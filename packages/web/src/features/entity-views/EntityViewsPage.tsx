import { useCustomerAssignableScope } from '../../app/routes/useCustomerAssignableScope';
import { usePageSearchText } from '../../app/search/usePageSearchText';
import { EntityTable } from '../../components/entity-table/EntityTable';
import { useEntityViewTable } from './entity-view-table';

/** /entityViews and /customers/:customerId/entityViews. */
export function EntityViewsPage() {
  const searchText = usePageSearchText();
  const scope = useCustomerAssignableScope();
  const { config, dialogs } = useEntityViewTable(scope);
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
