import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../i18n/useFormatters';
import { noDataMessageOf } from '../table-parts/no-data-message';
import { flag, pageSizeOf } from '../table-parts/table-model';
import { WidgetTable } from '../table-parts/WidgetTable';
import type { WidgetProps } from '../widget-definition';
import { timeseriesTableSelectors } from './selectors';
import { NEWEST_FIRST, timeseriesTables } from './timeseries-table-model';

/**
 * The reference's `cards.timeseries_table`: the points of the time window, one row per timestamp,
 * newest first (`showTimestamp`, `showMilliseconds`), paged and searchable; one tab per entity when
 * the datasources have several.
 */
export function TimeseriesTableWidget({ config, data }: WidgetProps) {
  const { t } = useTranslation();
  const formats = useFormatters();
  const settings = config.settings ?? {};
  const milliseconds = flag(settings.showMilliseconds, false);
  const tables = useMemo(
    () =>
      timeseriesTables(
        { config, data },
        {
          timestamp: t('dashboard-viewer.timestamp'),
          formatTs: milliseconds ? formats.dateTimeMs : formats.dateTime,
        },
      ),
    [config, data, t, formats, milliseconds],
  );
  const [selected, setSelected] = useState(0);
  const index = Math.min(selected, tables.length - 1);
  const table = tables[index];
  if (!table) return null;
  return (
    <WidgetTable
      noDataMessage={noDataMessageOf(config)}
      key={table.id}
      columns={table.columns}
      rows={table.rows}
      defaultSort={NEWEST_FIRST}
      scripts={table.scripts}
      enableSearch={flag(settings.enableSearch, true)}
      displayPagination={flag(settings.displayPagination, true)}
      pageSize={pageSizeOf(settings.defaultPageSize)}
      stickyHeader={!flag(settings.disableStickyHeader, false) && flag(settings.enableStickyHeader, true)}
      header={
        tables.length > 1 && (
          <Tabs
            value={index}
            onChange={(_event, value: number) => setSelected(value)}
            variant="scrollable"
            scrollButtons="auto"
            sx={{ minHeight: 36, flexShrink: 0 }}
            data-testid={timeseriesTableSelectors.tabs}
          >
            {tables.map((tab) => (
              <Tab key={tab.id} label={tab.title} sx={{ minHeight: 36, py: 0.5 }} />
            ))}
          </Tabs>
        )
      }
    />
  );
}
