import { isJsonObject, type JsonObject, type JsonValue } from '@meridian/common';
import { DEFAULT_COLUMNS, DEFAULT_MARGIN, DEFAULT_STATE_ID } from '../runtime/restore-dashboard';
import { type CellBox, firstFreePlace, scaledSize } from './grid-edit';

/**
 * Edits of a dashboard's saved `configuration`, as immutable updates of its JSON: the editor keeps
 * the JSON (not the viewer's model) so that keys this console does not know survive a save, and
 * the widgets it does not touch keep their objects (their subscriptions stay as they are).
 */

type Json = Record<string, unknown>;
const objectOr = (value: unknown): Json => (isJsonObject(value) ? (value as Json) : {});
const numberOr = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

export type LayoutId = 'main' | 'right';

/** One layout of one state: where the editor adds, moves and removes widgets. */
export interface LayoutRef {
  stateId: string;
  layoutId: LayoutId;
}

/**
 * The configuration ready to edit: a `widgets` map and at least one state. A dashboard saved
 * without states (or created empty) gets the default root state, its widgets placed where they
 * say, as the viewer shows them.
 */
export function editableConfiguration(
  configuration: JsonValue | null | undefined,
  title: string,
): JsonObject {
  const saved = objectOr(configuration);
  const widgets = objectOr(saved.widgets);
  if (Object.keys(objectOr(saved.states)).length > 0) return { ...saved, widgets } as JsonObject;
  const positions: Json = {};
  for (const [id, widget] of Object.entries(widgets)) {
    const w = objectOr(widget);
    positions[id] = {
      sizeX: numberOr(w.sizeX, 8),
      sizeY: numberOr(w.sizeY, 6),
      row: numberOr(w.row, 0),
      col: numberOr(w.col, 0),
    };
  }
  const main = { widgets: positions, gridSettings: { columns: DEFAULT_COLUMNS, margin: DEFAULT_MARGIN } };
  return {
    ...saved,
    widgets,
    states: { [DEFAULT_STATE_ID]: { name: title, root: true, layouts: { main } } },
  } as JsonObject;
}

/** The layout's widget positions as saved. */
export function layoutPositions(configuration: JsonObject, ref: LayoutRef): Record<string, CellBox> {
  const layout = rawLayout(configuration, ref);
  const boxes: Record<string, CellBox> = {};
  for (const [id, saved] of Object.entries(objectOr(layout.widgets))) {
    const p = objectOr(saved);
    boxes[id] = {
      row: numberOr(p.row, 0),
      col: numberOr(p.col, 0),
      sizeX: numberOr(p.sizeX, 8),
      sizeY: numberOr(p.sizeY, 6),
    };
  }
  return boxes;
}

/** The layout's columns (grid settings, else the reference's 24). */
export function layoutColumns(configuration: JsonObject, ref: LayoutRef): number {
  return Math.max(1, numberOr(objectOr(rawLayout(configuration, ref).gridSettings).columns, DEFAULT_COLUMNS));
}

function rawLayout(configuration: JsonObject, ref: LayoutRef): Json {
  const state = objectOr(objectOr(configuration.states)[ref.stateId]);
  return objectOr(objectOr(state.layouts)[ref.layoutId]);
}

/** The configuration with the layout's widget positions replaced by what `change` makes of them. */
function withLayoutWidgets(
  configuration: JsonObject,
  ref: LayoutRef,
  change: (positions: Json) => Json,
): JsonObject {
  const states = objectOr(configuration.states);
  const state = objectOr(states[ref.stateId]);
  const layouts = objectOr(state.layouts);
  const layout = objectOr(layouts[ref.layoutId]);
  const widgets = change(objectOr(layout.widgets));
  return {
    ...configuration,
    states: {
      ...states,
      [ref.stateId]: { ...state, layouts: { ...layouts, [ref.layoutId]: { ...layout, widgets } } },
    },
  } as JsonObject;
}

