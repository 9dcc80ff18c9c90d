import type { TimePageLink } from '@meridian/common';
import { useCallback } from 'react';
import { auditLogKeys, getAuditLogs } from '../../api/audit-logs';
import { usePageSearchText } from '../../app/search/usePageSearchText';
import { useServices } from '../../app/services/useServices';
import { AuditLogTable } from '../../components/entity-tabs/audit-logs/AuditLogTable';

const TENANT_SCOPE = { kind: 'tenant' } as const;
const QUERY_KEY = auditLogKeys.scope(TENANT_SCOPE);

/** /auditLogs: every audit log entry of the tenant (reference console §3.14; tenant administrators). */
export function AuditLogsPage() {
  const { http } = useServices();
  const searchText = usePageSearchText();
  const fetch = useCallback(
    (pageLink: TimePageLink, signal: AbortSignal) => getAuditLogs(http, TENANT_SCOPE, pageLink, { signal }),
    [http],
  );
  return <AuditLogTable mode="tenant" queryKey={QUERY_KEY} fetch={fetch} searchText={searchText} />;
}
