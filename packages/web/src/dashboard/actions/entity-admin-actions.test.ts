import type { WidgetAction, WidgetConfig } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { findWidget } from '../../widgets/registry';
import { entityAdminOperationOf, isNativeEntityAdminAction } from './entity-admin-actions';
import { actionsOf } from './widget-actions';

const pretty = (name: string): WidgetAction => ({ name, type: 'customPretty', customHtml: '<form></form>' });

/** The actions of the reference's device admin table descriptor, plus one of the user's own. */
const REFERENCE_ACTIONS: WidgetConfig = {
  actions: {
    headerButton: [{ ...pretty('Add device'), icon: 'add' }],
    actionCellButton: [
      { ...pretty('Edit device'), icon: 'edit' },
      { ...pretty('Delete device'), icon: 'delete' },
      { name: 'Details', type: 'openDashboardState', targetDashboardStateId: 'details' },
      pretty('Move device'),
    ],
  },
};

describe('entity admin actions', () => {
  it('recognises the reference’s add, edit and delete dialogs by source and name', () => {
    expect(entityAdminOperationOf('headerButton', pretty('Add device'))).toBe('add');
    expect(entityAdminOperationOf('headerButton', pretty('add asset'))).toBe('add');
    expect(entityAdminOperationOf('actionCellButton', pretty('Edit asset'))).toBe('edit');
    expect(entityAdminOperationOf('actionCellButton', pretty('Delete device'))).toBe('delete');
    // Elsewhere, by another name, or not an HTML dialog: the user's own action.
    expect(entityAdminOperationOf('actionCellButton', pretty('Add device'))).toBeNull();
    expect(entityAdminOperationOf('headerButton', pretty('Edit device'))).toBeNull();
    expect(entityAdminOperationOf('actionCellButton', pretty('Editor'))).toBeNull();
    expect(entityAdminOperationOf('actionCellButton', { name: 'Edit', type: 'custom' })).toBeNull();
  });

  it('leaves them out of an admin table’s actions, and keeps every other action', () => {
    const owns = findWidget({
      bundleAlias: 'entity_admin_widgets',
      typeAlias: 'device_admin_table',
    })?.ownsAction;
    expect(owns).toBe(isNativeEntityAdminAction);
    expect(actionsOf(REFERENCE_ACTIONS, 'headerButton', owns)).toEqual([]);
    expect(actionsOf(REFERENCE_ACTIONS, 'actionCellButton', owns).map((a) => a.name)).toEqual([
      'Details',
      'Move device',
    ]);
    expect(
      findWidget({ bundleAlias: 'entity_admin_widgets', typeAlias: 'asset_admin_table' })?.ownsAction,
    ).toBe(isNativeEntityAdminAction);
    // The entities table runs them as configured (and says "not supported" for the dialogs).
    const entitiesTable = findWidget({ bundleAlias: 'cards', typeAlias: 'entities_table' });
    expect(actionsOf(REFERENCE_ACTIONS, 'headerButton', entitiesTable?.ownsAction)).toHaveLength(1);
  });
});
