import type { AssetInfo } from '@meridian/common';
import FileUpload from '@mui/icons-material/FileUpload';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  assetKeys,
  deleteAsset,
  getAssetInfo,
  getAssetInfos,
  makeAssetPublic,
  saveAsset,
  unassignAssetFromCustomer,
} from '../../api/assets';
import { auditLogsTabSource } from '../../api/audit-logs';
import { runBulkAction } from '../../api/bulk-actions';
import { bulkImport } from '../../api/bulk-import';
import { customerKeys, findAssignableCustomers } from '../../api/customers';
import { relationsTabApi } from '../../api/relations';
import { useLiveTelemetryTabApi } from '../../api/ws/live-telemetry';
import type { HttpClient } from '../../app/http/http-client';
import { useServices } from '../../app/services/useServices';
import { BulkImportWizard } from '../../components/bulk-import/BulkImportWizard';
import {
  type CustomerAssignableScope,
  type CustomerAssignableSource,
  useCustomerAssignable,
} from '../../components/entity-table/customer-assignable';
import { SubtypeFilter } from '../../components/entity-table/SubtypeFilter';
import type {
  EntityActionContext,
  EntityColumn,
  EntityTableConfig,
} from '../../components/entity-table/types';
import { entityDataTabs } from '../../components/entity-tabs/entity-data-tabs';
import { RELATION_TARGET_TYPES } from '../../components/entity-tabs/relations/types';
import { AssetForm, assetSubtypes } from './AssetForm';
import { type AssetValues, assetOfValues, assetValuesOf } from './asset-values';

/** Whose assets the table shows (reference console §3.5); see the devices scopes. */
export type AssetTableScope = CustomerAssignableScope;

type Dialog = { kind: 'import'; context: EntityActionContext };

const ASSETS_ASSIGNABLE: CustomerAssignableSource<AssetInfo, HttpClient> = {
  one: 'asset',
  many: 'assets',
  customerQueryKey: [...customerKeys.all, 'assignable'],
  findCustomers: findAssignableCustomers,
  searchTenant: (http, pageLink, options) => getAssetInfos(http, { kind: 'tenant' }, null, pageLink, options),
  queryKey: assetKeys.all,
  entityType: 'ASSET',
  bulk: runBulkAction,
  unassign: unassignAssetFromCustomer,
  makePublic: makeAssetPublic,
};

export function useAssetTable(scope: AssetTableScope): {
  config: EntityTableConfig<AssetInfo, AssetValues>;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const { http } = useServices();
  const telemetryTab = useLiveTelemetryTabApi();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [typeFilter, setTypeFilter] = useState<string | null>(null);
  const assignable = useCustomerAssignable(scope, ASSETS_ASSIGNABLE, http);

  const config = useMemo((): EntityTableConfig<AssetInfo, AssetValues> => {
    const { listScope } = assignable;
    const tenant = scope.kind === 'tenant';
    const columns: EntityColumn<AssetInfo>[] = [
      { key: 'createdTime', label: t('entity.created-time'), kind: 'date', value: (a) => a.createdTime },
      { key: 'name', label: t('asset.name'), value: (a) => a.name },
      { key: 'type', label: t('asset.asset-type'), value: (a) => a.type },
      { key: 'label', label: t('asset.label'), value: (a) => a.label },
      ...assignable.columns,
    ];
    return {
      testId: 'assets',
      title: assignable.title,
      entityName: (a) => a.name,
      noEntitiesText: t('asset.no-assets-text'),
      queryKey: assetKeys.all,
      listKey: [listScope, typeFilter],
      fetchPage: (pageLink, signal) => getAssetInfos(http, listScope, typeFilter, pageLink, { signal }),
      headerFilter: (
        <SubtypeFilter source={assetSubtypes(http)} value={typeFilter} onChange={setTypeFilter} />
      ),
      columns,
      addDialogTitle: tenant ? t('asset.add') : undefined,
      addActions: tenant
        ? [
            {
              id: 'importAssets',
              label: t('asset.import'),
              icon: <FileUpload fontSize="small" />,
              onAction: (context) => setDialog({ kind: 'import', context }),
            },
          ]
        : assignable.addActions,
      rowActions: assignable.rowActions,
      groupActions: assignable.groupActions,
      delete: tenant
        ? {
            run: (a) => deleteAsset(http, a.id.id),
            runMany: (selected) =>
              runBulkAction(
                http,
                'delete',
                selected.map((a) => a.id),
              ),
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
          attributes: telemetryTab,
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
  }, [t, http, telemetryTab, scope, assignable, typeFilter]);

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
  }
  // The dialogs are modal: one of them is open at a time.
  return { config, dialogs: dialogs ?? assignable.dialogs };
}
