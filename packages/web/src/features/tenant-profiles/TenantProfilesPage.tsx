import { EntityTable } from '../../components/entity-table/EntityTable';
import { useTenantProfileTable } from './tenant-profile-table';

/** /tenantProfiles: the tenant profiles (system administrator). */
export function TenantProfilesPage() {
  const { config, dialogs } = useTenantProfileTable();
  return (
    <>
      <EntityTable config={config} />
      {dialogs}
    </>
  );
}
