import type { Dashboard, DashboardInfo, EntityId } from '@meridian/common';
import Add from '@mui/icons-material/Add';
import AssignmentInd from '@mui/icons-material/AssignmentInd';
import AssignmentReturn from '@mui/icons-material/AssignmentReturn';
import FileDownload from '@mui/icons-material/FileDownload';
import FileUpload from '@mui/icons-material/FileUpload';
import Lock from '@mui/icons-material/Lock';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Public from '@mui/icons-material/Public';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import type { TFunction } from 'i18next';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { auditLogsTabSource } from '../../api/audit-logs';
import {
  addDashboardCustomers,
  assignDashboardToCustomer,
  dashboardKeys,
  deleteDashboard,
  getDashboard,
  getScopedDashboards,
  getTenantDashboards,
  makeDashboardPrivate,
  makeDashboardPublic,
  removeDashboardCustomers,
  saveDashboard,
  unassignDashboardFromCustomer,
  updateDashboardCustomers,
} from '../../api/dashboards';
import type { HttpClient } from '../../app/http/http-client';
import { useServices } from '../../app/services/useServices';
import { AddEntitiesDialog } from '../../components/entity-table/AddEntitiesDialog';
import { settleEach } from '../../components/entity-table/bulk-outcome';
import type { CustomerAssignableScope } from '../../components/entity-table/customer-assignable';
import { downloadJson } from '../../components/entity-table/download';
import type { PickerOption } from '../../components/entity-table/EntityAutocomplete';
import { useJsonFileImport } from '../../components/entity-table/json-import';
import type {
  AddAction,
  EntityActionContext,
  EntityColumn,
  EntityTableConfig,
  GroupAction,
  RowAction,
} from '../../components/entity-table/types';
import { entityDataTabs } from '../../components/entity-tabs/entity-data-tabs';
import { selectors } from '../../selectors';
import { DashboardCustomersDialog } from './DashboardCustomersDialog';
import { DashboardForm } from './DashboardForm';
import {
  assignedCustomersText,
  type DashboardValues,
  dashboardOfValues,
  dashboardValuesOf,
  exportedDashboard,
  isDashboardPublic,
  parseImportedDashboard,
  privateCustomersOf,
  publicCustomerOf,
  publicLinkOf,
} from './dashboard-values';
import { PublicLinkDialog } from './PublicLinkDialog';

/**
 * Whose dashboards the table shows (reference console §3.12): the tenant's, one customer's as the
 * tenant administrator manages them, or the signed-in customer user's own. The same scopes as the
 * customer-assignable tables, but a dashboard has many customers.
 */
export type DashboardTableScope = CustomerAssignableScope;

type Dialog =
  | { kind: 'public'; title: string; link: string }
  | { kind: 'manage'; dashboard: DashboardInfo; context: EntityActionContext }
  | { kind: 'assign' | 'unassign'; dashboards: DashboardInfo[]; context: EntityActionContext }
  | { kind: 'addToCustomer'; customerId: string; context: EntityActionContext };

/** Page size of the "Assign new dashboard" search (spec 3 §9: entity list 50). */
const SEARCH_PAGE_SIZE = 50;

/** The entity id bulk reports name a dashboard by. */
const dashboardIdOf = (id: string): EntityId => ({ entityType: 'DASHBOARD', id }) as EntityId;

/** The stored dashboard, whole: the details hold it already, a table row is only its info. */
async function wholeDashboard(http: HttpClient, dashboard: DashboardInfo): Promise<Dashboard> {
  return 'configuration' in dashboard ? (dashboard as Dashboard) : getDashboard(http, dashboard.id.id);
}

/** Asks, then runs the call and refreshes the table. */
async function confirmed(
  context: EntityActionContext,
  title: string,
  message: string,
  run: () => Promise<unknown>,
): Promise<void> {
  if (await context.confirm({ title, message })) {
    await run();
    context.refresh();
  }
}

function exportAction(t: TFunction, http: HttpClient): RowAction<DashboardInfo> {
  return {
    id: 'export',
    label: t('dashboards.export'),
    icon: <FileDownload fontSize="small" />,
    onAction: async (row) => {
      const dashboard = await wholeDashboard(http, row);
      downloadJson(`${dashboard.title}.json`, exportedDashboard(dashboard));
    },
  };
}

function makePrivateAction(
  t: TFunction,
  http: HttpClient,
  isVisible: (dashboard: DashboardInfo) => boolean,
): RowAction<DashboardInfo> {
  return {
    id: 'makePrivate',
    label: t('dashboards.make-private'),
    icon: <Lock fontSize="small" />,
    isVisible,
    onAction: (d, context) =>
      confirmed(
        context,
        t('dashboards.make-private-title', { title: d.title }),
        t('dashboards.make-private-text'),
        () => makeDashboardPrivate(http, d.id.id),
      ),
  };
}

