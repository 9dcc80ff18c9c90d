import { useParams } from 'react-router';
import { useCustomerAssignableScope } from '../../app/routes/useCustomerAssignableScope';
import { EntityDetailsPage } from '../../components/entity-table/EntityDetailsPage';
import { useAssetTable } from './asset-table';

/** /assets/:assetId and /customers/:customerId/assets/:assetId: one asset as a page. */
export function AssetDetailsPage() {
  const { assetId = '' } = useParams();
  const scope = useCustomerAssignableScope();
  const { config, dialogs } = useAssetTable(scope);
  const listPath = scope.kind === 'customer' ? `/customers/${scope.customerId}/assets` : '/assets';
  return (
    <>
      <EntityDetailsPage config={config} entityId={assetId} listPath={listPath} />
      {dialogs}
    </>
  );
}
