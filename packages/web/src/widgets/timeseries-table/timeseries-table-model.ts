import { dataKeyLabel, formatValue, valueFormatOf } from '../../dashboard/runtime/format-value';
import { isSeriesKey } from '../../dashboard/runtime/series-keys';
import { flag, type SortOrder, type TableRow, valueCell } from '../table-parts/table-model';
import { cellScriptsOf, rowStyleScriptOf, type TableScripts } from '../table-parts/table-scripts';
import type { WidgetTableColumn } from '../table-parts/WidgetTable';
import type { WidgetProps } from '../widget-definition';

/**
 * The reference's `cards.timeseries_table` as data: one table per entity of the datasources (a tab
 * each), one row per timestamp of the time window with the value of each time-series key at it.
 */

export const TIMESTAMP = 'ts';

/** Newest first, as the reference opens it. */
export const NEWEST_FIRST: SortOrder = { column: TIMESTAMP, direction: 'desc' };

export interface TimeseriesTableTexts {
  timestamp: string;
  formatTs: (ts: number) => string;
}

export interface TimeseriesTable {
  id: string;
  /** The tab title: the entity's name, or its label with `useEntityLabel`. */
  title: string;
  columns: WidgetTableColumn[];
  rows: TableRow[];
  /** The tenant's cell and row functions (`function (value, rowData, ctx)`, `function (rowData, ctx)`). */
  scripts: TableScripts;
}

export function timeseriesTables(
  { config, data }: Pick<WidgetProps, 'config' | 'data'>,
  texts: TimeseriesTableTexts,
): TimeseriesTable[] {
  const settings = config.settings ?? {};
  const showTimestamp = flag(settings.showTimestamp, true);
  const useEntityLabel = flag(settings.useEntityLabel, false);
  const hideEmptyLines = flag(settings.hideEmptyLines, false);
  return data.flatMap((source, sourceIndex) => {
    const keys = source.dataKeys.flatMap((dataKey, index) =>
      isSeriesKey(dataKey) ? [{ dataKey, index, column: `key:${index}` }] : [],
    );
    const columns: WidgetTableColumn[] = [
      ...(showTimestamp ? [{ id: TIMESTAMP, title: texts.timestamp }] : []),
      ...keys.map(({ dataKey, column }) => ({ id: column, title: dataKeyLabel(dataKey) })),
    ];
    const scripts: TableScripts = {
      cells: {},
      cellArgs: ['value', 'rowData', 'ctx'],
      rowArgs: ['rowData', 'ctx'],
      ctx: { settings },
    };
    const rowStyle = rowStyleScriptOf(settings);
    if (rowStyle) scripts.rowStyle = rowStyle;
    for (const { dataKey, column } of keys) {
      const functions = cellScriptsOf(dataKey.settings);
      if (functions) scripts.cells[column] = functions;
    }
    return source.entities.map((values): TimeseriesTable => {
      const rows = new Map<number, TableRow>();
      for (const { dataKey, index, column } of keys) {
        const format = valueFormatOf(dataKey, config);
        for (const point of values.series[index] ?? []) {
          let row = rows.get(point.ts);
          if (!row) {
            row = {
              id: String(point.ts),
              cells: {
                [TIMESTAMP]: { text: texts.formatTs(point.ts), sortValue: point.ts, value: point.ts },
              },
              // The reference's `rowData`: the time and each key's value by label.
              scriptData: { Timestamp: point.ts },
            };
            rows.set(point.ts, row);
          }
          row.cells[column] = valueCell(point.value, formatValue(point.value, format));
          if (row.scriptData) row.scriptData[dataKeyLabel(dataKey)] = point.value;
        }
      }
      const shown = hideEmptyLines
        ? [...rows.values()].filter((row) => keys.some(({ column }) => row.cells[column]?.text))
        : [...rows.values()];
      const { entity } = values;
      return {
        id: `${sourceIndex}:${entity.id.entityType}:${entity.id.id}`,
        title: (useEntityLabel && entity.label) || entity.name,
        columns,
        rows: shown,
        scripts,
      };
    });
  });
}
