import { EntityTable } from '../../components/entity-table/EntityTable';
import { useCustomerTableConfig } from './customer-table';

/** /customers: the tenant's customers. */
export function CustomersPage() {
  const config = useCustomerTableConfig();
  return <EntityTable config={config} />;
}
