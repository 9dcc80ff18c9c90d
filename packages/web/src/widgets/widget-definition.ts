import type {
  AlarmData,
  DataKey,
  Datasource,
  WidgetAction,
  WidgetConfig,
  WidgetType,
} from '@meridian/common';
import type { ComponentType } from 'react';
import type { AliasEntity } from '../dashboard/runtime/alias-resolution';
import type { RpcValueSource } from '../dashboard/runtime/rpc-target';
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
  /** An RPC widget's target (kind `rpc` only): the device its commands go to, if any. */
  rpc?: RpcTarget;
}

export interface RpcTarget {
  /** The first device of the first target alias; null when the widget has none. */
  device: AliasEntity | null;
  /** Public (read-only) viewers see the controls but cannot use them. */
  readOnly: boolean;
}

/**
 * What a widget type says of the data it takes (the reference's `self.typeParameters()` of its
 * controller script, with the reference's defaults when a field is missing): the config editor's
 * Data tab limits adding datasources and keys by it.
 */
export interface WidgetTypeParameters {
  /** How many datasources it takes; -1 = any number. */
  maxDatasources: number;
  /** How many keys each datasource takes; -1 = any number. */
  maxDataKeys: number;
  /** A datasource may have no keys (otherwise the editor asks for at least one). */
  dataKeysOptional: boolean;
  /** It shows one entity only (the first its alias resolves to). */
  singleEntity: boolean;
  /** It pages through its entities itself (tables). */
  hasDataPageLink: boolean;
  /** It warns when a page of entities holds more than it shows. */
  warnOnPageDataOverflow: boolean;
  /** A time window tick alone does not update it. */
  ignoreDataUpdateOnIntervalTick: boolean;
  /** It reads the dashboard state's parameters rather than entity data. */
  stateData: boolean;
}

/** The reference's type parameters of a widget type that states none (widget.service `typeParameters`). */
export const DEFAULT_TYPE_PARAMETERS: Readonly<WidgetTypeParameters> = {
  maxDatasources: -1,
  maxDataKeys: -1,
  dataKeysOptional: false,
  singleEntity: false,
  hasDataPageLink: false,
  warnOnPageDataOverflow: true,
  ignoreDataUpdateOnIntervalTick: false,
  stateData: false,
};

export interface WidgetDefinition {
  bundleAlias: string;
  typeAlias: string;
  /** Which data the runtime subscribes for it. */
  kind: WidgetType;
  /** An RPC widget's followed key (its data then holds the target device's value of it). */
  valueSource?: RpcValueSource;
  /**
   * A chart that draws its window at its width: its reads are downsampled on the server (decision
   * 0028). Tables and maps show every point and are not.
   */
  downsamples?: true;
  /**
   * Configured actions the widget performs itself (the entity admin tables' add, edit and delete):
   * they are left out of the actions the frame and the widget offer.
   */
  ownsAction?: (sourceId: string, action: WidgetAction) => boolean;
  /** The reference type's parameters that differ from {@link DEFAULT_TYPE_PARAMETERS}. */
  typeParameters?: Partial<WidgetTypeParameters>;
  /**
   * The action sources it raises besides the header button every widget has (`rowClick`,
   * `markerClick`...), named by the console's `widget-config.source-<id>` texts.
   */
  actionSources?: readonly string[];
  /** It says "nothing to show" in the widget's own words (`noDataDisplayMessage`) when it has no rows. */
  noDataMessage?: true;
  /** The component, in its own chunk. */
  load: () => Promise<ComponentType<WidgetProps>>;
}
