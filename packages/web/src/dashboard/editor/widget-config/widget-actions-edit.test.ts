import type { JsonObject } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { findWidget } from '../../../widgets/registry';
import {
  actionEntries,
  actionSourcesOf,
  offeredActionSources,
  withAction,
  withoutAction,
} from './widget-actions-edit';

const a = { id: 'a', name: 'A', type: 'custom' };
const b = { id: 'b', name: 'B', type: 'openDashboard' };
const config = { title: 'T', actions: { rowClick: [a], headerButton: [b] } } as JsonObject;

describe('widget actions of the config editor', () => {
  it('offers the sources a native widget raises', () => {
    const ids = (bundleAlias: string, typeAlias: string) =>
      actionSourcesOf(findWidget({ bundleAlias, typeAlias })).map((source) => source.id);
    expect(ids('cards', 'simple_card')).toEqual(['headerButton']);
    expect(ids('cards', 'entities_table')).toEqual([
      'headerButton',
      'actionCellButton',
      'rowClick',
      'rowDoubleClick',
    ]);
    expect(ids('entity_admin_widgets', 'device_admin_table')).toContain('rowClick');
    expect(ids('maps_v2', 'openstreetmap')).toEqual(['headerButton', 'markerClick', 'tooltipAction']);
  });

  it('offers a single-action source only while it has no action, or for its own action', () => {
    const sources = actionSourcesOf(findWidget({ bundleAlias: 'cards', typeAlias: 'entities_table' }));
    const ids = (editing: string | null) =>
      offeredActionSources(config, sources, editing).map((source) => source.id);
    // The row click has its action: a new one cannot go there; the header button takes many.
    expect(ids(null)).toEqual(['headerButton', 'actionCellButton', 'rowDoubleClick']);
    expect(ids('rowClick')).toContain('rowClick');
    const custom = actionSourcesOf(undefined, [
      { id: 'elementClick', name: 'On click', multiple: false },
      { id: 'itemClick', name: 'On item', multiple: true },
    ]);
    const withCustom = { actions: { elementClick: [a], itemClick: [b] } } as JsonObject;
    expect(offeredActionSources(withCustom, custom, null).map((source) => source.id)).toEqual([
      'headerButton',
      'itemClick',
    ]);
  });

  it('offers a custom type’s own sources with their names after the header button', () => {
    expect(
      actionSourcesOf(undefined, [
        { id: 'elementClick', name: 'On HTML element click' },
        { id: 'headerButton', name: 'Not twice' },
      ]),
    ).toEqual([{ id: 'headerButton' }, { id: 'elementClick', name: 'On HTML element click' }]);
    // A native definition wins over what a script says.
    expect(actionSourcesOf({}, [{ id: 'elementClick', name: 'x' }])).toEqual([{ id: 'headerButton' }]);
  });

  it('lists the actions by source, in the order of the sources', () => {
    expect(
      actionEntries(config, [{ id: 'headerButton' }, { id: 'rowClick' }]).map((e) => [
        e.sourceId,
        e.action.id,
      ]),
    ).toEqual([
      ['headerButton', 'b'],
      ['rowClick', 'a'],
    ]);
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
