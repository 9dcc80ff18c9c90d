import { usePageSearchText } from '../../app/search/usePageSearchText';
import { EntityTable } from '../../components/entity-table/EntityTable';
import { useTenantProfileTable } from './tenant-profile-table';

/** /tenantProfiles: the tenant profiles (system administrator). */
export function TenantProfilesPage() {
  const searchText = usePageSearchText();
  const { config, dialogs } = useTenantProfileTable();
  return (
    <>
      <EntityTable config={config} searchText={searchText} />
      {dialogs}
    </>
  );
}