export function useDashboardTable(scope: DashboardTableScope): {
  config: EntityTableConfig<DashboardInfo, DashboardValues>;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const { http, toasts } = useServices();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { start: startImport, input: importInput } = useJsonFileImport({
    parse: parseImportedDashboard,
    save: (dashboard) => saveDashboard(http, dashboard),
    invalidFile: () => toasts.show({ message: t('dashboards.invalid-file'), type: 'error' }),
    testId: selectors.dashboards.importFile,
  });

  const config = useMemo((): EntityTableConfig<DashboardInfo, DashboardValues> => {
    const customerUser = scope.kind === 'customerUser';
    const listScope =
      scope.kind === 'tenant' ? scope : ({ kind: 'customer', customerId: scope.customerId } as const);
    const dashboards = t('dashboard.dashboards');
    const columns: EntityColumn<DashboardInfo>[] = [
      { key: 'createdTime', label: t('entity.created-time'), kind: 'date', value: (d) => d.createdTime },
      { key: 'title', label: t('dashboards.title'), value: (d) => d.title },
    ];
    let title = dashboards;
    let rowActions: RowAction<DashboardInfo>[] = [];
    let groupActions: GroupAction<DashboardInfo>[] = [];
    let addActions: AddAction[] = [];

    if (scope.kind === 'tenant') {
      columns.push(
        {
          key: 'assignedCustomers',
          label: t('dashboards.assigned-customers'),
          sortable: false,
          value: assignedCustomersText,
        },
        {
          key: 'public',
          label: t('entity.public'),
          kind: 'boolean',
          sortable: false,
          value: isDashboardPublic,
        },
      );
      rowActions = [
        exportAction(t, http),
        {
          id: 'makePublic',
          label: t('dashboards.make-public'),
          icon: <Public fontSize="small" />,
          isVisible: (d) => !isDashboardPublic(d),
          onAction: async (d, context) => {
            const saved = await makeDashboardPublic(http, d.id.id);
            context.refresh();
            const link = publicLinkOf(saved, window.location.origin);
            if (link) {
              setDialog({ kind: 'public', title: saved.title, link });
            }
          },
        },
        makePrivateAction(t, http, isDashboardPublic),
        {
          id: 'manageAssignedCustomers',
          label: t('dashboards.manage-assigned-customers'),
          icon: <SupervisorAccount fontSize="small" />,
          onAction: (d, context) => setDialog({ kind: 'manage', dashboard: d, context }),
        },
      ];
      groupActions = [
        {
          id: 'assignDashboards',
          label: t('dashboards.assign-dashboards'),
          icon: <AssignmentInd />,
          onAction: (selected, context) => setDialog({ kind: 'assign', dashboards: selected, context }),
        },
        {
          id: 'unassignDashboards',
          label: t('dashboards.unassign-dashboards'),
          icon: <AssignmentReturn />,
          onAction: (selected, context) => setDialog({ kind: 'unassign', dashboards: selected, context }),
        },
      ];
      addActions = [
        {
          id: 'import',
          label: t('dashboards.import'),
          icon: <FileUpload fontSize="small" />,
          onAction: startImport,
        },
      ];
    } else if (scope.kind === 'customer') {
      const { customerId } = scope;
      const publicCustomer = scope.customer?.additionalInfo?.isPublic === true;
      title = publicCustomer
        ? t('customer.public-dashboards')
        : scope.customer === undefined
          ? t('customer.dashboards')
          : t('customer.scoped-title', { customer: scope.customer.title, entities: dashboards });
      rowActions = [
        exportAction(t, http),
        makePrivateAction(t, http, () => publicCustomer),
        {
          id: 'unassignFromCustomer',
          label: t('dashboards.unassign-from-customer'),
          icon: <AssignmentReturn fontSize="small" />,
          isVisible: () => !publicCustomer,
          onAction: (d, context) =>
            confirmed(
              context,
              t('dashboards.unassign-title', { title: d.title }),
              t('dashboards.unassign-text'),
              () => unassignDashboardFromCustomer(http, customerId, d.id.id),
            ),
        },
      ];
      groupActions = [
        {
          id: 'unassignDashboards',
          label: t('dashboards.unassign-many'),
          icon: <AssignmentReturn />,
          onAction: (selected, context) =>
            confirmed(
              context,
              t('dashboards.unassign-many-title', { count: selected.length }),
              t('dashboards.unassign-many-text'),
              async () => {
                const result = await settleEach(selected, (d) =>
                  unassignDashboardFromCustomer(http, customerId, d.id.id),
                );
                context.reportBulk('unassign', result);
              },
            ),
        },
      ];
      addActions = [
        {
          id: 'assignNewDashboard',
          label: t('dashboards.assign-new'),
          icon: <Add fontSize="small" />,
          onAction: (context) => setDialog({ kind: 'addToCustomer', customerId, context }),
        },
      ];
    }

    // The viewer exists now: every scope opens a dashboard from its row.
    rowActions = [
      {
        id: 'openDashboard',
        label: t('dashboard-viewer.open'),
        icon: <OpenInNew fontSize="small" />,
        onAction: (d) => navigate(`/dashboards/${encodeURIComponent(d.id.id)}`),
      },
      ...rowActions,
    ];

    return {
      testId: 'dashboards',
      title,
      entityName: (d) => d.title,
      noEntitiesText: t('dashboards.no-dashboards-text'),
      queryKey: dashboardKeys.all,
      listKey: [listScope],
      fetchPage: (pageLink, signal) => getScopedDashboards(http, listScope, pageLink, { signal }),
      columns,
      addDialogTitle: scope.kind === 'tenant' ? t('dashboards.create') : undefined,
      addActions,
      rowActions,
      groupActions,
      delete:
        scope.kind === 'tenant'
          ? {
              run: (d) => deleteDashboard(http, d.id.id),
              title: (d) => t('dashboards.delete-title', { title: d.title }),
              message: t('dashboards.delete-text'),
              bulkTitle: (count) => t('dashboards.delete-many-title', { count }),
              bulkMessage: t('dashboards.delete-many-text'),
            }
          : undefined,
      details: {
        load: (dashboardId, options) => getDashboard(http, dashboardId, options),
        toValues: dashboardValuesOf,
        save: async (values, dashboard) =>
          saveDashboard(
            http,
            dashboardOfValues(values, dashboard === null ? null : await wholeDashboard(http, dashboard)),
          ),
        render: (props) => <DashboardForm {...props} showPublicLink={!customerUser} />,
        isReadonly: () => customerUser,
        copyIdLabel: t('dashboards.copy-id'),
        // The audit log is for tenant administrators only (reference console §3.12 "Tabs").
        tabs: customerUser
          ? []
          : entityDataTabs(t, { entityId: (d) => d.id, auditLogs: auditLogsTabSource(http, 'entity') }),
      },
    };
  }, [t, http, scope, startImport, navigate]);

  return {
    config,
    dialogs: (
      <>
        {importInput}
        {renderDialog(dialog, () => setDialog(null), t, http)}
      </>
    ),
  };
}

