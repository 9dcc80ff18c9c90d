import type { AttributeScope, EntityId } from '@meridian/common';
import FileUpload from '@mui/icons-material/FileUpload';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { auditLogsTabSource } from '../../api/audit-logs';
import { runBulkAction } from '../../api/bulk-actions';
import { type BulkImportEntityType, bulkImport } from '../../api/bulk-import';
import { customerKeys, findAssignableCustomers } from '../../api/customers';
import { eventsTabApi } from '../../api/events';
import { relationsTabApi } from '../../api/relations';
import { useLiveAlarmsTabApi } from '../../api/ws/live-alarms';
import { useLiveTelemetryTabApi } from '../../api/ws/live-telemetry';
import type { HttpClient } from '../../app/http/http-client';
import { useServices } from '../../app/services/useServices';
import { BulkImportWizard } from '../../components/bulk-import/BulkImportWizard';
import {
  type CustomerAssignableEntity,
  type CustomerAssignableScope,
  type CustomerAssignableSource,
  useCustomerAssignable,
} from '../../components/entity-table/customer-assignable';
import type {
  AddAction,
  DeleteConfig,
  EntityActionContext,
  EntityColumn,
  EntityTab,
} from '../../components/entity-table/types';
import { entityDataTabs } from '../../components/entity-tabs/entity-data-tabs';
import { RELATION_TARGET_TYPES } from '../../components/entity-tabs/relations/types';

/**
 * What the tables of devices, assets and entity views (reference console §3.5, §3.6, §3.9) share
 * beyond the assign / make public flows of `useCustomerAssignable`: the same scopes decide who may
 * delete, which tabs the details show and where the details page lives.
 */

/** A device, asset or entity view row: named, assignable, and known to bulk calls by its id. */
export type AssignableRow = CustomerAssignableEntity & { id: EntityId };

/** The entity's own REST calls; the customer search and the bulk call are the same for all three. */
export function assignableSource<T extends CustomerAssignableEntity>(
  source: Omit<CustomerAssignableSource<T, HttpClient>, 'customerQueryKey' | 'findCustomers' | 'bulk'>,
): CustomerAssignableSource<T, HttpClient> {
  return {
    ...source,
    customerQueryKey: [...customerKeys.all, 'assignable'],
    findCustomers: findAssignableCustomers,
    bulk: runBulkAction,
  };
}

/** The live data tabs' APIs: Attributes / Latest telemetry and Alarms follow the entity over the socket. */
export interface LiveTabApis {
  attributes: ReturnType<typeof useLiveTelemetryTabApi>;
  alarms: ReturnType<typeof useLiveAlarmsTabApi>;
}

/** The translator, HTTP client, live tab APIs and assign flows every assignable table starts from. */
export function useAssignableTable<T extends CustomerAssignableEntity>(
  scope: CustomerAssignableScope,
  source: CustomerAssignableSource<T, HttpClient>,
) {
  const { t } = useTranslation();
  const { http } = useServices();
  const attributes = useLiveTelemetryTabApi();
  const alarms = useLiveAlarmsTabApi();
  const liveTabs = useMemo((): LiveTabApis => ({ attributes, alarms }), [attributes, alarms]);
  const assignable = useCustomerAssignable(scope, source, http);
  return { t, http, liveTabs, assignable };
}

/** The Created time and Name columns every assignable table starts with. */
export function createdAndNameColumns<T extends AssignableRow>(
  t: TFunction,
  nameKey: string,
): EntityColumn<T>[] {
  return [
    { key: 'createdTime', label: t('entity.created-time'), kind: 'date', value: (e) => e.createdTime },
    { key: 'name', label: t(nameKey), value: (e) => e.name },
  ];
}

/** The full message keys of a deletion's confirmations. */
export interface DeleteMessageKeys {
  title: string;
  text: string;
  bulkTitle: string;
  bulkText: string;
}

/**
 * Deletion for the tenant's own list only: in a customer's list the rows are unassigned instead,
 * and customer users delete nothing. Many rows go in one bulk call.
 */
export function tenantDelete<T extends AssignableRow>(
  t: TFunction,
  http: HttpClient,
  scope: CustomerAssignableScope,
  remove: (http: HttpClient, entityId: string) => Promise<unknown>,
  keys: DeleteMessageKeys,
): DeleteConfig<T> | undefined {
  if (scope.kind !== 'tenant') return undefined;
  return {
    run: (e) => remove(http, e.id.id),
    runMany: (selected) =>
      runBulkAction(
        http,
        'delete',
        selected.map((e) => e.id),
      ),
    title: (e) => t(keys.title, { name: e.name }),
    message: t(keys.text),
    bulkTitle: (count) => t(keys.bulkTitle, { count }),
    bulkMessage: t(keys.bulkText),
  };
}

/**
 * Attributes, Latest telemetry, Alarms, Events, Relations and Audit logs of the details; the relation
 * targets follow the signed-in authority, and the audit log is for tenant administrators only
 * (reference console §4.1). Customer users see, acknowledge and clear their entities' alarms too.
 */
export function assignableDataTabs<T extends AssignableRow, V extends FieldValues>(
  t: TFunction,
  http: HttpClient,
  scope: CustomerAssignableScope,
  { attributes, alarms }: LiveTabApis,
  attributeScopes?: readonly AttributeScope[],
): EntityTab<T, V>[] {
  const customerUser = scope.kind === 'customerUser';
  return entityDataTabs(t, {
    entityId: (e: T) => e.id,
    attributes,
    attributeScopes,
    alarms,
    events: eventsTabApi(http),
    relations: {
      api: relationsTabApi(http),
      targetTypes: RELATION_TARGET_TYPES[customerUser ? 'CUSTOMER_USER' : 'TENANT_ADMIN'],
    },
    auditLogs: customerUser ? undefined : auditLogsTabSource(http, 'entity'),
  });
}

/** The details page path, under the customer in a customer's list: `/devices/:id`, `/customers/:c/devices/:id`. */
export function assignableDetailsPath(
  scope: CustomerAssignableScope,
  pathSegment: string,
): (entity: AssignableRow) => string {
  return (e) =>
    scope.kind === 'customer'
      ? `/customers/${scope.customerId}/${pathSegment}/${e.id.id}`
      : `/${pathSegment}/${e.id.id}`;
}

/** The Add menu entry importing rows from a CSV file. */
export function importAction(
  id: string,
  label: string,
  startImport: (context: EntityActionContext) => void,
): AddAction {
  return { id, label, icon: <FileUpload fontSize="small" />, onAction: startImport };
}

/** The CSV import wizard of a table; refreshes the table once rows are imported. */
export function ImportDialog({
  entityType,
  title,
  context,
  onClose,
}: {
  entityType: BulkImportEntityType;
  title: string;
  context: EntityActionContext;
  onClose: () => void;
}) {
  const { http } = useServices();
  return (
    <BulkImportWizard
      entityType={entityType}
      title={title}
      importChunk={(request, signal) => bulkImport(http, entityType, request, { signal })}
      onImported={() => context.refresh()}
      onClose={onClose}
    />
  );
}
