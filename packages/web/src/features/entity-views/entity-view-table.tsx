import type { EntityViewInfo } from '@meridian/common';
import { type ReactNode, useMemo, useState } from 'react';
import {
  deleteEntityView,
  entityViewKeys,
  getEntityViewInfo,
  getEntityViewInfos,
  makeEntityViewPublic,
  saveEntityView,
  unassignEntityViewFromCustomer,
} from '../../api/entity-views';
import type { CustomerAssignableScope } from '../../components/entity-table/customer-assignable';
import { SubtypeFilter } from '../../components/entity-table/SubtypeFilter';
import type { EntityColumn, EntityTableConfig } from '../../components/entity-table/types';
import {
  assignableDataTabs,
  assignableDetailsPath,
  assignableSource,
  createdAndNameColumns,
  tenantDelete,
  useAssignableTable,
} from '../assignable-entities/assignable-table-parts';
import { EntityViewForm, entityViewSubtypes } from './EntityViewForm';
import { type EntityViewValues, entityViewOfValues, entityViewValuesOf } from './entity-view-values';

/** Whose entity views the table shows (reference console §3.9); see the devices scopes. */
export type EntityViewTableScope = CustomerAssignableScope;

const ENTITY_VIEWS_ASSIGNABLE = assignableSource<EntityViewInfo>({
  one: 'entity-view',
  many: 'entity-views',
  searchTenant: (http, pageLink, options) =>
    getEntityViewInfos(http, { kind: 'tenant' }, null, pageLink, options),
  queryKey: entityViewKeys.all,
  entityType: 'ENTITY_VIEW',
  unassign: unassignEntityViewFromCustomer,
  makePublic: makeEntityViewPublic,
});

export function useEntityViewTable(scope: EntityViewTableScope): {
  config: EntityTableConfig<EntityViewInfo, EntityViewValues>;
  dialogs: ReactNode;
} {
  const { t, http, liveTabs, assignable } = useAssignableTable(scope, ENTITY_VIEWS_ASSIGNABLE);
  const [typeFilter, setTypeFilter] = useState<string | null>(null);

  const config = useMemo((): EntityTableConfig<EntityViewInfo, EntityViewValues> => {
    const { listScope } = assignable;
    const tenant = scope.kind === 'tenant';
    const columns: EntityColumn<EntityViewInfo>[] = [
      ...createdAndNameColumns(t, 'entity-view.name'),
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
      delete: tenantDelete(t, http, scope, deleteEntityView, {
        title: 'entity-view.delete-title',
        text: 'entity-view.delete-text',
        bulkTitle: 'entity-view.delete-entity-views-title',
        bulkText: 'entity-view.delete-entity-views-text',
      }),
      details: {
        load: (entityViewId, options) => getEntityViewInfo(http, entityViewId, options),
        toValues: entityViewValuesOf,
        save: (values, view) => saveEntityView(http, entityViewOfValues(values, view)),
        render: (props) => <EntityViewForm {...props} />,
        isReadonly: () => scope.kind === 'customerUser',
        copyIdLabel: t('entity-view.copy-id'),
        // The view's own server attributes, and the latest telemetry of its target within the
        // view's keys and time window (the server reads through to the target).
        tabs: assignableDataTabs(t, http, scope, liveTabs),
      },
      detailsPagePath: assignableDetailsPath(scope, 'entityViews'),
    };
  }, [t, http, liveTabs, scope, assignable, typeFilter]);

  return { config, dialogs: assignable.dialogs };
}
