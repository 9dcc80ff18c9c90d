import type { WidgetProps } from '../widget-definition';
import { EntitiesTable } from './EntitiesTable';

/** The reference's `cards.entities_table`. */
export function EntitiesTableWidget({ config, data }: WidgetProps) {
  return <EntitiesTable config={config} data={data} />;
}
