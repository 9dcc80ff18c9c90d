import { usePageSearchText } from '../../app/search/usePageSearchText';
import { EntityTable } from '../../components/entity-table/EntityTable';
import { useCustomerTableConfig } from './customer-table';

/** /customers: the tenant's customers. */
export function CustomersPage() {
  const searchText = usePageSearchText();
  const config = useCustomerTableConfig();
  return <EntityTable config={config} searchText={searchText} />;
}
