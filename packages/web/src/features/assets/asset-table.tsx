import type { AssetInfo } from '@meridian/common';
import { type ReactNode, useMemo, useState } from 'react';
import {
  assetKeys,
  deleteAsset,
  getAssetInfo,
  getAssetInfos,
  makeAssetPublic,
  saveAsset,
  unassignAssetFromCustomer,
} from '../../api/assets';
import type { CustomerAssignableScope } from '../../components/entity-table/customer-assignable';
import { SubtypeFilter } from '../../components/entity-table/SubtypeFilter';
import type {
  EntityActionContext,
  EntityColumn,
  EntityTableConfig,
} from '../../components/entity-table/types';
import {
  assignableDataTabs,
  assignableDetailsPath,
  assignableSource,
  createdAndNameColumns,
  ImportDialog,
  importAction,
  tenantDelete,
  useAssignableTable,
} from '../assignable-entities/assignable-table-parts';
import { AssetForm, assetSubtypes } from './AssetForm';
import { type AssetValues, assetOfValues, assetValuesOf } from './asset-values';

/** Whose assets the table shows (reference console §3.5); see the devices scopes. */
export type AssetTableScope = CustomerAssignableScope;

type Dialog = { kind: 'import'; context: EntityActionContext };

const ASSETS_ASSIGNABLE = assignableSource<AssetInfo>({
  one: 'asset',
  many: 'assets',
  searchTenant: (http, pageLink, options) => getAssetInfos(http, { kind: 'tenant' }, null, pageLink, options),
  queryKey: assetKeys.all,
  entityType: 'ASSET',
  unassign: unassignAssetFromCustomer,
  makePublic: makeAssetPublic,
});

export function useAssetTable(scope: AssetTableScope): {
  config: EntityTableConfig<AssetInfo, AssetValues>;
  dialogs: ReactNode;
} {
  const { t, http, liveTabs, assignable } = useAssignableTable(scope, ASSETS_ASSIGNABLE);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [typeFilter, setTypeFilter] = useState<string | null>(null);

  const config = useMemo((): EntityTableConfig<AssetInfo, AssetValues> => {
    const { listScope } = assignable;
    const tenant = scope.kind === 'tenant';
    const columns: EntityColumn<AssetInfo>[] = [
      ...createdAndNameColumns(t, 'asset.name'),
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
            importAction('importAssets', t('asset.import'), (context) =>
              setDialog({ kind: 'import', context }),
            ),
          ]
        : assignable.addActions,
      rowActions: assignable.rowActions,
      groupActions: assignable.groupActions,
      delete: tenantDelete(t, http, scope, deleteAsset, {
        title: 'asset.delete-title',
        text: 'asset.delete-text',
        bulkTitle: 'asset.delete-assets-title',
        bulkText: 'asset.delete-assets-text',
      }),
      details: {
        load: (assetId, options) => getAssetInfo(http, assetId, options),
        toValues: assetValuesOf,
        save: (values, asset) => saveAsset(http, assetOfValues(values, asset)),
        render: (props) => <AssetForm {...props} />,
        isReadonly: () => scope.kind === 'customerUser',
        copyIdLabel: t('asset.copy-id'),
        tabs: assignableDataTabs(t, http, scope, liveTabs),
      },
      detailsPagePath: assignableDetailsPath(scope, 'assets'),
    };
  }, [t, http, liveTabs, scope, assignable, typeFilter]);

  const dialogs =
    dialog?.kind === 'import' ? (
      <ImportDialog
        entityType="ASSET"
        title={t('asset.import')}
        context={dialog.context}
        onClose={() => setDialog(null)}
      />
    ) : null;
  // The dialogs are modal: one of them is open at a time.
  return { config, dialogs: dialogs ?? assignable.dialogs };
}
