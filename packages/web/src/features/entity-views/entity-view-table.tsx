import type { EntityViewInfo } from '@meridian/common';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditLogsTabSource } from '../../api/audit-logs';
import { runBulkAction } from '../../api/bulk-actions';
import { customerKeys, findAssignableCustomers } from '../../api/customers';
import {
  deleteEntityView,
  entityViewKeys,
  getEntityViewInfo,
  getEntityViewInfos,
  makeEntityViewPublic,
  saveEntityView,
  unassignEntityViewFromCustomer,
} from '../../api/entity-views';
import { relationsTabApi } from '../../api/relations';
import { useLiveTelemetryTabApi } from '../../api/ws/live-telemetry';
import type { HttpClient } from '../../app/http/http-client';
import { useServices } from '../../app/services/useServices';
import {
  type CustomerAssignableScope,
  type CustomerAssignableSource,
  useCustomerAssignable,
} from '../../components/entity-table/customer-assignable';
import { SubtypeFilter } from '../../components/entity-table/SubtypeFilter';
import type { EntityColumn, EntityTableConfig } from '../../components/entity-table/types';
import { entityDataTabs } from '../../components/entity-tabs/entity-data-tabs';
import { RELATION_TARGET_TYPES } from '../../components/entity-tabs/relations/types';
import { EntityViewForm, entityViewSubtypes } from './EntityViewForm';
import { type EntityViewValues, entityViewOfValues, entityViewValuesOf } from './entity-view-values';

/** Whose entity views the table shows (reference console §3.9); see the devices scopes. */
export type EntityViewTableScope = CustomerAssignableScope;

const ENTITY_VIEWS_ASSIGNABLE: CustomerAssignableSource<EntityViewInfo, HttpClient> = {
  one: 'entity-view',
  many: 'entity-views',
  customerQueryKey: [...customerKeys.all, 'assignable'],
  findCustomers: findAssignableCustomers,
  searchTenant: (http, pageLink, options) =>
    getEntityViewInfos(http, { kind: 'tenant' }, null, pageLink, options),
  queryKey: entityViewKeys.all,
  entityType: 'ENTITY_VIEW',
  bulk: runBulkAction,
  unassign: unassignEntityViewFromCustomer,
  makePublic: makeEntityViewPublic,
};

export function useEntityViewTable(scope: EntityViewTableScope): {
  config: EntityTableConfig<EntityViewInfo, EntityViewValues>;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const { http } = useServices();
  const telemetryTab = useLiveTelemetryTabApi();
  const [typeFilter, setTypeFilter] = useState<string | null>(null);
  const assignable = useCustomerAssignable(scope, ENTITY_VIEWS_ASSIGNABLE, http);

  const config = useMemo((): EntityTableConfig<EntityViewInfo, EntityViewValues> => {
    const { listScope } = assignable;
    const tenant = scope.kind === 'tenant';
    const columns: EntityColumn<EntityViewInfo>[] = [
      { key: 'createdTime', label: t('entity.created-time'), kind: 'date', value: (v) => v.createdTime },
      { key: 'name', label: t('entity-view.name'), value: (v) => v.name },
      { key: 'type', label: t('entity-view.entity-view-type'), value: (v) => v.type },
      ...assignable.columns,
    ];
    return {
      testId: 'entity-views',
      title: assignable.title,
      entityName: (v) => v.name,
      noEntitiesText: t('entity-view.no-entity-views-text'),
      queryKey: entityViewKeys.all,
      listKey: [listScope, typeFilter],
      fetchPage: (pageLink, signal) => getEntityViewInfos(http, listScope, typeFilter, pageLink, { signal }),
      headerFilter: (
        <SubtypeFilter source={entityViewSubtypes(http)} value={typeFilter} onChange={setTypeFilter} />
      ),
      columns,
      addDialogTitle: tenant ? t('entity-view.add') : undefined,
      addActions: assignable.addActions,
      rowActions: assignable.rowActions,
      groupActions: assignable.groupActions,
      delete: tenant
        ? {
            run: (v) => deleteEntityView(http, v.id.id),
            runMany: (selected) =>
              runBulkAction(
                http,
                'delete',
                selected.map((v) => v.id),
              ),
            title: (v) => t('entity-view.delete-title', { name: v.name }),
            message: t('entity-view.delete-text'),
            bulkTitle: (count) => t('entity-view.delete-entity-views-title', { count }),
            bulkMessage: t('entity-view.delete-entity-views-text'),
          }
        : undefined,
      details: {
        load: (entityViewId, signal) => getEntityViewInfo(http, entityViewId, { signal }),
        toValues: entityViewValuesOf,
        save: (values, view) => saveEntityView(http, entityViewOfValues(values, view)),
        render: (props) => <EntityViewForm {...props} />,
        isReadonly: () => scope.kind === 'customerUser',
        copyIdLabel: t('entity-view.copy-id'),
        // The view's own server attributes, and the latest telemetry of its target within the
        // view's keys and time window (the server reads through to the target).
        tabs: entityDataTabs(t, {
          entityId: (v) => v.id,
          attributes: telemetryTab,
          relations: {
            api: relationsTabApi(http),
            targetTypes:
              RELATION_TARGET_TYPES[scope.kind === 'customerUser' ? 'CUSTOMER_USER' : 'TENANT_ADMIN'],
          },
          auditLogs: scope.kind === 'customerUser' ? undefined : auditLogsTabSource(http, 'entity'),
        }),
      },
      detailsPagePath: (v) =>
        scope.kind === 'customer'
          ? `/customers/${scope.customerId}/entityViews/${v.id.id}`
          : `/entityViews/${v.id.id}`,
    };
  }, [t, http, telemetryTab, scope, assignable, typeFilter]);

  return { config, dialogs: assignable.dialogs };
}
