import type { AssetInfo, Customer } from '@meridian/common';
import Add from '@mui/icons-material/Add';
import AssignmentInd from '@mui/icons-material/AssignmentInd';
import AssignmentReturn from '@mui/icons-material/AssignmentReturn';
import FileUpload from '@mui/icons-material/FileUpload';
import Lock from '@mui/icons-material/Lock';
import Public from '@mui/icons-material/Public';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  assetKeys,
  assignAssetToCustomer,
  deleteAsset,
  getAssetInfo,
  getAssetInfos,
  makeAssetPublic,
  saveAsset,
  unassignAssetFromCustomer,
} from '../../api/assets';
import { auditLogsTabSource } from '../../api/audit-logs';
import { bulkImport } from '../../api/bulk-import';
import { customerKeys, findAssignableCustomers } from '../../api/customers';
import { relationsTabApi } from '../../api/relations';
import { telemetryTabApi } from '../../api/telemetry';
import { useServices } from '../../app/services/useServices';
import { BulkImportWizard } from '../../components/bulk-import/BulkImportWizard';
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
import { AssetForm } from './AssetForm';
import { AssetTypeFilter } from './AssetTypeFilter';
import { type AssetValues, assetOfValues, assetValuesOf, isAssetAssigned } from './asset-values';

/** Whose assets the table shows (reference console §3.5); see the devices scopes. */
export type AssetTableScope =
  | { kind: 'tenant' }
  | { kind: 'customer'; customerId: string; customer: Customer | undefined }
  | { kind: 'customerUser'; customerId: string };

type Dialog =
  | { kind: 'assign'; assets: AssetInfo[]; context: EntityActionContext }
  | { kind: 'addToCustomer'; customerId: string; context: EntityActionContext }
  | { kind: 'import'; context: EntityActionContext };

/** Page size of the "Assign new asset" search (spec 3 §9: entity list 50). */
const ASSET_SEARCH_PAGE_SIZE = 50;

