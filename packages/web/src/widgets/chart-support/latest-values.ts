import { dataKeyLabel, formatValue, numericValue, valueFormatOf } from '../../dashboard/runtime/format-value';
import type { WidgetProps } from '../widget-definition';
import { tooltipFormatterOf } from './chart-scripts';

/** One key's latest value of one entity, as the latest-value charts draw it. */
export interface LatestValue {
  name: string;
  value: number;
  color: string;
  /** The value with the key's decimals and units. */
  text: string;
  /** The flot `tooltipValueFormatter` of the value (its key's, else the widget's). */
  tooltipFormatter?: string;
}

/**
 * Each key's latest numeric value of each entity, with the key label (prefixed by the entity name
 * when the datasource has several) and colour; values that are not numbers are left out.
 */
export function latestValues({ config, data }: Pick<WidgetProps, 'config' | 'data'>): LatestValue[] {
  return data.flatMap((source) =>
    source.entities.flatMap((entity) =>
      source.dataKeys.flatMap((dataKey, index) => {
        const raw = entity.latest[index]?.value;
        const value = numericValue(raw);
        if (value === null) return [];
        const label = dataKeyLabel(dataKey);
        const name = source.entities.length > 1 ? `${entity.entity.name} ${label}` : label;
        const tooltipFormatter = tooltipFormatterOf(config.settings, dataKey.settings);
        return [
          {
            name,
            value,
            color: dataKey.color,
            text: formatValue(raw, valueFormatOf(dataKey, config)),
            ...(tooltipFormatter ? { tooltipFormatter } : {}),
          },
        ];
      }),
    ),
  );
}
