import { useParams } from 'react-router';
import { EntityDetailsPage } from '../../components/entity-table/EntityDetailsPage';
import { usersPath, useUserTable } from './user-table';
import { useUserScope } from './useUserScope';

/** /tenants/:tenantId/users/:userId and /customers/:customerId/users/:userId: one user as a page. */
export function UserDetailsPage() {
  const { userId = '' } = useParams();
  const scope = useUserScope();
  const { config, dialogs } = useUserTable(scope);
  return (
    <>
      <EntityDetailsPage config={config} entityId={userId} listPath={usersPath(scope)} />
      {dialogs}
    </>
  );
}
