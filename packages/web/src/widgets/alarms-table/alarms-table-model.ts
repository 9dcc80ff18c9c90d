import type { AlarmData, DataKey, JsonObject } from '@meridian/common';
import { dataKeyLabel } from '../../dashboard/runtime/format-value';
import { type TableCell, type TableRow, text } from '../table-parts/table-model';
import { cellScriptsOf, rowStyleScriptOf, type TableScripts } from '../table-parts/table-scripts';
import type { WidgetTableColumn } from '../table-parts/WidgetTable';

/**
 * The reference's `alarm_widgets.alarms_table` as data: one row per alarm, one column per alarm
 * data key (created time, originator, type, severity, status, …), newest alarm first.
 */

/** The texts and formats the model needs from the catalogue. */
export interface AlarmsTableTexts {
  dateTime: (epochMs: number) => string;
  severity: (severity: string) => string;
  status: (status: string) => string;
  entityType: (entityType: string) => string;
}

const TIME_FIELDS: Record<string, keyof AlarmData> = {
  createdTime: 'createdTime',
  startTime: 'startTs',
  endTime: 'endTs',
  ackTime: 'ackTs',
  clearTime: 'clearTs',
};

/** A cell of an alarm field: shown text, sort value, and the raw value the cell's functions get. */
function alarmCell(alarm: AlarmData, key: string, texts: AlarmsTableTexts): TableCell {
  const timeField = TIME_FIELDS[key];
  if (timeField) {
    const ts = alarm[timeField];
    return typeof ts === 'number' && ts > 0
      ? { text: texts.dateTime(ts), sortValue: ts, value: ts }
      : { text: '', sortValue: undefined, value: ts ?? '' };
  }
  switch (key) {
    case 'originator':
      return {
        text: alarm.originatorName ?? '',
        sortValue: alarm.originatorName ?? undefined,
        value: alarm.originatorName ?? '',
      };
    case 'originatorType': {
      const type = texts.entityType(alarm.originator.entityType);
      return { text: type, sortValue: type, value: alarm.originator.entityType };
    }
    case 'severity': {
      const severity = texts.severity(alarm.severity);
      return { text: severity, sortValue: severity, value: alarm.severity };
    }
    case 'status': {
      const status = texts.status(alarm.status);
      return { text: status, sortValue: status, value: alarm.status };
    }
    default: {
      const value = (alarm as unknown as Record<string, unknown>)[key];
      if (value === undefined || value === null) return { text: '', sortValue: undefined, value: '' };
      const shown = typeof value === 'string' ? value : JSON.stringify(value);
      return { text: shown, sortValue: typeof value === 'number' ? value : shown, value };
    }
  }
}

const columnId = (dataKey: DataKey) => `alarm:${dataKey.name}`;

/** A data key's `columnWidth` when set (the reference's "0px" means automatic). */
function columnWidth(dataKey: DataKey): string | undefined {
  const width = text(dataKey.settings?.columnWidth)?.trim();
  return width && width !== '0px' ? width : undefined;
}

/**
 * The table of the alarms; `settings` (the widget's) give the row style function, and each data
 * key's settings its cell functions (`function (value, alarm, ctx)`, `function (alarm, ctx)`).
 */
export function alarmsTable(
  dataKeys: readonly DataKey[],
  alarms: readonly AlarmData[],
  texts: AlarmsTableTexts,
  settings: JsonObject = {},
): { columns: WidgetTableColumn[]; rows: TableRow[]; scripts: TableScripts } {
  const keys = dataKeys.filter((k) => k.settings?.defaultColumnVisibility !== 'hidden');
  const columns = keys.map((dataKey) => {
    const width = columnWidth(dataKey);
    return { id: columnId(dataKey), title: dataKeyLabel(dataKey), ...(width ? { width } : {}) };
  });
  const scripts: TableScripts = {
    cells: {},
    cellArgs: ['value', 'alarm', 'ctx'],
    rowArgs: ['alarm', 'ctx'],
    ctx: { settings },
  };
  const rowStyle = rowStyleScriptOf(settings);
  if (rowStyle) scripts.rowStyle = rowStyle;
  for (const dataKey of keys) {
    const functions = cellScriptsOf(dataKey.settings);
    if (functions) scripts.cells[columnId(dataKey)] = functions;
  }
  const rows = alarms.map((alarm) => ({
    id: alarm.id.id,
    cells: Object.fromEntries(keys.map((k) => [columnId(k), alarmCell(alarm, k.name, texts)])),
    scriptData: alarm as unknown as Record<string, unknown>,
  }));
  return { columns, rows, scripts };
}

/** The column `defaultSortOrder` names (a key name or label, `-` for descending). */
export function alarmColumnOf(dataKeys: readonly DataKey[], name: string): string | undefined {
  const key = dataKeys.find((k) => k.name === name) ?? dataKeys.find((k) => dataKeyLabel(k) === name);
  return key ? columnId(key) : undefined;
}
