import { isJsonObject, type JsonObject } from '@meridian/common';
import type { WidgetDefinition } from '../../../widgets/widget-definition';

/**
 * The widget actions the config editor offers (reference §5.4 "Actions"), limited to what this
 * console's viewer runs: the action sources its widgets raise and the action types it executes.
 */

/** Action types the viewer executes (dashboard/actions: RUNNABLE less the HTML template one it only warns about). */
export const EDITABLE_ACTION_TYPES = [
  'openDashboardState',
  'updateDashboardState',
  'openDashboard',
  'custom',
] as const;
export type EditableActionType = (typeof EDITABLE_ACTION_TYPES)[number];

/** Argument names of a custom action function (reference signature). */
export const CUSTOM_ACTION_ARGS = [
  '$event',
  'widgetContext',
  'entityId',
  'entityName',
  'additionalParams',
  'entityLabel',
] as const;

/**
 * An action source the Actions tab offers. Native sources are named by the console's
 * `widget-config.source-<id>` texts; a custom widget type names its own (`name`).
 */
export interface ActionSourceOption {
  id: string;
  name?: string;
  /** At most one action (the reference's `multiple: false`): a row click does one thing. */
  single?: true;
}

/** Native sources of the reference that take one action each. */
const SINGLE_ACTION_SOURCES = new Set(['rowClick', 'rowDoubleClick', 'markerClick', 'polygonClick']);

/** How a source is named in the tab and the dialog. */
export function actionSourceLabel(source: ActionSourceOption, t: (key: string) => string): string {
  return source.name ?? t(`widget-config.source-${source.id}`);
}

/**
 * The action sources a widget raises: the header button for all, then those of its native
 * definition (rows and cells of tables, markers of maps) or of its custom type's `actionSources()`.
 */
export function actionSourcesOf(
  definition: Pick<WidgetDefinition, 'actionSources'> | undefined,
  custom: readonly { id: string; name: string; multiple?: boolean }[] = [],
): ActionSourceOption[] {
  const own: ActionSourceOption[] = definition
    ? (definition.actionSources ?? []).map((id) =>
        SINGLE_ACTION_SOURCES.has(id) ? { id, single: true } : { id },
      )
    : custom.map(({ id, name, multiple }) =>
        multiple === false ? { id, name, single: true } : { id, name },
      );
  return [{ id: 'headerButton' }, ...own.filter((source) => source.id !== 'headerButton')];
}

/**
 * The sources the action dialog offers: a single-action source that has its action already is left
 * out, unless it is that action being edited.
 */
export function offeredActionSources(
  config: JsonObject,
  sources: readonly ActionSourceOption[],
  editedSourceId: string | null,
): ActionSourceOption[] {
  const actions = isJsonObject(config.actions) ? config.actions : {};
  return sources.filter((source) => {
    if (!source.single || source.id === editedSourceId) return true;
    const list = actions[source.id];
    return !Array.isArray(list) || list.length === 0;
  });
}

/** One action of the list, with the source it belongs to and its place there. */
export interface ActionEntry {
  sourceId: string;
  index: number;
  action: JsonObject;
}

/** The widget's actions, source by source in `sources` order, then those of other sources as saved. */
export function actionEntries(config: JsonObject, sources: readonly ActionSourceOption[]): ActionEntry[] {
  const actions = isJsonObject(config.actions) ? config.actions : {};
  const ids = sources.map((source) => source.id);
  const order = [...ids, ...Object.keys(actions).filter((id) => !ids.includes(id))];
  return order.flatMap((sourceId) => {
    const list = actions[sourceId];
    return Array.isArray(list)
      ? list.flatMap((action, index) => (isJsonObject(action) ? [{ sourceId, index, action }] : []))
      : [];
  });
}

/**
 * The config with an action saved: `previous` (its old place, if it is an edit) is removed, and
 * the action goes to its source's list (at its old place when the source did not change).
 */
export function withAction(
  config: JsonObject,
  action: JsonObject,
  sourceId: string,
  previous: { sourceId: string; index: number } | null,
): JsonObject {
  const actions: Record<string, JsonObject[]> = {};
  for (const [id, list] of Object.entries(isJsonObject(config.actions) ? config.actions : {})) {
    actions[id] = Array.isArray(list) ? (list.filter(isJsonObject) as JsonObject[]) : [];
  }
  if (previous && previous.sourceId === sourceId) {
    actions[sourceId] = (actions[sourceId] ?? []).map((a, i) => (i === previous.index ? action : a));
  } else {
    if (previous)
      actions[previous.sourceId] = (actions[previous.sourceId] ?? []).filter((_a, i) => i !== previous.index);
    actions[sourceId] = [...(actions[sourceId] ?? []), action];
  }
  return { ...config, actions };
}

/** The config without the action at `index` of `sourceId`. */
export function withoutAction(config: JsonObject, sourceId: string, index: number): JsonObject {
  const actions = isJsonObject(config.actions) ? config.actions : {};
  const list = Array.isArray(actions[sourceId]) ? actions[sourceId] : [];
  return { ...config, actions: { ...actions, [sourceId]: list.filter((_a, i) => i !== index) } };
}
