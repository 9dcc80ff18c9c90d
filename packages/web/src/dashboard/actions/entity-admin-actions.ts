import type { WidgetAction } from '@meridian/common';

/**
 * The reference's entity admin tables (`entity_admin_widgets`) add, edit and delete entities with
 * `customPretty` actions: Angular dialogs Meridian cannot run. These widgets do the same natively,
 * so their configured actions of that kind ("Add device" in the header, "Edit device" and "Delete
 * device" in each row) are not offered a second time, and never end in "not supported".
 */

export type EntityAdminOperation = 'add' | 'edit' | 'delete';

/** Where each operation sits in the reference's descriptor, and how its action is named. */
const OPERATIONS: Record<EntityAdminOperation, { sourceId: string; name: RegExp }> = {
  add: { sourceId: 'headerButton', name: /^\s*add\b/i },
  edit: { sourceId: 'actionCellButton', name: /^\s*edit\b/i },
  delete: { sourceId: 'actionCellButton', name: /^\s*delete\b/i },
};

/** The admin operation a configured action stands for, if it is one of the reference's dialogs. */
export function entityAdminOperationOf(sourceId: string, action: WidgetAction): EntityAdminOperation | null {
  if (action.type !== 'customPretty') return null;
  for (const [operation, { sourceId: source, name }] of Object.entries(OPERATIONS)) {
    if (source === sourceId && name.test(action.name)) return operation as EntityAdminOperation;
  }
  return null;
}

/** Whether an entity admin table does this action itself (then it is not run as configured). */
export function isNativeEntityAdminAction(sourceId: string, action: WidgetAction): boolean {
  return entityAdminOperationOf(sourceId, action) !== null;
}
