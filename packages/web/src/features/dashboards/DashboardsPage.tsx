import { useCustomerAssignableScope } from '../../app/routes/useCustomerAssignableScope';
import { usePageSearchText } from '../../app/search/usePageSearchText';
import { EntityTable } from '../../components/entity-table/EntityTable';
import { useDashboardTable } from './dashboard-table';

/**
 * /dashboards (the tenant's, or a customer user's own) and /customers/:customerId/dashboards. A
 * dashboard has no details page: /dashboards/:id is the dashboard itself.
 */
export function DashboardsPage() {
  const searchText = usePageSearchText();
  const scope = useCustomerAssignableScope();
  const { config, dialogs } = useDashboardTable(scope);
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
