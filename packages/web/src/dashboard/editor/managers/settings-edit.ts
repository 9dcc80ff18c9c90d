import { isJsonObject, type JsonObject, type Timewindow } from '@meridian/common';

/**
 * Edits of the dashboard's `settings` (reference §5.1) and `timewindow`, as immutable updates of the
 * configuration JSON. Only the keys this console honours are edited; the others stay as saved.
 */

type Json = Record<string, unknown>;
const objectOr = (value: unknown): Json => (isJsonObject(value) ? (value as Json) : {});

/** The dashboard settings the settings dialog edits (the ones the viewer honours). */
export interface DashboardSettingsForm {
  stateControllerId: 'entity' | 'default';
  showTitle: boolean;
  titleColor: string;
  showDashboardLogo: boolean;
  dashboardLogoUrl: string;
  hideToolbar: boolean;
  showDashboardsSelect: boolean;
  showEntitiesSelect: boolean;
  showFilters: boolean;
  showDashboardTimewindow: boolean;
  showDashboardExport: boolean;
  showUpdateDashboardImage: boolean;
}

/** The saved settings, the reference's defaults where not saved. */
export function dashboardSettingsForm(configuration: JsonObject): DashboardSettingsForm {
  const s = objectOr(configuration.settings);
  const shown = (key: string) => s[key] !== false;
  return {
    stateControllerId: s.stateControllerId === 'default' ? 'default' : 'entity',
    showTitle: shown('showTitle'),
    titleColor: typeof s.titleColor === 'string' ? s.titleColor : '',
    showDashboardLogo: s.showDashboardLogo === true,
    dashboardLogoUrl: typeof s.dashboardLogoUrl === 'string' ? s.dashboardLogoUrl : '',
    hideToolbar: s.hideToolbar === true,
    showDashboardsSelect: shown('showDashboardsSelect'),
    showEntitiesSelect: shown('showEntitiesSelect'),
    showFilters: shown('showFilters'),
    showDashboardTimewindow: shown('showDashboardTimewindow'),
    showDashboardExport: shown('showDashboardExport'),
    showUpdateDashboardImage: shown('showUpdateDashboardImage'),
  };
}

/** The configuration with the form's settings; an empty title colour or logo URL is removed. */
export function setDashboardSettings(configuration: JsonObject, form: DashboardSettingsForm): JsonObject {
  const { titleColor: _c, dashboardLogoUrl: _l, ...saved } = objectOr(configuration.settings);
  const { titleColor, dashboardLogoUrl, ...flags } = form;
  const settings: Json = { ...saved, ...flags };
  if (titleColor) settings.titleColor = titleColor;
  if (dashboardLogoUrl) settings.dashboardLogoUrl = dashboardLogoUrl;
  return { ...configuration, settings } as JsonObject;
}

/** The time-window sections the author may hide from viewers (reference §5.5). */
export const TIMEWINDOW_HIDE_FLAGS = [
  'hideInterval',
  'hideAggregation',
  'hideAggInterval',
  'hideTimezone',
] as const;
export type TimewindowHideFlag = (typeof TIMEWINDOW_HIDE_FLAGS)[number];

/** The dashboard's time window as saved. */
export function dashboardTimewindow(configuration: JsonObject): Timewindow | undefined {
  return isJsonObject(configuration.timewindow) ? (configuration.timewindow as Timewindow) : undefined;
}

/**
 * The configuration with the time window the author picked; the hide flags of the saved one stay
 * (the panel the author used does not offer them).
 */
export function setDashboardTimewindow(configuration: JsonObject, timewindow: Timewindow): JsonObject {
  const saved = objectOr(configuration.timewindow);
  const kept: Json = {};
  for (const flag of TIMEWINDOW_HIDE_FLAGS) if (flag in saved) kept[flag] = saved[flag];
  return { ...configuration, timewindow: { ...timewindow, ...kept } } as unknown as JsonObject;
}

/** The configuration with the time window's hide flags set as given. */
export function setTimewindowHideFlags(
  configuration: JsonObject,
  flags: Record<TimewindowHideFlag, boolean>,
): JsonObject {
  return { ...configuration, timewindow: { ...objectOr(configuration.timewindow), ...flags } } as JsonObject;
}

/**
 * The time window without its hide flags: what the author's panel shows, every section offered
 * (the flags hide sections from viewers, not from the author).
 */
export function withoutHideFlags(timewindow: Timewindow | undefined): Timewindow | undefined {
  if (!timewindow) return timewindow;
  const {
    hideInterval: _i,
    hideAggregation: _a,
    hideAggInterval: _g,
    hideTimezone: _z,
    ...rest
  } = timewindow;
  return rest;
}
