import { isJsonObject, type JsonValue, WIDGET_TYPES, type WidgetType } from '@meridian/common';
import type {
  DashboardLayout,
  DashboardModel,
  DashboardState,
  DashboardWidget,
  GridSettings,
  WidgetPosition,
} from './dashboard-model';

/**
 * The one door from saved dashboard JSON to the runtime model (PRACTICES 3): tolerant of missing or
 * malformed parts, so dashboards exported from the reference and hand-written ones both open.
 */

export const DEFAULT_COLUMNS = 24;
export const DEFAULT_MARGIN = 10;
export const DEFAULT_MOBILE_ROW_HEIGHT = 70;
/** The state a dashboard without states gets, as the reference creates it. */
export const DEFAULT_STATE_ID = 'default';

type Json = Record<string, unknown>;
const objectOr = (value: unknown): Json => (isJsonObject(value) ? (value as Json) : {});
const numberOr = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const stringOr = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);
const nullableNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** The background sizes the reference offers (fit width, fit height, cover, contain, original). */
const BACKGROUND_SIZES = ['100%', 'auto 100%', 'cover', 'contain', 'auto'];

function restoreGridSettings(saved: unknown): GridSettings {
  const grid = objectOr(saved);
  // The reference saves `margins: [x, y]` (3.x) or `margin` (later); one gap serves both axes here.
  const margins = Array.isArray(grid.margins) ? grid.margins : [];
  return {
    columns: Math.max(1, numberOr(grid.columns, DEFAULT_COLUMNS)),
    margin: Math.max(0, numberOr(grid.margin, numberOr(margins[0], DEFAULT_MARGIN))),
    backgroundColor: typeof grid.backgroundColor === 'string' ? grid.backgroundColor : null,
    backgroundImageUrl:
      typeof grid.backgroundImageUrl === 'string' && grid.backgroundImageUrl ? grid.backgroundImageUrl : null,
    backgroundSizeMode: BACKGROUND_SIZES.includes(grid.backgroundSizeMode as string)
      ? (grid.backgroundSizeMode as string)
      : '100%',
    autoFillHeight: grid.autoFillHeight === true,
    mobileAutoFillHeight: grid.mobileAutoFillHeight === true,
    mobileRowHeight: Math.max(1, numberOr(grid.mobileRowHeight, DEFAULT_MOBILE_ROW_HEIGHT)),
  };
}

function restorePosition(saved: unknown, widget: DashboardWidget | undefined): WidgetPosition {
  const position = objectOr(saved);
  return {
    sizeX: Math.max(1, numberOr(position.sizeX, widget?.sizeX ?? 8)),
    sizeY: Math.max(1, numberOr(position.sizeY, widget?.sizeY ?? 6)),
    row: Math.max(0, numberOr(position.row, 0)),
    col: Math.max(0, numberOr(position.col, 0)),
    mobileOrder: nullableNumber(position.mobileOrder) ?? nullableNumber(widget?.config.mobileOrder),
    mobileHeight: nullableNumber(position.mobileHeight) ?? nullableNumber(widget?.config.mobileHeight),
    ...(widget?.config.mobileHide === true ? { mobileHide: true } : {}),
  };
}

function restoreLayout(saved: unknown, widgets: Record<string, DashboardWidget>): DashboardLayout {
  const layout = objectOr(saved);
  const positions: Record<string, WidgetPosition> = {};
  for (const [id, position] of Object.entries(objectOr(layout.widgets))) {
    positions[id] = restorePosition(position, widgets[id]);
  }
  return { widgets: positions, gridSettings: restoreGridSettings(layout.gridSettings) };
}

function restoreWidget(id: string, saved: unknown): DashboardWidget {
  const widget = objectOr(saved);
  const type = WIDGET_TYPES.includes(widget.type as WidgetType) ? (widget.type as WidgetType) : 'latest';
  return {
    id: stringOr(widget.id, id),
    bundleAlias: stringOr(widget.bundleAlias, ''),
    typeAlias: stringOr(widget.typeAlias, ''),
    ...(typeof widget.isSystemType === 'boolean' ? { isSystemType: widget.isSystemType } : {}),
    type,
    sizeX: Math.max(1, numberOr(widget.sizeX, 8)),
    sizeY: Math.max(1, numberOr(widget.sizeY, 6)),
    config: objectOr(widget.config),
  };
}

/** A layout placing every widget where the widget itself says (dashboards saved before states). */
function layoutOfWidgets(savedWidgets: Json, widgets: Record<string, DashboardWidget>): DashboardLayout {
  const positions: Record<string, unknown> = {};
  for (const [id, saved] of Object.entries(savedWidgets)) {
    positions[id] = saved;
  }
  return restoreLayout({ widgets: positions }, widgets);
}

/** The runtime model of a dashboard's saved `configuration` (null or malformed gives an empty one). */
export function restoreDashboard(configuration: JsonValue | null | undefined): DashboardModel {
  const saved = objectOr(configuration);
  const savedWidgets = objectOr(saved.widgets);
  const widgets: Record<string, DashboardWidget> = {};
  for (const [id, widget] of Object.entries(savedWidgets)) {
    widgets[id] = restoreWidget(id, widget);
  }
  const states: Record<string, DashboardState> = {};
  for (const [id, state] of Object.entries(objectOr(saved.states))) {
    const fields = objectOr(state);
    const layouts = objectOr(fields.layouts);
    states[id] = {
      id,
      name: stringOr(fields.name, id),
      root: fields.root === true,
      layouts: {
        main: restoreLayout(layouts.main, widgets),
        ...(isJsonObject(layouts.right) ? { right: restoreLayout(layouts.right, widgets) } : {}),
      },
    };
  }
  if (Object.keys(states).length === 0) {
    states[DEFAULT_STATE_ID] = {
      id: DEFAULT_STATE_ID,
      name: stringOr(saved.title, DEFAULT_STATE_ID),
      root: true,
      layouts: { main: layoutOfWidgets(savedWidgets, widgets) },
    };
  }
  const settings = objectOr(saved.settings);
  return {
    widgets,
    states,
    entityAliases: objectOr(saved.entityAliases) as DashboardModel['entityAliases'],
    filters: objectOr(saved.filters) as DashboardModel['filters'],
    timewindow: isJsonObject(saved.timewindow)
      ? (saved.timewindow as DashboardModel['timewindow'])
      : undefined,
    settings: {
      stateControllerId: settings.stateControllerId === 'default' ? 'default' : 'entity',
      showTitle: settings.showTitle !== false,
      titleColor: typeof settings.titleColor === 'string' ? settings.titleColor : null,
      dashboardLogoUrl:
        settings.showDashboardLogo === true &&
        typeof settings.dashboardLogoUrl === 'string' &&
        settings.dashboardLogoUrl
          ? settings.dashboardLogoUrl
          : null,
      hideToolbar: settings.hideToolbar === true,
      showDashboardsSelect: settings.showDashboardsSelect !== false,
      showEntitiesSelect: settings.showEntitiesSelect !== false,
      showFilters: settings.showFilters !== false,
      showDashboardTimewindow: settings.showDashboardTimewindow !== false,
      showDashboardExport: settings.showDashboardExport !== false,
      showUpdateDashboardImage: settings.showUpdateDashboardImage !== false,
    },
  };
}

/** The root state's id: the state marked root, else the first one. */
export function rootStateId(model: DashboardModel): string {
  const states = Object.values(model.states);
  return (states.find((state) => state.root) ?? states[0])?.id ?? DEFAULT_STATE_ID;
}
