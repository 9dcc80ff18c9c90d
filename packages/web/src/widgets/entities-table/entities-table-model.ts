import type { DataKey } from '@meridian/common';
import { dataKeyLabel, formatValue, valueFormatOf } from '../../dashboard/runtime/format-value';
import {
  flag,
  parseSortOrder,
  type SortOrder,
  type TableRow,
  text,
  valueCell,
} from '../table-parts/table-model';
import { cellScriptsOf, rowStyleScriptOf, type TableScripts } from '../table-parts/table-scripts';
import type { WidgetTableColumn } from '../table-parts/WidgetTable';
import type { WidgetProps } from '../widget-definition';

/**
 * The reference's `cards.entities_table` as data: one row per entity of the datasources, the
 * entity's name (label, type when the settings say so) and the latest value of each data key.
 */

export const ENTITY_NAME = 'entityName';
export const ENTITY_LABEL = 'entityLabel';
export const ENTITY_TYPE = 'entityType';

/** The texts the model needs from the catalogue. */
export interface EntitiesTableTexts {
  entityName: string;
  entityLabel: string;
  entityType: string;
  typeName: (entityType: string) => string;
}

export interface EntitiesTable {
  columns: WidgetTableColumn[];
  rows: TableRow[];
  defaultSort: SortOrder | undefined;
  /** The tenant's cell and row functions (`function (value, entity, ctx)`, `function (entity, ctx)`). */
  scripts: TableScripts;
}

const keyColumnId = (label: string) => `key:${label}`;

/** A data key's `columnWidth` when set (the reference's "0px" means automatic). */
function columnWidth(dataKey: DataKey): string | undefined {
  const width = text(dataKey.settings?.columnWidth)?.trim();
  return width && width !== '0px' ? width : undefined;
}

export function entitiesTable(
  { config, data }: Pick<WidgetProps, 'config' | 'data'>,
  texts: EntitiesTableTexts,
): EntitiesTable {
  const settings = config.settings ?? {};
  const columns: WidgetTableColumn[] = [];
  if (flag(settings.displayEntityName, true)) {
    columns.push({ id: ENTITY_NAME, title: text(settings.entityNameColumnTitle) ?? texts.entityName });
  }
  if (flag(settings.displayEntityLabel, false)) {
    columns.push({ id: ENTITY_LABEL, title: text(settings.entityLabelColumnTitle) ?? texts.entityLabel });
  }
  if (flag(settings.displayEntityType, true)) {
    columns.push({ id: ENTITY_TYPE, title: texts.entityType });
  }
  // Data keys of every datasource, one column per label (the reference's merge of datasources).
  const keyNames = new Map<string, string>();
  const scripts: TableScripts = {
    cells: {},
    cellArgs: ['value', 'entity', 'ctx'],
    rowArgs: ['entity', 'ctx'],
    ctx: { settings },
  };
  const rowStyle = rowStyleScriptOf(settings);
  if (rowStyle) scripts.rowStyle = rowStyle;
  for (const source of data) {
    for (const dataKey of source.dataKeys) {
      const label = dataKeyLabel(dataKey);
      if (keyNames.has(label) || dataKey.settings?.defaultColumnVisibility === 'hidden') continue;
      keyNames.set(label, dataKey.name);
      const functions = cellScriptsOf(dataKey.settings);
      if (functions) scripts.cells[keyColumnId(label)] = functions;
      const width = columnWidth(dataKey);
      columns.push({ id: keyColumnId(label), title: label, ...(width ? { width } : {}) });
    }
  }

  const rows = new Map<string, TableRow>();
  for (const source of data) {
    for (const values of source.entities) {
      const { entity } = values;
      const id = `${entity.id.entityType}:${entity.id.id}`;
      let row = rows.get(id);
      if (!row) {
        row = {
          id,
          target: { entityId: entity.id, entityName: entity.name, entityLabel: entity.label },
          // The reference's `entity` of cell and row functions: its fields and each key's value by label.
          scriptData: {
            id: entity.id,
            entityName: entity.name,
            entityLabel: entity.label,
            entityType: entity.id.entityType,
          },
          cells: {
            [ENTITY_NAME]: { text: entity.name, sortValue: entity.name },
            [ENTITY_LABEL]: { text: entity.label, sortValue: entity.label || undefined },
            [ENTITY_TYPE]: {
              text: texts.typeName(entity.id.entityType),
              sortValue: texts.typeName(entity.id.entityType),
            },
          },
        };
        rows.set(id, row);
      }
      source.dataKeys.forEach((dataKey, index) => {
        const label = dataKeyLabel(dataKey);
        const column = keyColumnId(label);
        const value = values.latest[index]?.value;
        if (value === undefined && row.cells[column]) return;
        row.cells[column] = valueCell(value, formatValue(value, valueFormatOf(dataKey, config)));
        if (row.scriptData) row.scriptData[label] = value ?? '';
      });
    }
  }

  const shown = new Set(columns.map((c) => c.id));
  const defaultSort = parseSortOrder(settings.defaultSortOrder ?? ENTITY_NAME, (name) => {
    if (name === ENTITY_NAME || name === ENTITY_LABEL || name === ENTITY_TYPE) {
      return shown.has(name) ? name : undefined;
    }
    // By label first, then by key name (the reference looks a column up the same way).
    const byLabel = keyColumnId(name);
    if (shown.has(byLabel)) return byLabel;
    const label = [...keyNames].find(([, keyName]) => keyName === name)?.[0];
    return label !== undefined ? keyColumnId(label) : undefined;
  });
  return { columns, rows: [...rows.values()], defaultSort, scripts };
}
