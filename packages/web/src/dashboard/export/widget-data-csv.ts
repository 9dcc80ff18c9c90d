import type { WidgetType } from '@meridian/common';
import { toDateTimeInput } from '../../i18n/date-time';
import type { DatasourceData } from '../../widgets/widget-definition';
import { dataKeyLabel } from '../runtime/format-value';

/** Column titles the export writes in the user's language. */
export interface CsvTexts {
  timestamp: string;
  entityName: string;
}

/** A time as the reference's export writes it: `yyyy-MM-dd HH:mm:ss`, local time. */
const timestampText = (ts: number) => toDateTimeInput(ts, 'seconds').replace('T', ' ');

/**
 * One CSV field: quoted when it holds a separator, quote or line break; text a spreadsheet would
 * run as a formula (`=`, `+`, `-`, `@` not followed by a number) is prefixed with `'`.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && Number.isNaN(Number(value)) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const csvLine = (fields: readonly string[]) => fields.map(csvField).join(',');

/**
 * A widget's data as CSV (reference "Export widget data"): for a time-series widget one row per
 * entity and timestamp with a column per key; otherwise one row per entity with each key's latest
 * value; for an alarm widget one row per alarm with its fields.
 */
export function widgetDataCsv(kind: WidgetType, data: readonly DatasourceData[], texts: CsvTexts): string {
  if (kind === 'alarm') return alarmsCsv(data);
  const labels = [...new Set(data.flatMap((source) => source.dataKeys.map(dataKeyLabel)))];
  const header =
    kind === 'timeseries' ? [texts.timestamp, texts.entityName, ...labels] : [texts.entityName, ...labels];
  const lines = [csvLine(header)];
  for (const source of data) {
    const columns = source.dataKeys.map((key) => labels.indexOf(dataKeyLabel(key)));
    for (const values of source.entities) {
      if (kind !== 'timeseries') {
        const row = labels.map(() => '');
        values.latest.forEach((point, index) => {
          const column = columns[index];
          if (point && column !== undefined) row[column] = point.value;
        });
        lines.push(csvLine([values.entity.name, ...row]));
        continue;
      }
      const byTs = new Map<number, string[]>();
      values.series.forEach((points, index) => {
        const column = columns[index];
        if (column === undefined) return;
        for (const point of points) {
          let row = byTs.get(point.ts);
          if (!row) {
            row = labels.map(() => '');
            byTs.set(point.ts, row);
          }
          row[column] = point.value;
        }
      });
      for (const ts of [...byTs.keys()].sort((a, b) => a - b)) {
        lines.push(csvLine([timestampText(ts), values.entity.name, ...(byTs.get(ts) ?? [])]));
      }
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** An alarm field as text: times as timestamps, objects as JSON. */
function alarmFieldText(name: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && /Time$|Ts$/.test(name)) return timestampText(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function alarmsCsv(data: readonly DatasourceData[]): string {
  const keys = data.flatMap((source) => source.dataKeys);
  const lines = [csvLine(keys.map(dataKeyLabel))];
  for (const source of data) {
    for (const alarm of source.alarms ?? []) {
      const fields = alarm as unknown as Record<string, unknown>;
      lines.push(csvLine(keys.map((key) => alarmFieldText(key.name, fields[key.name]))));
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
