import type { Datasource } from './datasource.js';
import type { TenantId, WidgetsBundleId, WidgetTypeId } from './entity-ids.js';
import { NULL_UUID } from './entity-types.js';
import type { JsonObject } from './json.js';
import type { Timewindow } from './timewindow.js';

/**
 * Widgets: kinds, the widget type record, widget config and actions (spec 2 §3 "Widgets"; reference
 * §1.5 WidgetsBundle, WidgetType).
 */

/** What data a widget consumes. */
export const WIDGET_TYPES = ['timeseries', 'latest', 'rpc', 'alarm', 'static'] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

/** Default grid size of a widget (columns × rows). */
export const DEFAULT_WIDGET_SIZE_X = 8;
export const DEFAULT_WIDGET_SIZE_Y = 6;
/** Decimals shown when a widget or key does not set them. */
export const DEFAULT_DECIMALS = 2;

/** Names of the placeholder widget types shown when a type is missing or fails to load (8×6). */
export const MISSING_WIDGET_TYPE_NAME = 'Widget type not found';
export const ERROR_WIDGET_TYPE_NAME = 'Error loading widget';

/** How a widget type is built and configured (`descriptor` JSON). */
export interface WidgetTypeDescriptor {
  type: WidgetType;
  sizeX: number;
  sizeY: number;
  resources: { url: string }[];
  templateHtml: string;
  templateCss: string;
  controllerScript: string;
  settingsSchema?: string;
  dataKeySettingsSchema?: string;
  defaultConfig: string;
  [key: string]: unknown;
}

/** A widget type as stored (reference §1.5 WidgetType); named Record to keep `WidgetType` for the kinds. */
export interface WidgetTypeRecord {
  id: WidgetTypeId;
  createdTime: number;
  tenantId: TenantId;
  bundleAlias: string;
  alias: string;
  name: string;
  descriptor: WidgetTypeDescriptor;
}

export interface WidgetTypeDetails extends WidgetTypeRecord {
  image: string | null;
  description: string | null;
}

/** Widget type list row; `widgetType` is the descriptor's type. */
export interface WidgetTypeInfo {
  id: WidgetTypeId;
  createdTime: number;
  tenantId: TenantId;
  bundleAlias: string;
  alias: string;
  name: string;
  image: string | null;
  description: string | null;
  widgetType: WidgetType;
}

/** A widgets bundle (no `name`: its label is `title`). */
export interface WidgetsBundle {
  id: WidgetsBundleId;
  createdTime: number;
  tenantId: TenantId;
  alias: string;
  title: string;
  image: string | null;
  description: string | null;
}

/** A bundle is system-level when its tenant id is the null UUID (spec 2 §3). */
export function isSystemWidgetsBundle(bundle: Pick<WidgetsBundle, 'tenantId'>): boolean {
  return bundle.tenantId.id === NULL_UUID;
}

export const WIDGET_ACTION_TYPES = [
  'openDashboardState',
  'updateDashboardState',
  'openDashboard',
  'custom',
  'customPretty',
  'mobileAction',
] as const;
export type WidgetActionType = (typeof WIDGET_ACTION_TYPES)[number];

export const WIDGET_MOBILE_ACTION_TYPES = [
  'takePictureFromGallery',
  'takePhoto',
  'mapDirection',
  'mapLocation',
  'scanQrCode',
  'makePhoneCall',
  'getLocation',
  'takeScreenshot',
] as const;
export type WidgetMobileActionType = (typeof WIDGET_MOBILE_ACTION_TYPES)[number];

export const LEGEND_DIRECTIONS = ['column', 'row'] as const;
export type LegendDirection = (typeof LEGEND_DIRECTIONS)[number];

export const LEGEND_POSITIONS = ['top', 'bottom', 'left', 'right'] as const;
export type LegendPosition = (typeof LEGEND_POSITIONS)[number];

/** Legend settings of chart widgets. */
export interface LegendConfig {
  direction: LegendDirection;
  position: LegendPosition;
  sortDataKeys: boolean;
  showMin: boolean;
  showMax: boolean;
  showAvg: boolean;
  showTotal: boolean;
}

/** A configured widget action (details vary with `type`). */
export interface WidgetAction {
  id?: string;
  name: string;
  icon?: string;
  type: WidgetActionType;
  targetDashboardStateId?: string | null;
  targetDashboardId?: string | null;
  openRightLayout?: boolean;
  setEntityId?: boolean;
  stateEntityParamName?: string | null;
  customFunction?: string;
  customHtml?: string;
  customCss?: string;
  mobileAction?: { type: WidgetMobileActionType } & JsonObject;
  [key: string]: unknown;
}

/** The main fields of a widget's `config`; widgets add their own `settings`. */
export interface WidgetConfig {
  title?: string;
  showTitle?: boolean;
  datasources?: Datasource[];
  settings?: JsonObject;
  units?: string | null;
  decimals?: number | null;
  useDashboardTimewindow?: boolean;
  displayTimewindow?: boolean;
  timewindow?: Timewindow;
  showLegend?: boolean;
  legendConfig?: LegendConfig;
  actions?: Record<string, WidgetAction[]>;
  [key: string]: unknown;
}
