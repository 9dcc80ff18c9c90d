import { useParams } from 'react-router';
import { EntityDetailsPage } from '../../components/entity-table/EntityDetailsPage';
import { useCustomerTableConfig } from './customer-table';

/** /customers/:customerId: one customer's details as a page. */
export function CustomerDetailsPage() {
  const { customerId = '' } = useParams();
  const config = useCustomerTableConfig();
  return <EntityDetailsPage config={config} entityId={customerId} listPath="/customers" />;
}
