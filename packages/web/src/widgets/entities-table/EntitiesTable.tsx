import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { entityTypeLabel } from '../../components/entity-tabs/entity-type-labels';
import { useWidgetActions } from '../../dashboard/actions/widget-actions-context';
import { noDataMessageOf } from '../table-parts/no-data-message';
import { RowActionButtons } from '../table-parts/RowActionButtons';
import { flag, pageSizeOf, type TableRow } from '../table-parts/table-model';
import { WidgetTable } from '../table-parts/WidgetTable';
import type { WidgetProps } from '../widget-definition';
import { entitiesTable } from './entities-table-model';

export interface EntitiesTableProps extends Pick<WidgetProps, 'config' | 'data'> {
  /** Buttons of the widget itself at the end of the search bar (the admin tables' "Add"). */
  toolbar?: ReactNode;
  /** Buttons of the widget itself in each row, after the configured action cell buttons. */
  ownRowActions?: (row: TableRow) => ReactNode;
}

/**
 * The entities table the reference's `cards.entities_table` and the entity admin tables share: the
 * entities of the datasources' aliases with their latest values, searchable (`enableSearch`),
 * sorted (`defaultSortOrder`) and paged (`displayPagination`, `defaultPageSize`), with its widget
 * actions: action cell buttons, row click and row double click, each on the row's entity.
 */
export function EntitiesTable({ config, data, toolbar, ownRowActions }: EntitiesTableProps) {
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
  const actions = useWidgetActions();
  const cellActions = actions.of('actionCellButton');
  const [rowClick] = actions.of('rowClick');
  const [rowDoubleClick] = actions.of('rowDoubleClick');
  const hasRowActions = cellActions.length > 0 || ownRowActions !== undefined;
  return (
    <WidgetTable
      noDataMessage={noDataMessageOf(config)}
      columns={table.columns}
      rows={table.rows}
      defaultSort={table.defaultSort}
      scripts={table.scripts}
      enableSearch={flag(settings.enableSearch, true)}
      displayPagination={flag(settings.displayPagination, true)}
      pageSize={pageSizeOf(settings.defaultPageSize)}
      stickyHeader={flag(settings.enableStickyHeader, true)}
      toolbar={toolbar}
      rowActions={
        hasRowActions
          ? (row) => (
              <>
                <RowActionButtons actions={cellActions} target={row.target ?? {}} run={actions.run} />
                {ownRowActions?.(row)}
              </>
            )
          : undefined
      }
      onRowClick={rowClick && ((row, element) => actions.run(rowClick, row.target ?? {}, element))}
      onRowDoubleClick={
        rowDoubleClick && ((row, element) => actions.run(rowDoubleClick, row.target ?? {}, element))
      }
    />
  );
}
