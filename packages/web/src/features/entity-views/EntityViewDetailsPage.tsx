import { useParams } from 'react-router';
import { useCustomerAssignableScope } from '../../app/routes/useCustomerAssignableScope';
import { EntityDetailsPage } from '../../components/entity-table/EntityDetailsPage';
import { useEntityViewTable } from './entity-view-table';

/** /entityViews/:entityViewId and /customers/:customerId/entityViews/:entityViewId: one view as a page. */
export function EntityViewDetailsPage() {
  const { entityViewId = '' } = useParams();
  const scope = useCustomerAssignableScope();
  const { config, dialogs } = useEntityViewTable(scope);
  const listPath = scope.kind === 'customer' ? `/customers/${scope.customerId}/entityViews` : '/entityViews';
  return (
    <>
      <EntityDetailsPage config={config} entityId={entityViewId} listPath={listPath} />
      {dialogs}
    </>
  );
}