/** Moves or resizes a widget of the layout; the other keys of its position (mobile ones) stay. */
export function placeWidget(
  configuration: JsonObject,
  ref: LayoutRef,
  widgetId: string,
  box: CellBox,
): JsonObject {
  return withLayoutWidgets(configuration, ref, (positions) => ({
    ...positions,
    [widgetId]: { ...objectOr(positions[widgetId]), ...box },
  }));
}

/**
 * Adds a widget (its saved JSON, given the id `widgetId`) to the layout at the first free place.
 * `sizeColumns` is the grid its size was given for: the size is scaled to the layout's columns.
 */
export function addWidget(
  configuration: JsonObject,
  ref: LayoutRef,
  widget: JsonObject,
  widgetId: string,
  sizeColumns: number = DEFAULT_COLUMNS,
): JsonObject {
  const columns = layoutColumns(configuration, ref);
  const size = scaledSize(
    { sizeX: numberOr(widget.sizeX, 8), sizeY: numberOr(widget.sizeY, 6) },
    sizeColumns,
    columns,
  );
  const box = firstFreePlace(Object.values(layoutPositions(configuration, ref)), columns, size);
  const widgets = objectOr(configuration.widgets);
  const added = {
    ...configuration,
    widgets: { ...widgets, [widgetId]: { ...widget, id: widgetId } },
  } as JsonObject;
  return withLayoutWidgets(added, ref, (positions) => ({ ...positions, [widgetId]: box }));
}

/**
 * Removes a widget from the layout; the widget itself goes too unless another layout still shows
 * it (a reference copy), as the reference removes it.
 */
export function removeWidget(configuration: JsonObject, ref: LayoutRef, widgetId: string): JsonObject {
  const removed = withLayoutWidgets(configuration, ref, (positions) => {
    const { [widgetId]: _gone, ...rest } = positions;
    return rest;
  });
  const stillShown = Object.values(objectOr(removed.states)).some((state) =>
    Object.values(objectOr(objectOr(state).layouts)).some((layout) =>
      Object.hasOwn(objectOr(objectOr(layout).widgets), widgetId),
    ),
  );
  if (stillShown) return removed;
  const { [widgetId]: _widget, ...widgets } = objectOr(removed.widgets);
  return { ...removed, widgets } as JsonObject;
}

/** The widget's title as its header shows it, for dialogs naming it. */
export function widgetTitle(configuration: JsonObject, widgetId: string): string {
  const widget = objectOr(objectOr(configuration.widgets)[widgetId]);
  const title = objectOr(widget.config).title;
  return typeof title === 'string' ? title : '';
}

/** Whether the layout shows the widget. */
export function layoutHasWidget(configuration: JsonObject, ref: LayoutRef, widgetId: string): boolean {
  return Object.hasOwn(objectOr(rawLayout(configuration, ref).widgets), widgetId);
}

/**
 * Places the dashboard's widget `widgetId` in another layout too, at the first free place (the
 * reference's "Paste reference": one widget shown by several states or layouts, edited once). The
 * size is scaled from the grid of `sizeColumns` it was copied from. Nothing changes when the widget
 * is gone or the layout already shows it.
 */
export function addWidgetReference(
  configuration: JsonObject,
  ref: LayoutRef,
  widgetId: string,
  size: { sizeX: number; sizeY: number },
  sizeColumns: number,
): JsonObject {
  if (!isJsonObject(objectOr(configuration.widgets)[widgetId])) return configuration;
  if (layoutHasWidget(configuration, ref, widgetId)) return configuration;
  const columns = layoutColumns(configuration, ref);
  const box = firstFreePlace(
    Object.values(layoutPositions(configuration, ref)),
    columns,
    scaledSize(size, sizeColumns, columns),
  );
  return withLayoutWidgets(configuration, ref, (positions) => ({ ...positions, [widgetId]: box }));
}
