import type { Customer, EntityViewInfo } from '@meridian/common';
import Add from '@mui/icons-material/Add';
import AssignmentInd from '@mui/icons-material/AssignmentInd';
import AssignmentReturn from '@mui/icons-material/AssignmentReturn';
import Lock from '@mui/icons-material/Lock';
import Public from '@mui/icons-material/Public';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditLogsTabSource } from '../../api/audit-logs';
import { customerKeys, findAssignableCustomers } from '../../api/customers';
import {
  assignEntityViewToCustomer,
  deleteEntityView,
  entityViewKeys,
  getEntityViewInfo,
  getEntityViewInfos,
  makeEntityViewPublic,
  saveEntityView,
  unassignEntityViewFromCustomer,
} from '../../api/entity-views';
import { relationsTabApi } from '../../api/relations';
import { useServices } from '../../app/services/useServices';
import { AddEntitiesDialog } from '../../components/entity-table/AddEntitiesDialog';
import { AssignToCustomerDialog } from '../../components/entity-table/AssignToCustomerDialog';
import type {
  EntityActionContext,
  EntityColumn,
  EntityTableConfig,
  RowAction,
} from '../../components/entity-table/types';
import { entityDataTabs } from '../../components/entity-tabs/entity-data-tabs';
import { RELATION_TARGET_TYPES } from '../../components/entity-tabs/relations/types';
import { EntityViewForm } from './EntityViewForm';
import { EntityViewTypeFilter } from './EntityViewTypeFilter';
import {
  type EntityViewValues,
  entityViewOfValues,
  entityViewValuesOf,
  isEntityViewAssigned,
} from './entity-view-values';

/** Whose entity views the table shows (reference console §3.9); see the devices scopes. */
export type EntityViewTableScope =
  | { kind: 'tenant' }
  | { kind: 'customer'; customerId: string; customer: Customer | undefined }
  | { kind: 'customerUser'; customerId: string };

type Dialog =
  | { kind: 'assign'; views: EntityViewInfo[]; context: EntityActionContext }
  | { kind: 'addToCustomer'; customerId: string; context: EntityActionContext };

/** Page size of the "Assign new entity view" search (spec 3 §9: entity list 50). */
const VIEW_SEARCH_PAGE_SIZE = 50;

