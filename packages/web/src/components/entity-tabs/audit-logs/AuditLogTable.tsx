import type { AuditLog, PageData, TimePageLink } from '@meridian/common';
import MoreHoriz from '@mui/icons-material/MoreHoriz';
import { useMemo, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EntityTable } from '../../entity-table/EntityTable';
import type { EntityColumn, EntityTableConfig } from '../../entity-table/types';
import { entityTypeLabel } from '../entity-type-labels';
import { HistoryWindowButton } from '../history-window/HistoryWindowButton';
import {
  DEFAULT_HISTORY_WINDOW,
  type HistoryWindow,
  historyWindowRange,
} from '../history-window/history-window';
import { entityTabsSelectors } from '../selectors';
import { AuditLogDetailsDialog } from './AuditLogDetailsDialog';
import { auditStatusLabel, auditTypeLabel } from './audit-labels';

/**
 * Whose entries a table lists: the tenant's (the audit logs page), one entity's (its tab: no entity
 * columns), one customer's, or one user's (no user column).
 */
export type AuditLogMode = 'tenant' | 'entity' | 'customer' | 'user';

export interface AuditLogTableProps {
  mode: AuditLogMode;
  /** Query key of this list; refreshing invalidates everything under it. */
  queryKey: readonly unknown[];
  /** One page of entries within the link's time bounds. */
  fetch: (pageLink: TimePageLink, signal: AbortSignal) => Promise<PageData<AuditLog>>;
  /** Current time; Date.now by default. */
  now?: () => number;
  /** Search text from the page's toolbar; see EntityTable. */
  searchText?: string | undefined;
}

/**
 * The audit log (reference console §3.14): timestamp, entity type and name, user, action type and
 * status; newest first; a history time window (the last day to start with) and text search, both
 * answered by the server; a Details dialog per entry. Nothing to add, select or delete.
 */
export function AuditLogTable({ mode, queryKey, fetch, now = Date.now, searchText }: AuditLogTableProps) {
  const { t } = useTranslation();
  const [timeWindow, setTimeWindow] = useState<HistoryWindow>(DEFAULT_HISTORY_WINDOW);
  const [details, setDetails] = useState<AuditLog | null>(null);

  const config = useMemo((): EntityTableConfig<AuditLog, FieldValues> => {
    const typeLabel = (type: string) => auditTypeLabel(t, type);
    const columns: EntityColumn<AuditLog>[] = [
      // On a phone an entry reads as what happened and when; who and how it ended are in its details.
      {
        key: 'createdTime',
        label: t('audit.timestamp'),
        kind: 'date',
        value: (log) => log.createdTime,
        keepOnPhone: true,
      },
    ];
    if (mode !== 'entity') {
      columns.push(
        {
          key: 'entityType',
          label: t('audit.entity-type'),
          value: (log) => (log.entityId ? entityTypeLabel(t, log.entityId.entityType) : ''),
        },
        { key: 'entityName', label: t('audit.entity-name'), value: (log) => log.entityName },
      );
    }
    if (mode !== 'user') {
      columns.push({ key: 'userName', label: t('audit.user'), value: (log) => log.userName });
    }
    columns.push(
      {
        key: 'actionType',
        label: t('audit.type'),
        value: (log) => typeLabel(log.actionType),
        namesRow: true,
      },
      {
        key: 'actionStatus',
        label: t('audit.status'),
        value: (log) => auditStatusLabel(t, log),
      },
    );
    return {
      testId: 'audit-logs',
      title: t('audit-log.audit-logs'),
      entityName: (log) => `${typeLabel(log.actionType)} ${log.entityName ?? ''}`.trim(),
      noEntitiesText: t('audit.no-audit-logs-prompt'),
      queryKey,
      listKey: [timeWindow],
      fetchPage: (pageLink, signal) =>
        fetch({ ...pageLink, ...historyWindowRange(timeWindow, now()) }, signal),
      headerFilter: (
        <HistoryWindowButton
          value={timeWindow}
          onChange={setTimeWindow}
          testIds={entityTabsSelectors.auditLogs}
          now={now}
        />
      ),
      columns,
      rowActions: [
        {
          id: 'details',
          label: t('audit.details'),
          icon: <MoreHoriz fontSize="small" />,
          onAction: (log) => setDetails(log),
        },
      ],
    };
  }, [t, mode, queryKey, fetch, now, timeWindow]);

  return (
    <>
      <EntityTable config={config} searchText={searchText} />
      {details && <AuditLogDetailsDialog log={details} onClose={() => setDetails(null)} />}
    </>
  );
}
