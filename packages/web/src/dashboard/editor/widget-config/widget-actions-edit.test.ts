import type { JsonObject } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { actionEntries, actionSourcesOf, withAction, withoutAction } from './widget-actions-edit';

const a = { id: 'a', name: 'A', type: 'custom' };
const b = { id: 'b', name: 'B', type: 'openDashboard' };
const config = { title: 'T', actions: { rowClick: [a], headerButton: [b] } } as JsonObject;

describe('widget actions of the config editor', () => {
  it('offers the sources the widget raises', () => {
    expect(actionSourcesOf('cards', 'simple_card')).toEqual(['headerButton']);
    expect(actionSourcesOf('cards', 'entities_table')).toContain('rowClick');
    expect(actionSourcesOf('maps_v2', 'openstreetmap')).toContain('markerClick');
  });

  it('lists the actions by source, in the order of the sources', () => {
    expect(actionEntries(config, ['headerButton', 'rowClick']).map((e) => [e.sourceId, e.action.id])).toEqual(
      [
        ['headerButton', 'b'],
        ['rowClick', 'a'],
      ],
    );
  });

  it('adds, replaces in place, moves to another source and deletes', () => {
    const added = withAction(config, { id: 'c', name: 'C' }, 'headerButton', null);
    expect((added.actions as JsonObject).headerButton).toEqual([b, { id: 'c', name: 'C' }]);
    const replaced = withAction(config, { ...b, name: 'B2' }, 'headerButton', {
      sourceId: 'headerButton',
      index: 0,
    });
    expect((replaced.actions as JsonObject).headerButton).toEqual([{ ...b, name: 'B2' }]);
    const movedAction = withAction(config, a, 'headerButton', { sourceId: 'rowClick', index: 0 });
    expect(movedAction.actions).toEqual({ rowClick: [], headerButton: [b, a] });
    expect(withoutAction(config, 'rowClick', 0).actions).toEqual({ rowClick: [], headerButton: [b] });
  });
});
