import { useCustomerAssignableScope } from '../../app/routes/useCustomerAssignableScope';
import { usePageSearchText } from '../../app/search/usePageSearchText';
import { EntityTable } from '../../components/entity-table/EntityTable';
import { useAssetTable } from './asset-table';

/** /assets and /customers/:customerId/assets. */
export function AssetsPage() {
  const searchText = usePageSearchText();
  const scope = useCustomerAssignableScope();
  const { config, dialogs } = useAssetTable(scope);
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
