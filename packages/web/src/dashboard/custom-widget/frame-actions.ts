import type { WidgetAction, WidgetConfig } from '@meridian/common';
import { type ActionTarget, actionsOf } from '../actions/widget-actions';
import type { FrameCall } from './protocol';

/**
 * The configured action a custom widget asked to run (`ctx.actionsApi.handleWidgetAction`), and
 * the entity it names. Any source id the widget's config holds actions for is looked up, the
 * type's own sources (`elementClick`, `nodeSelected`...) as much as the header button; null when
 * the action is not there (or not of a type the viewer runs).
 */
export function frameActionOf(
  config: WidgetConfig,
  call: Extract<FrameCall, { kind: 'action' }>,
): { action: WidgetAction; target: ActionTarget } | null {
  const action = actionsOf(config, call.sourceId).find((candidate) => candidate.id === call.actionId);
  if (!action) return null;
  return {
    action,
    target: {
      entityId: call.entityId ? (call.entityId as never) : undefined,
      entityName: call.entityName ?? undefined,
      entityLabel: call.entityLabel ?? undefined,
    },
  };
}
