import { isJsonObject, type JsonObject } from '@meridian/common';
import { DEFAULT_COLUMNS, DEFAULT_MARGIN, DEFAULT_MOBILE_ROW_HEIGHT } from '../../runtime/restore-dashboard';
import type { LayoutRef } from '../config-edit';

/**
 * Edits of a state's layouts (reference §5.3 "Manage layouts") and of their grid settings (§5.1),
 * as immutable updates of the configuration JSON; keys this console does not know stay.
 */

type Json = Record<string, unknown>;
const objectOr = (value: unknown): Json => (isJsonObject(value) ? (value as Json) : {});

/** The background size modes of the reference, by the CSS value it saves. */
export const BACKGROUND_SIZE_MODES = ['100%', 'auto 100%', 'cover', 'contain', 'auto'] as const;
export type BackgroundSizeMode = (typeof BACKGROUND_SIZE_MODES)[number];

/** The grid settings as the settings form edits them. */
export interface GridSettingsForm {
  columns: number;
  margin: number;
  autoFillHeight: boolean;
  backgroundColor: string;
  backgroundImageUrl: string;
  backgroundSizeMode: BackgroundSizeMode;
  mobileAutoFillHeight: boolean;
  mobileRowHeight: number;
}

const numberOr = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

function layoutOf(configuration: JsonObject, ref: LayoutRef): Json {
  return objectOr(objectOr(objectOr(objectOr(configuration.states)[ref.stateId]).layouts)[ref.layoutId]);
}

/** The layout's grid settings, the reference's defaults where not saved. */
export function gridSettingsForm(configuration: JsonObject, ref: LayoutRef): GridSettingsForm {
  const grid = objectOr(layoutOf(configuration, ref).gridSettings);
  const margins = Array.isArray(grid.margins) ? grid.margins : [];
  const mode = BACKGROUND_SIZE_MODES.find((m) => m === grid.backgroundSizeMode) ?? '100%';
  return {
    columns: numberOr(grid.columns, DEFAULT_COLUMNS),
    margin: numberOr(grid.margin, numberOr(margins[0], DEFAULT_MARGIN)),
    autoFillHeight: grid.autoFillHeight === true,
    backgroundColor: typeof grid.backgroundColor === 'string' ? grid.backgroundColor : '',
    backgroundImageUrl: typeof grid.backgroundImageUrl === 'string' ? grid.backgroundImageUrl : '',
    backgroundSizeMode: mode,
    mobileAutoFillHeight: grid.mobileAutoFillHeight === true,
    mobileRowHeight: numberOr(grid.mobileRowHeight, DEFAULT_MOBILE_ROW_HEIGHT),
  };
}

/** The state's layouts with `layoutId` replaced by what `change` makes of it. */
function withLayout(
  configuration: JsonObject,
  ref: LayoutRef,
  change: (layout: Json) => Json | null,
): JsonObject {
  const states = objectOr(configuration.states);
  const state = objectOr(states[ref.stateId]);
  const { [ref.layoutId]: current, ...others } = objectOr(state.layouts);
  const changed = change(objectOr(current));
  const layouts = changed ? { ...objectOr(state.layouts), [ref.layoutId]: changed } : others;
  return { ...configuration, states: { ...states, [ref.stateId]: { ...state, layouts } } } as JsonObject;
}

/**
 * The layout with the grid settings of the form. Empty colour and image are removed; `margins`
 * (what the reference 3.x reads) follows the margin.
 */
export function setGridSettings(
  configuration: JsonObject,
  ref: LayoutRef,
  form: GridSettingsForm,
): JsonObject {
  return withLayout(configuration, ref, (layout) => {
    const { backgroundColor: _c, backgroundImageUrl: _i, ...grid } = objectOr(layout.gridSettings);
    const next: Json = {
      ...grid,
      columns: form.columns,
      margin: form.margin,
      autoFillHeight: form.autoFillHeight,
      backgroundSizeMode: form.backgroundSizeMode,
      mobileAutoFillHeight: form.mobileAutoFillHeight,
      mobileRowHeight: form.mobileRowHeight,
    };
    if (Array.isArray(grid.margins)) next.margins = [form.margin, form.margin];
    if (form.backgroundColor) next.backgroundColor = form.backgroundColor;
    if (form.backgroundImageUrl) next.backgroundImageUrl = form.backgroundImageUrl;
    return { ...layout, gridSettings: next };
  });
}

/** Whether the state has the right layout. */
export function hasRightLayout(configuration: JsonObject, stateId: string): boolean {
  return isJsonObject(objectOr(objectOr(objectOr(configuration.states)[stateId]).layouts).right);
}

/**
 * Adds an empty right layout (with the main layout's grid settings) or removes it; the widgets
 * only it showed go too.
 */
export function setRightLayout(configuration: JsonObject, stateId: string, on: boolean): JsonObject {
  const right: LayoutRef = { stateId, layoutId: 'right' };
  if (on) {
    if (hasRightLayout(configuration, stateId)) return configuration;
    const main = layoutOf(configuration, { stateId, layoutId: 'main' });
    const gridSettings = isJsonObject(main.gridSettings)
      ? main.gridSettings
      : { columns: DEFAULT_COLUMNS, margin: DEFAULT_MARGIN };
    return withLayout(configuration, right, () => ({ widgets: {}, gridSettings }));
  }
  const removed = withLayout(configuration, right, () => null);
  const shown = new Set<string>();
  for (const state of Object.values(objectOr(removed.states))) {
    for (const layout of Object.values(objectOr(objectOr(state).layouts))) {
      for (const id of Object.keys(objectOr(objectOr(layout).widgets))) shown.add(id);
    }
  }
  const widgets = Object.fromEntries(
    Object.entries(objectOr(removed.widgets)).filter(([id]) => shown.has(id)),
  );
  return { ...removed, widgets } as JsonObject;
}
