import { usePageSearchText } from '../../app/search/usePageSearchText';
import { EntityTable } from '../../components/entity-table/EntityTable';
import { useTenantTableConfig } from './tenant-table';

/** /tenants: the tenants of the platform (system administrator). */
export function TenantsPage() {
  const searchText = usePageSearchText();
  const config = useTenantTableConfig();
  return <EntityTable config={config} searchText={searchText} />;
}
