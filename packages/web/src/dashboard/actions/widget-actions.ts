// biome-ignore-all lint/suspicious/noTemplateCurlyInString: dashboard state names and patterns use ${...} placeholders
import type { EntityId, WidgetAction, WidgetActionType, WidgetConfig } from '@meridian/common';
import { encodeStateParam, type OpenedState, type StateParams } from '../runtime/state-param';

/**
 * Widget actions (reference console §5.2, §5.4 "Actions"): what a click on a widget's header
 * button, table row or cell button does to the dashboard's states. Pure rules; the viewer applies
 * the result.
 */

/** The entity a click was on (a table row, a marker). */
export interface ActionTarget {
  entityId?: EntityId;
  entityName?: string;
  entityLabel?: string;
}

/** How the dashboard moves between states (`settings.stateControllerId`). */
export type StateControllerId = 'entity' | 'default';

const RUNNABLE: readonly WidgetActionType[] = [
  'openDashboardState',
  'updateDashboardState',
  'openDashboard',
  'custom',
  'customPretty',
];

/**
 * The actions configured for one action source of a widget (`actionCellButton`, `rowClick`…),
 * without those the widget performs itself (`owns`, see WidgetDefinition.ownsAction).
 */
export function actionsOf(
  config: WidgetConfig,
  sourceId: string,
  owns?: (sourceId: string, action: WidgetAction) => boolean,
): WidgetAction[] {
  const configured = config.actions?.[sourceId];
  if (!Array.isArray(configured)) return [];
  return configured.filter(
    (action): action is WidgetAction =>
      typeof action === 'object' &&
      action !== null &&
      typeof action.name === 'string' &&
      RUNNABLE.includes(action.type) &&
      !owns?.(sourceId, action),
  );
}

/**
 * The state parameters an action opens its target with: the current ones, and with `setEntityId`
 * the clicked entity, either at the top or under `stateEntityParamName` (reference
 * `updateEntityParams`).
 */
export function actionStateParams(
  current: StateParams,
  action: WidgetAction,
  target: ActionTarget,
): StateParams {
  const params: StateParams = structuredClone(current);
  if (!action.setEntityId || !target.entityId) return params;
  const name = action.stateEntityParamName;
  let entityParams: StateParams = params;
  if (name) {
    const existing = params[name];
    entityParams =
      typeof existing === 'object' && existing !== null ? (existing as StateParams) : ({} as StateParams);
    params[name] = entityParams;
    params.targetEntityParamName = name;
  }
  entityParams.entityId = target.entityId;
  if (target.entityName) entityParams.entityName = target.entityName;
  if (target.entityLabel) entityParams.entityLabel = target.entityLabel;
  return params;
}

/**
 * The stack of opened states after opening (`push`) or updating (`replace`) a state. The entity
 * controller keeps a stack it shows as a breadcrumb; the default controller one state only.
 */
export function nextStates(
  controller: StateControllerId,
  opened: readonly OpenedState[],
  move: 'push' | 'replace',
  state: OpenedState,
): OpenedState[] {
  if (controller === 'default' || opened.length === 0) return [state];
  if (move === 'replace') return [...opened.slice(0, -1), state];
  return [...opened, state];
}

/** A custom action's request to open (push) or update (replace) a state (sandbox `DashboardCommand`). */
export interface StateCommand {
  type: 'openState' | 'updateState';
  /** Null for the current state. */
  id: string | null;
  params: unknown;
}

/** The stack after a custom action's state command; null when it names a state the dashboard lacks. */
export function commandStates(
  controller: StateControllerId,
  opened: readonly OpenedState[],
  command: StateCommand,
  stateIds: readonly string[],
): OpenedState[] | null {
  const id = command.id ?? opened.at(-1)?.id;
  if (!id || !stateIds.includes(id)) return null;
  const params =
    typeof command.params === 'object' && command.params !== null && !Array.isArray(command.params)
      ? (command.params as StateParams)
      : {};
  return nextStates(controller, opened, command.type === 'openState' ? 'push' : 'replace', { id, params });
}

/** A URL a custom action may navigate to: a path of this console, never another site. */
export function consolePath(url: string): string | null {
  return /^\/(?![/\\])/.test(url) ? url : null;
}

/** The URL of another dashboard opened by an `openDashboard` action. */
export function openDashboardUrl(
  action: WidgetAction,
  target: ActionTarget,
  fullScreen: boolean,
): string | null {
  if (!action.targetDashboardId) return null;
  const params = actionStateParams({}, action, target);
  // Without a target state the other dashboard opens its root state, with these parameters.
  const state = { id: action.targetDashboardStateId ?? '', params };
  const query = new URLSearchParams({ state: encodeStateParam([state]) });
  return `/${fullScreen ? 'dashboard' : 'dashboards'}/${action.targetDashboardId}?${query}`;
}

function entityField(params: StateParams, field: 'entityName' | 'entityLabel'): string {
  const targetName = params.targetEntityParamName;
  const source =
    typeof targetName === 'string' && typeof params[targetName] === 'object' && params[targetName] !== null
      ? (params[targetName] as StateParams)
      : params;
  const value = source[field];
  return typeof value === 'string' ? value : '';
}

/**
 * A state's name as the breadcrumb shows it: `${entityName}`, `${entityLabel}` and
 * `${<param>:entityName}` filled from the state's parameters (reference `getStateName`).
 */
export function stateTitle(name: string, params: StateParams): string {
  let title = name
    .replaceAll('${entityName}', entityField(params, 'entityName'))
    .replaceAll('${entityLabel}', entityField(params, 'entityLabel'));
  for (const [key, value] of Object.entries(params)) {
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as StateParams).entityName === 'string'
    ) {
      title = title.replaceAll(`\${${key}:entityName}`, (value as StateParams).entityName as string);
    }
  }
  return title;
}