export function useEntityViewTable(scope: EntityViewTableScope): {
  config: EntityTableConfig<EntityViewInfo, EntityViewValues>;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const { http } = useServices();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [typeFilter, setTypeFilter] = useState<string | null>(null);
  const customerId = scope.kind === 'tenant' ? null : scope.customerId;
  const publicCustomer = scope.kind === 'customer' && scope.customer?.additionalInfo?.isPublic === true;
  const customerTitle = scope.kind === 'customer' ? scope.customer?.title : undefined;

  const config = useMemo((): EntityTableConfig<EntityViewInfo, EntityViewValues> => {
    const listScope =
      customerId === null ? ({ kind: 'tenant' } as const) : ({ kind: 'customer', customerId } as const);
    const tenant = scope.kind === 'tenant';
    const confirmed = async (
      context: EntityActionContext,
      title: string,
      message: string,
      run: () => Promise<unknown>,
    ) => {
      if (await context.confirm({ title, message })) {
        await run();
        context.refresh();
      }
    };
    const makePublic: RowAction<EntityViewInfo> = {
      id: 'makePublic',
      label: t('entity-view.make-public'),
      icon: <Public fontSize="small" />,
      isVisible: (v) => !isEntityViewAssigned(v),
      onAction: (v, context) =>
        confirmed(
          context,
          t('entity-view.make-public-title', { name: v.name }),
          t('entity-view.make-public-text'),
          () => makeEntityViewPublic(http, v.id.id),
        ),
    };
    const assign: RowAction<EntityViewInfo> = {
      id: 'assignToCustomer',
      label: t('entity-view.assign-to-customer'),
      icon: <AssignmentInd fontSize="small" />,
      isVisible: (v) => !isEntityViewAssigned(v),
      onAction: (v, context) => setDialog({ kind: 'assign', views: [v], context }),
    };
    const unassign: RowAction<EntityViewInfo> = {
      id: 'unassignFromCustomer',
      label: t('entity-view.unassign-from-customer'),
      icon: <AssignmentReturn fontSize="small" />,
      isVisible: (v) => isEntityViewAssigned(v) && !v.customerIsPublic,
      onAction: (v, context) =>
        confirmed(
          context,
          t('entity-view.unassign-title', { name: v.name }),
          t('entity-view.unassign-text'),
          () => unassignEntityViewFromCustomer(http, v.id.id),
        ),
    };
    const makePrivate: RowAction<EntityViewInfo> = {
      id: 'makePrivate',
      label: t('entity-view.make-private'),
      icon: <Lock fontSize="small" />,
      isVisible: (v) => v.customerIsPublic,
      onAction: (v, context) =>
        confirmed(
          context,
          t('entity-view.make-private-title', { name: v.name }),
          t('entity-view.make-private-text'),
          () => unassignEntityViewFromCustomer(http, v.id.id),
        ),
    };
    const columns: EntityColumn<EntityViewInfo>[] = [
      { key: 'createdTime', label: t('entity.created-time'), kind: 'date', value: (v) => v.createdTime },
      { key: 'name', label: t('entity-view.name'), value: (v) => v.name },
      { key: 'type', label: t('entity-view.entity-view-type'), value: (v) => v.type },
    ];
    if (tenant) {
      columns.push(
        {
          key: 'customerTitle',
          label: t('customer.customer'),
          value: (v) => (v.customerIsPublic ? '' : v.customerTitle),
        },
        {
          key: 'customerIsPublic',
          label: t('entity.public'),
          kind: 'boolean',
          sortable: false,
          value: (v) => v.customerIsPublic,
        },
      );
    }
    let title: string = t('entity-view.entity-views');
    if (scope.kind === 'customer') {
      title = publicCustomer
        ? t('customer.public-entity-views')
        : customerTitle === undefined
          ? t('customer.entity-views')
          : t('customer.scoped-title', { customer: customerTitle, entities: t('entity-view.entity-views') });
    }
    return {
      testId: 'entity-views',
      title,
      entityName: (v) => v.name,
      noEntitiesText: t('entity-view.no-entity-views-text'),
      queryKey: entityViewKeys.all,
      listKey: [listScope, typeFilter],
      fetchPage: (pageLink, signal) => getEntityViewInfos(http, listScope, typeFilter, pageLink, { signal }),
      headerFilter: <EntityViewTypeFilter value={typeFilter} onChange={setTypeFilter} />,
      columns,
      addDialogTitle: tenant ? t('entity-view.add') : undefined,
      addActions:
        scope.kind === 'customer'
          ? [
              {
                id: 'assignNewEntityView',
                label: t('entity-view.assign-new-entity-view'),
                icon: <Add fontSize="small" />,
                onAction: (context) =>
                  setDialog({ kind: 'addToCustomer', customerId: scope.customerId, context }),
              },
            ]
          : [],
      rowActions: tenant
        ? [makePublic, assign, unassign, makePrivate]
        : scope.kind === 'customer'
          ? [unassign, makePrivate]
          : [],
      groupActions: tenant
        ? [
            {
              id: 'assignEntityViews',
              label: t('entity-view.assign-entity-views'),
              icon: <AssignmentInd />,
              onAction: (views, context) => setDialog({ kind: 'assign', views, context }),
            },
          ]
        : scope.kind === 'customer'
          ? [
              {
                id: 'unassignEntityViews',
                label: t('entity-view.unassign-entity-views'),
                icon: <AssignmentReturn />,
                onAction: (views, context) =>
                  confirmed(
                    context,
                    t('entity-view.unassign-entity-views-title', { count: views.length }),
                    t('entity-view.unassign-entity-views-text'),
                    () => Promise.allSettled(views.map((v) => unassignEntityViewFromCustomer(http, v.id.id))),
                  ),
              },
            ]
          : [],
      delete: tenant
        ? {
            run: (v) => deleteEntityView(http, v.id.id),
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
        // No Attributes / Latest telemetry tabs: the server does not read through to the target yet.
        tabs: entityDataTabs(t, {
          entityId: (v) => v.id,
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
  }, [t, http, scope, customerId, publicCustomer, customerTitle, typeFilter]);

  let dialogs: ReactNode = null;
  const close = () => setDialog(null);
  if (dialog?.kind === 'assign') {
    dialogs = (
      <AssignToCustomerDialog
        title={
          dialog.views.length === 1
            ? t('entity-view.assign-entity-view-to-customer')
            : t('entity-view.assign-entity-views-to-customer', { count: dialog.views.length })
        }
        text={t('entity-view.assign-to-customer-text')}
        customerQueryKey={[...customerKeys.all, 'assignable']}
        searchCustomers={(text, signal) =>
          findAssignableCustomers(http, text, signal).then((list) =>
            list.map((c) => ({ id: c.id.id, label: c.title })),
          )
        }
        onAssign={async (customer) => {
          await Promise.allSettled(
            dialog.views.map((v) => assignEntityViewToCustomer(http, customer.id, v.id.id)),
          );
          dialog.context.refresh();
        }}
        onClose={close}
      />
    );
  } else if (dialog?.kind === 'addToCustomer') {
    dialogs = (
      <AddEntitiesDialog
        title={t('entity-view.assign-new-entity-view')}
        label={t('entity-view.entity-views')}
        queryKey={[...entityViewKeys.all, 'assignable']}
        search={(text, signal) =>
          getEntityViewInfos(
            http,
            { kind: 'tenant' },
            null,
            {
              pageSize: VIEW_SEARCH_PAGE_SIZE,
              page: 0,
              textSearch: text,
              sortOrder: { property: 'name', direction: 'ASC' },
            },
            { signal, ignoreLoading: true },
          )
            .then((page) => page.data.map((v) => ({ id: v.id.id, label: v.name })))
            .catch(() => [])
        }
        noOptionsText={(text) =>
          text ? t('entity-view.no-entity-views-matching', { text }) : t('entity-view.no-entity-views-text')
        }
        onAdd={async (views) => {
          await Promise.allSettled(
            views.map((v) => assignEntityViewToCustomer(http, dialog.customerId, v.id)),
          );
          dialog.context.refresh();
        }}
        onClose={close}
      />
    );
  }
  return { config, dialogs };
}
