import { EntityTable } from '../../components/entity-table/EntityTable';
import { useAssetTable } from './asset-table';
import { useAssetScope } from './useAssetScope';

/** /assets and /customers/:customerId/assets. */
export function AssetsPage() {
  const scope = useAssetScope();
  const { config, dialogs } = useAssetTable(scope);
  return (
    <>
      <EntityTable key={scope.kind === 'tenant' ? 'tenant' : scope.customerId} config={config} />
      {dialogs}
    </>
  );
}
