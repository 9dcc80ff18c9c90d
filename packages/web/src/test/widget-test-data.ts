import type { DataKey, TsValue, WidgetConfig } from '@meridian/common';
import type { DatasourceData, WidgetProps } from '../widgets/widget-definition';

/** A data key as a widget test needs it. */
export const dataKey = (name: string, extra: Partial<DataKey> = {}): DataKey => ({
  name,
  type: 'timeseries',
  label: name,
  color: '#2196f3',
  ...extra,
});

/** One entity's data for a widget test: latest values and series per key, in key order. */
export function entityData(
  name: string,
  latest: (string | undefined)[],
  series: TsValue[][] = [],
): DatasourceData['entities'][number] {
  return {
    entity: { id: { entityType: 'DEVICE', id: `id-${name}` }, name, label: '' },
    latest: latest.map((value) => (value === undefined ? undefined : { ts: 1, value })),
    series: latest.map((_, i) => series[i] ?? []),
  };
}

/** Widget props of one entity datasource. */
export function widgetProps(
  dataKeys: DataKey[],
  entities: DatasourceData['entities'],
  config: WidgetConfig = {},
): WidgetProps {
  return {
    config,
    data: [{ datasource: { type: 'entity', dataKeys }, dataKeys, entities }],
    range: { startTs: 0, endTs: 100_000 },
  };
}

/** Props of an RPC widget whose target alias resolved to device `dev-1` (or to none). */
export function rpcWidgetProps(
  settings: WidgetConfig['settings'],
  options: { device?: boolean; readOnly?: boolean; latest?: string } = {},
): WidgetProps {
  const device =
    options.device === false
      ? null
      : { id: { entityType: 'DEVICE' as const, id: 'dev-1' }, name: 'Lamp', label: '' };
  const key = dataKey('value', { type: 'attribute' });
  const entities = device
    ? [
        {
          entity: device,
          latest: [options.latest === undefined ? undefined : { ts: 1, value: options.latest }],
          series: [[]],
        },
      ]
    : [];
  return {
    config: { settings },
    data: device ? [{ datasource: { type: 'entity', dataKeys: [key] }, dataKeys: [key], entities }] : [],
    range: { startTs: 0, endTs: 100_000 },
    rpc: { device, readOnly: options.readOnly === true },
  };
}
