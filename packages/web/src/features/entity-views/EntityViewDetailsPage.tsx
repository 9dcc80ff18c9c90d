import { useParams } from 'react-router';
import { EntityDetailsPage } from '../../components/entity-table/EntityDetailsPage';
import { useEntityViewTable } from './entity-view-table';
import { useEntityViewScope } from './useEntityViewScope';

/** /entityViews/:entityViewId and /customers/:customerId/entityViews/:entityViewId: one view as a page. */
export function EntityViewDetailsPage() {
  const { entityViewId = '' } = useParams();
  const scope = useEntityViewScope();
  const { config, dialogs } = useEntityViewTable(scope);
  const listPath = scope.kind === 'customer' ? `/customers/${scope.customerId}/entityViews` : '/entityViews';
  return (
    <>
      <EntityDetailsPage config={config} entityId={entityViewId} listPath={listPath} />
      {dialogs}
    </>
  );
}
