import type { DataKey } from '@meridian/common';
import type { DatasourceData } from '../../widgets/widget-definition';
import type { FrameData, FrameDataKey, FrameDatasource } from './protocol';

/**
 * The console's widget data in the reference's shapes for `ctx.datasources` and `ctx.data`: as
 * the reference's subscription does, a datasource per resolved entity, and a data entry per key of
 * it with its points `[ts, value]` (the time window's points, or the latest value alone).
 */
export function frameDataOf(
  data: readonly DatasourceData[],
  mode: 'latest' | 'timeseries',
): { datasources: FrameDatasource[]; data: FrameData[]; alarms: unknown[] } {
  const datasources: FrameDatasource[] = [];
  const entries: FrameData[] = [];
  const alarms: unknown[] = [];
  for (const source of data) {
    if (source.alarms) alarms.push(...source.alarms);
    const dataKeys = source.dataKeys.map(frameKeyOf);
    for (const values of source.entities) {
      const datasourceIndex = datasources.length;
      datasources.push({
        type: source.datasource.type,
        name: values.entity.name,
        entityType: values.entity.id.entityType,
        entityId: values.entity.id.id,
        entityName: values.entity.name,
        entityLabel: values.entity.label,
        dataKeys,
      });
      dataKeys.forEach((_key, dataKeyIndex) => {
        const latest = values.latest[dataKeyIndex];
        const points =
          mode === 'timeseries'
            ? (values.series[dataKeyIndex] ?? []).map((point): [number, unknown] => [point.ts, point.value])
            : latest
              ? [[latest.ts, latest.value] as [number, unknown]]
              : [];
        entries.push({ datasourceIndex, dataKeyIndex, data: points });
      });
    }
  }
  return { datasources, data: entries, alarms };
}

function frameKeyOf(key: DataKey): FrameDataKey {
  return {
    name: key.name,
    type: key.type,
    label: key.label,
    color: key.color,
    ...(key.units ? { units: key.units } : {}),
    ...(typeof key.decimals === 'number' ? { decimals: key.decimals } : {}),
    settings: key.settings ?? {},
  };
}