/** The customers of a dialog as the REST calls name them: by id. */
const idsOf = (customers: PickerOption[]) => customers.map((customer) => customer.id);

function renderDialog(dialog: Dialog | null, close: () => void, t: TFunction, http: HttpClient): ReactNode {
  switch (dialog?.kind) {
    case 'public':
      return <PublicLinkDialog title={dialog.title} link={dialog.link} onClose={close} />;
    case 'manage': {
      const { dashboard, context } = dialog;
      // Public access is kept: the public customer is not offered, so it is added back here.
      const publicCustomer = publicCustomerOf(dashboard);
      return (
        <DashboardCustomersDialog
          title={t('dashboards.manage-assigned-customers')}
          text={t('dashboards.manage-assigned-customers-text', { title: dashboard.title })}
          submitLabel={t('action.save')}
          initial={privateCustomersOf(dashboard).map((c) => ({ id: c.customerId.id, label: c.title }))}
          allowNone
          onSubmit={async (customers) => {
            const ids = idsOf(customers);
            await updateDashboardCustomers(
              http,
              dashboard.id.id,
              publicCustomer ? [...ids, publicCustomer.customerId.id] : ids,
            );
            context.refresh();
          }}
          onClose={close}
        />
      );
    }
    case 'assign':
    case 'unassign': {
      const { kind, dashboards, context } = dialog;
      const assign = kind === 'assign';
      return (
        <DashboardCustomersDialog
          title={t(assign ? 'dashboards.assign-many-title' : 'dashboards.unassign-from-customers-title', {
            count: dashboards.length,
          })}
          text={t(assign ? 'dashboards.assign-many-text' : 'dashboards.unassign-from-customers-text')}
          submitLabel={t(assign ? 'action.assign' : 'dashboards.unassign')}
          onSubmit={async (customers) => {
            const ids = idsOf(customers);
            const change = assign ? addDashboardCustomers : removeDashboardCustomers;
            const result = await settleEach(dashboards, (d) => change(http, d.id.id, ids));
            context.reportBulk(kind, result);
            context.refresh();
          }}
          onClose={close}
        />
      );
    }
    case 'addToCustomer': {
      const { customerId, context } = dialog;
      return (
        <AddEntitiesDialog
          title={t('dashboards.assign-new')}
          label={t('dashboard.dashboards')}
          queryKey={[...dashboardKeys.all, 'assignable']}
          search={(text, signal) =>
            getTenantDashboards(
              http,
              {
                pageSize: SEARCH_PAGE_SIZE,
                page: 0,
                textSearch: text,
                sortOrder: { property: 'title', direction: 'ASC' },
              },
              { signal, ignoreLoading: true },
            )
              .then((page) => page.data.map((d) => ({ id: d.id.id, label: d.title })))
              .catch(() => [])
          }
          noOptionsText={(text) =>
            text ? t('dashboards.no-dashboards-matching', { text }) : t('dashboards.no-dashboards-text')
          }
          onAdd={async (added) => {
            const result = await settleEach(
              added.map((option) => ({ id: dashboardIdOf(option.id) })),
              (entity) => assignDashboardToCustomer(http, customerId, entity.id.id),
            );
            context.reportBulk('assign', result, new Map(added.map((option) => [option.id, option.label])));
            context.refresh();
          }}
          onClose={close}
        />
      );
    }
    default:
      return null;
  }
}
