import { usePageSearchText } from '../../app/search/usePageSearchText';
import { EntityTable } from '../../components/entity-table/EntityTable';
import { usersPath, useUserTable } from './user-table';
import { useUserScope } from './useUserScope';

/** /tenants/:tenantId/users (tenant administrators) and /customers/:customerId/users (customer users). */
export function UsersPage() {
  const searchText = usePageSearchText();
  const scope = useUserScope();
  const { config, dialogs } = useUserTable(scope);
  return (
    <>
      <EntityTable key={usersPath(scope)} config={config} searchText={searchText} />
      {dialogs}
    </>
  );
}
