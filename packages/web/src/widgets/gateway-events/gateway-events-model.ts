import type { TsValue } from '@meridian/common';
import { dataKeyLabel } from '../../dashboard/runtime/format-value';
import type { WidgetProps } from '../widget-definition';

/**
 * The reference's `gateway_widgets.attributes_card` ("Gateway events") as data: the latest value of
 * each data key whose name matches one of the `eventsReg` patterns (every key when there are none),
 * per entity of the datasources.
 */

export interface GatewayEvent {
  id: string;
  entity: string;
  key: string;
  value: string;
  ts: number | undefined;
}

/** The patterns of `eventsReg`; one that is not a valid expression matches nothing. */
export function eventPatterns(setting: unknown): RegExp[] | null {
  const sources = Array.isArray(setting)
    ? setting.filter((item): item is string => typeof item === 'string' && item !== '')
    : [];
  if (sources.length === 0) return null;
  return sources.flatMap((source) => {
    try {
      return [new RegExp(source)];
    } catch {
      return [];
    }
  });
}

export function isEventKey(name: string, patterns: RegExp[] | null): boolean {
  return patterns === null || patterns.some((pattern) => pattern.test(name));
}

const shown = (latest: TsValue | undefined) => (latest === undefined ? '' : String(latest.value));

export function gatewayEvents({ config, data }: Pick<WidgetProps, 'config' | 'data'>): GatewayEvent[] {
  const settings = (config.settings ?? {}) as Record<string, unknown>;
  const patterns = eventPatterns(settings.eventsReg);
  const events: GatewayEvent[] = [];
  data.forEach((source, sourceIndex) => {
    for (const values of source.entities) {
      source.dataKeys.forEach((dataKey, index) => {
        if (!isEventKey(dataKey.name, patterns)) return;
        const latest = values.latest[index];
        events.push({
          id: `${sourceIndex}:${values.entity.id.id}:${index}`,
          entity: values.entity.name,
          key: dataKeyLabel(dataKey),
          value: shown(latest),
          ts: latest?.ts,
        });
      });
    }
  });
  return events;
}
