import { useParams } from 'react-router';
import { EntityDetailsPage } from '../../components/entity-table/EntityDetailsPage';
import { useTenantProfileTable } from './tenant-profile-table';

/** /tenantProfiles/:tenantProfileId: one tenant profile's details as a page. */
export function TenantProfileDetailsPage() {
  const { tenantProfileId = '' } = useParams();
  const { config } = useTenantProfileTable();
  return <EntityDetailsPage config={config} entityId={tenantProfileId} listPath="/tenantProfiles" />;
}
