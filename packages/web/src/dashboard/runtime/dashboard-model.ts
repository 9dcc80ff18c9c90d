import type { DashboardFilter, EntityAlias, Timewindow, WidgetConfig, WidgetType } from '@meridian/common';

/**
 * The runtime model of a dashboard's `configuration` (reference console §5.1), after
 * {@link restoreDashboard} has filled what saved JSON may leave out. The saved JSON stays the source:
 * this model is read-only in the viewer.
 */

/** One widget as the dashboard stores it in `configuration.widgets`. */
export interface DashboardWidget {
  id: string;
  bundleAlias: string;
  typeAlias: string;
  /** Whether its type is in a system bundle (false: the tenant's own); custom widgets look it up so. */
  isSystemType?: boolean;
  type: WidgetType;
  sizeX: number;
  sizeY: number;
  config: WidgetConfig;
}

/** Where a layout places a widget, in grid cells. */
export interface WidgetPosition {
  sizeX: number;
  sizeY: number;
  row: number;
  col: number;
  mobileOrder: number | null;
  /** Rows on phones; null for the widget's own height. */
  mobileHeight: number | null;
  /** Left out of the phone stack (the widget's `mobileHide`). */
  mobileHide?: boolean;
}

/** A layout's grid (reference console §5.1 "Grid settings per layout"). */
export interface GridSettings {
  columns: number;
  /** Horizontal and vertical gap between widgets, px. */
  margin: number;
  backgroundColor: string | null;
  /** A picture behind the widgets, sized by `backgroundSizeMode` (a CSS background-size). */
  backgroundImageUrl: string | null;
  backgroundSizeMode: string;
  /** Stretch rows so the layout fills the viewport height. */
  autoFillHeight: boolean;
  mobileAutoFillHeight: boolean;
  /** Row height on phones, px. */
  mobileRowHeight: number;
}

export interface DashboardLayout {
  widgets: Record<string, WidgetPosition>;
  gridSettings: GridSettings;
}

export interface DashboardState {
  id: string;
  name: string;
  root: boolean;
  layouts: { main: DashboardLayout; right?: DashboardLayout };
}

/** Dashboard-level settings the viewer reads. */
export interface DashboardSettings {
  /** `entity`: opened states stack up as a breadcrumb; `default`: one state at a time, picked from a list. */
  stateControllerId: 'entity' | 'default';
  showTitle: boolean;
  titleColor: string | null;
  /** The logo shown before the title, when shown and set. */
  dashboardLogoUrl: string | null;
  hideToolbar: boolean;
  showDashboardsSelect: boolean;
  /** The entity aliases select (aliases showing one of several entities). */
  showEntitiesSelect: boolean;
  /** The filters button (filters with predicates viewers may change). */
  showFilters: boolean;
  showDashboardTimewindow: boolean;
  showDashboardExport: boolean;
  /** "Update dashboard image" for those who may save the dashboard. */
  showUpdateDashboardImage: boolean;
}

export interface DashboardModel {
  widgets: Record<string, DashboardWidget>;
  states: Record<string, DashboardState>;
  entityAliases: Record<string, EntityAlias>;
  /** Named key filters (`configuration.filters`), by id; datasources refer to them by `filterId`. */
  filters: Record<string, DashboardFilter>;
  /** The saved time window; undefined when the dashboard has none (the defaults apply). */
  timewindow: Timewindow | undefined;
  settings: DashboardSettings;
}
