import type { AlarmData, DataKey, Datasource, WidgetConfig, WidgetType } from '@meridian/common';
import type { ComponentType } from 'react';
import type { EntityValues } from '../dashboard/runtime/widget-data';

/**
 * The contract between the dashboard runtime and a widget (PRACTICES 1): the runtime resolves
 * aliases and subscribes; a widget only renders what it is given.
 */

/** One datasource's data as a widget gets it. */
export interface DatasourceData {
  datasource: Datasource;
  /** The keys this viewer can fetch (timeseries, attribute, entity field), in saved order. */
  dataKeys: DataKey[];
  /** One entry per entity the alias resolved to; the widget frame covers "no entity found". */
  entities: EntityValues[];
  /** An alarm widget's alarms of these entities, newest first (the `alarmSource` datasource). */
  alarms?: AlarmData[];
}

export interface WidgetProps {
  config: WidgetConfig;
  data: DatasourceData[];
  /** The time range a time-series widget shows, epoch ms. */
  range: { startTs: number; endTs: number };
}

export interface WidgetDefinition {
  bundleAlias: string;
  typeAlias: string;
  /** Which data the runtime subscribes for it. */
  kind: WidgetType;
  /** The component, in its own chunk. */
  load: () => Promise<ComponentType<WidgetProps>>;
}
