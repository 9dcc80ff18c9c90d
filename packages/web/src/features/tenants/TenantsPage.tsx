import { EntityTable } from '../../components/entity-table/EntityTable';
import { useTenantTableConfig } from './tenant-table';

/** /tenants: the tenants of the platform (system administrator). */
export function TenantsPage() {
  const config = useTenantTableConfig();
  return <EntityTable config={config} />;
}