export function useAssetTable(scope: AssetTableScope): {
  config: EntityTableConfig<AssetInfo, AssetValues>;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const { http } = useServices();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [typeFilter, setTypeFilter] = useState<string | null>(null);
  const customerId = scope.kind === 'tenant' ? null : scope.customerId;
  const publicCustomer = scope.kind === 'customer' && scope.customer?.additionalInfo?.isPublic === true;
  const customerTitle = scope.kind === 'customer' ? scope.customer?.title : undefined;

  const config = useMemo((): EntityTableConfig<AssetInfo, AssetValues> => {
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
    const makePublic: RowAction<AssetInfo> = {
      id: 'makePublic',
      label: t('asset.make-public'),
      icon: <Public fontSize="small" />,
      isVisible: (a) => !isAssetAssigned(a),
      onAction: (a, context) =>
        confirmed(context, t('asset.make-public-title', { name: a.name }), t('asset.make-public-text'), () =>
          makeAssetPublic(http, a.id.id),
        ),
    };
    const assign: RowAction<AssetInfo> = {
      id: 'assignToCustomer',
      label: t('asset.assign-to-customer'),
      icon: <AssignmentInd fontSize="small" />,
      isVisible: (a) => !isAssetAssigned(a),
      onAction: (a, context) => setDialog({ kind: 'assign', assets: [a], context }),
    };
    const unassign: RowAction<AssetInfo> = {
      id: 'unassignFromCustomer',
      label: t('asset.unassign-from-customer'),
      icon: <AssignmentReturn fontSize="small" />,
      isVisible: (a) => isAssetAssigned(a) && !a.customerIsPublic,
      onAction: (a, context) =>
        confirmed(context, t('asset.unassign-title', { name: a.name }), t('asset.unassign-text'), () =>
          unassignAssetFromCustomer(http, a.id.id),
        ),
    };
    const makePrivate: RowAction<AssetInfo> = {
      id: 'makePrivate',
      label: t('asset.make-private'),
      icon: <Lock fontSize="small" />,
      isVisible: (a) => a.customerIsPublic,
      onAction: (a, context) =>
        confirmed(
          context,
          t('asset.make-private-title', { name: a.name }),
          t('asset.make-private-text'),
          () => unassignAssetFromCustomer(http, a.id.id),
        ),
    };
    const columns: EntityColumn<AssetInfo>[] = [
      { key: 'createdTime', label: t('entity.created-time'), kind: 'date', value: (a) => a.createdTime },
      { key: 'name', label: t('asset.name'), value: (a) => a.name },
      { key: 'type', label: t('asset.asset-type'), value: (a) => a.type },
      { key: 'label', label: t('asset.label'), value: (a) => a.label },
    ];
    if (tenant) {
      columns.push(
        {
          key: 'customerTitle',
          label: t('customer.customer'),
          value: (a) => (a.customerIsPublic ? '' : a.customerTitle),
        },
        {
          key: 'customerIsPublic',
          label: t('entity.public'),
          kind: 'boolean',
          sortable: false,
          value: (a) => a.customerIsPublic,
        },
      );
    }
    let title: string = t('asset.assets');
    if (scope.kind === 'customer') {
      title = publicCustomer
        ? t('customer.public-assets')
        : customerTitle === undefined
          ? t('customer.assets')
          : t('customer.scoped-title', { customer: customerTitle, entities: t('asset.assets') });
    }
    return {
      testId: 'assets',
      title,
      entityName: (a) => a.name,
      noEntitiesText: t('asset.no-assets-text'),
      queryKey: assetKeys.all,
      listKey: [listScope, typeFilter],
      fetchPage: (pageLink, signal) => getAssetInfos(http, listScope, typeFilter, pageLink, { signal }),
      headerFilter: <AssetTypeFilter value={typeFilter} onChange={setTypeFilter} />,
      columns,
      addDialogTitle: tenant ? t('asset.add') : undefined,
      addActions:
        scope.kind === 'customer'
          ? [
              {
                id: 'assignNewAsset',
                label: t('asset.assign-new-asset'),
                icon: <Add fontSize="small" />,
                onAction: (context) =>
                  setDialog({ kind: 'addToCustomer', customerId: scope.customerId, context }),
              },
            ]
          : tenant
            ? [
                {
                  id: 'importAssets',
                  label: t('asset.import'),
                  icon: <FileUpload fontSize="small" />,
                  onAction: (context) => setDialog({ kind: 'import', context }),
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
              id: 'assignAssets',
              label: t('asset.assign-assets'),
              icon: <AssignmentInd />,
              onAction: (assets, context) => setDialog({ kind: 'assign', assets, context }),
            },
          ]
        : scope.kind === 'customer'
          ? [
              {
                id: 'unassignAssets',
                label: t('asset.unassign-assets'),
                icon: <AssignmentReturn />,
                onAction: (assets, context) =>
                  confirmed(
                    context,
                    t('asset.unassign-assets-title', { count: assets.length }),
                    t('asset.unassign-assets-text'),
                    () => Promise.allSettled(assets.map((a) => unassignAssetFromCustomer(http, a.id.id))),
                  ),
              },
            ]
          : [],
      delete: tenant
        ? {
            run: (a) => deleteAsset(http, a.id.id),
            title: (a) => t('asset.delete-title', { name: a.name }),
            message: t('asset.delete-text'),
            bulkTitle: (count) => t('asset.delete-assets-title', { count }),
            bulkMessage: t('asset.delete-assets-text'),
          }
        : undefined,
      details: {
        load: (assetId, signal) => getAssetInfo(http, assetId, { signal }),
        toValues: assetValuesOf,
        save: (values, asset) => saveAsset(http, assetOfValues(values, asset)),
        render: (props) => <AssetForm {...props} />,
        isReadonly: () => scope.kind === 'customerUser',
        copyIdLabel: t('asset.copy-id'),
        tabs: entityDataTabs(t, {
          entityId: (a) => a.id,
          attributes: telemetryTabApi(http),
          relations: {
            api: relationsTabApi(http),
            targetTypes:
              RELATION_TARGET_TYPES[scope.kind === 'customerUser' ? 'CUSTOMER_USER' : 'TENANT_ADMIN'],
          },
          // The audit log is for tenant administrators only (reference console §4.1).
          auditLogs: scope.kind === 'customerUser' ? undefined : auditLogsTabSource(http, 'entity'),
        }),
      },
      detailsPagePath: (a) =>
        scope.kind === 'customer' ? `/customers/${scope.customerId}/assets/${a.id.id}` : `/assets/${a.id.id}`,
    };
  }, [t, http, scope, customerId, publicCustomer, customerTitle, typeFilter]);

  let dialogs: ReactNode = null;
  const close = () => setDialog(null);
  if (dialog?.kind === 'import') {
    dialogs = (
      <BulkImportWizard
        entityType="ASSET"
        title={t('asset.import')}
        importChunk={(request, signal) => bulkImport(http, 'ASSET', request, { signal })}
        onImported={() => dialog.context.refresh()}
        onClose={close}
      />
    );
  } else if (dialog?.kind === 'assign') {
    dialogs = (
      <AssignToCustomerDialog
        title={
          dialog.assets.length === 1
            ? t('asset.assign-asset-to-customer')
            : t('asset.assign-assets-to-customer', { count: dialog.assets.length })
        }
        text={t('asset.assign-to-customer-text')}
        customerQueryKey={[...customerKeys.all, 'assignable']}
        searchCustomers={(text, signal) =>
          findAssignableCustomers(http, text, signal).then((list) =>
            list.map((c) => ({ id: c.id.id, label: c.title })),
          )
        }
        onAssign={async (customer) => {
          await Promise.allSettled(
            dialog.assets.map((a) => assignAssetToCustomer(http, customer.id, a.id.id)),
          );
          dialog.context.refresh();
        }}
        onClose={close}
      />
    );
  } else if (dialog?.kind === 'addToCustomer') {
    dialogs = (
      <AddEntitiesDialog
        title={t('asset.assign-new-asset')}
        label={t('asset.assets')}
        queryKey={[...assetKeys.all, 'assignable']}
        search={(text, signal) =>
          getAssetInfos(
            http,
            { kind: 'tenant' },
            null,
            {
              pageSize: ASSET_SEARCH_PAGE_SIZE,
              page: 0,
              textSearch: text,
              sortOrder: { property: 'name', direction: 'ASC' },
            },
            { signal, ignoreLoading: true },
          )
            .then((page) => page.data.map((a) => ({ id: a.id.id, label: a.name })))
            .catch(() => [])
        }
        noOptionsText={(text) => (text ? t('asset.no-assets-matching', { text }) : t('asset.no-assets-text'))}
        onAdd={async (assets) => {
          await Promise.allSettled(assets.map((a) => assignAssetToCustomer(http, dialog.customerId, a.id)));
          dialog.context.refresh();
        }}
        onClose={close}
      />
    );
  }
  return { config, dialogs };
}
