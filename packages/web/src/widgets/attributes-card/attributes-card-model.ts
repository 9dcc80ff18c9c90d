import { dataKeyLabel, formatValue, valueFormatOf } from '../../dashboard/runtime/format-value';
import type { WidgetProps } from '../widget-definition';

/**
 * The reference's `cards.attributes_card` as data: one section per entity of each datasource, its
 * name as the title and each data key's label beside its latest value (key units and decimals,
 * else the widget's).
 */

export interface AttributesCardSection {
  id: string;
  title: string;
  rows: { id: string; label: string; value: string }[];
}

export function attributesCardSections({ config, data }: Pick<WidgetProps, 'config' | 'data'>) {
  const sections: AttributesCardSection[] = [];
  data.forEach((source, sourceIndex) => {
    for (const values of source.entities) {
      const { entity } = values;
      sections.push({
        id: `${sourceIndex}:${entity.id.entityType}:${entity.id.id}`,
        title: entity.name,
        rows: source.dataKeys.map((dataKey, index) => ({
          id: `${index}:${dataKey.type}:${dataKey.name}`,
          label: dataKeyLabel(dataKey),
          value: formatValue(values.latest[index]?.value, valueFormatOf(dataKey, config)),
        })),
      });
    }
  });
  return sections;
}
