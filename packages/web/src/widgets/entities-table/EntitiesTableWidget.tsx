import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { entityTypeLabel } from '../../components/entity-tabs/entity-type-labels';
import { flag, pageSizeOf } from '../table-parts/table-model';
import { WidgetTable } from '../table-parts/WidgetTable';
import type { WidgetProps } from '../widget-definition';
import { entitiesTable } from './entities-table-model';

/**
 * The reference's `cards.entities_table`: the entities of the datasources' aliases with their
 * latest values, searchable (`enableSearch`), sorted (`defaultSortOrder`) and paged
 * (`displayPagination`, `defaultPageSize`). Row and cell actions arrive with widget actions.
 */
export function EntitiesTableWidget({ config, data }: WidgetProps) {
  const { t } = useTranslation();
  const table = useMemo(
    () =>
      entitiesTable(
        { config, data },
        {
          entityName: t('dashboard-viewer.entity-name'),
          entityLabel: t('dashboard-viewer.entity-label'),
          entityType: t('dashboard-viewer.entity-type'),
          typeName: (type) => entityTypeLabel(t, type),
        },
      ),
    [config, data, t],
  );
  const settings = config.settings ?? {};
  return (
    <WidgetTable
      columns={table.columns}
      rows={table.rows}
      defaultSort={table.defaultSort}
      enableSearch={flag(settings.enableSearch, true)}
      displayPagination={flag(settings.displayPagination, true)}
      pageSize={pageSizeOf(settings.defaultPageSize)}
      stickyHeader={flag(settings.enableStickyHeader, true)}
    />
  );
}
