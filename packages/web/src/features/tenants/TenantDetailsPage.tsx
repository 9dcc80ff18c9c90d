import { useParams } from 'react-router';
import { EntityDetailsPage } from '../../components/entity-table/EntityDetailsPage';
import { useTenantTableConfig } from './tenant-table';

/** /tenants/:tenantId: one tenant's details as a page. */
export function TenantDetailsPage() {
  const { tenantId = '' } = useParams();
  const config = useTenantTableConfig();
  return <EntityDetailsPage config={config} entityId={tenantId} listPath="/tenants" />;
}
