import { EntityTable } from '../../components/entity-table/EntityTable';
import { usersPath, useUserTable } from './user-table';
import { useUserScope } from './useUserScope';

/** /tenants/:tenantId/users (tenant administrators) and /customers/:customerId/users (customer users). */
export function UsersPage() {
  const scope = useUserScope();
  const { config, dialogs } = useUserTable(scope);
  return (
    <>
      <EntityTable key={usersPath(scope)} config={config} />
      {dialogs}
    </>
  );
}
