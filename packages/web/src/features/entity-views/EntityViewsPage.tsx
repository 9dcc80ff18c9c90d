import { EntityTable } from '../../components/entity-table/EntityTable';
import { useEntityViewTable } from './entity-view-table';
import { useEntityViewScope } from './useEntityViewScope';

/** /entityViews and /customers/:customerId/entityViews. */
export function EntityViewsPage() {
  const scope = useEntityViewScope();
  const { config, dialogs } = useEntityViewTable(scope);
  return (
    <>
      <EntityTable key={scope.kind === 'tenant' ? 'tenant' : scope.customerId} config={config} />
      {dialogs}
    </>
  );
}
