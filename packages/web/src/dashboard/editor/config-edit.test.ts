import type { JsonObject } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import {
  isDirty,
  pushHistory,
  redoHistory,
  startHistory,
  undoHistory,
} from '../../components/editing/history';
import { restoreDashboard } from '../runtime/restore-dashboard';
import {
  addWidget,
  editableConfiguration,
  type LayoutRef,
  layoutPositions,
  placeWidget,
  removeWidget,
  widgetTitle,
} from './config-edit';

const main: LayoutRef = { stateId: 'default', layoutId: 'main' };

function dashboardOf(widgets: Record<string, { row: number; col: number; sizeX: number; sizeY: number }>) {
  return {
    description: 'kept',
    widgets: Object.fromEntries(
      Object.keys(widgets).map((id) => [id, { id, typeAlias: 'cards', config: { title: `Widget ${id}` } }]),
    ),
    states: {
      default: {
        name: 'Main',
        root: true,
        layouts: { main: { widgets, gridSettings: { columns: 24, margin: 10 } } },
      },
    },
  } as unknown as JsonObject;
}

describe('configuration edits', () => {
  it('gives a dashboard without states the default root state with its widgets where they were', () => {
    const saved = {
      widgets: { a: { id: 'a', row: 1, col: 2, sizeX: 4, sizeY: 3 } },
      timewindow: { realtime: { timewindowMs: 60000 } },
    } as unknown as JsonObject;
    const editable = editableConfiguration(saved, 'Plant');
    expect(editable.timewindow).toBe(saved.timewindow);
    expect(layoutPositions(editable, main)).toEqual({ a: { row: 1, col: 2, sizeX: 4, sizeY: 3 } });
    const model = restoreDashboard(editable);
    expect(model.states.default).toMatchObject({ name: 'Plant', root: true });
    expect(editableConfiguration(null, 'Empty')).toMatchObject({
      widgets: {},
      states: { default: { root: true, layouts: { main: { widgets: {} } } } },
    });
  });

  it('keeps a configuration with states as it is', () => {
    const saved = dashboardOf({ a: { row: 0, col: 0, sizeX: 8, sizeY: 6 } });
    expect(editableConfiguration(saved, 'x')).toEqual(saved);
  });

  it('adds a widget at the first free place and keeps the other widgets and unknown keys', () => {
    const saved = dashboardOf({ a: { row: 0, col: 0, sizeX: 8, sizeY: 6 } });
    const added = addWidget(saved, main, { typeAlias: 'gauge', sizeX: 6, sizeY: 5 } as JsonObject, 'b');
    expect(added.description).toBe('kept');
    expect((added.widgets as JsonObject).a).toBe((saved.widgets as JsonObject).a);
    expect((added.widgets as JsonObject).b).toEqual({ id: 'b', typeAlias: 'gauge', sizeX: 6, sizeY: 5 });
    expect(layoutPositions(added, main).b).toEqual({ row: 0, col: 8, sizeX: 6, sizeY: 5 });
    // The saved one is not changed (undo keeps it).
    expect(layoutPositions(saved, main).b).toBeUndefined();
  });

  it('scales the size of an added widget to the layout columns', () => {
    const saved = dashboardOf({});
    const states = saved.states as Record<
      string,
      { layouts: { main: { gridSettings: { columns: number } } } }
    >;
    const twelve = { ...saved } as JsonObject;
    (twelve as Record<string, unknown>).states = {
      default: { ...states.default, layouts: { main: { widgets: {}, gridSettings: { columns: 12 } } } },
    };
    const added = addWidget(twelve, main, { sizeX: 8, sizeY: 6 } as JsonObject, 'b');
    expect(layoutPositions(added, main).b).toEqual({ row: 0, col: 0, sizeX: 4, sizeY: 3 });
  });

  it('places a widget, keeping the other keys of its position', () => {
    const saved = dashboardOf({ a: { row: 0, col: 0, sizeX: 8, sizeY: 6, mobileHeight: 4 } as never });
    const moved = placeWidget(saved, main, 'a', { row: 2, col: 3, sizeX: 5, sizeY: 4 });
    type States = { default: { layouts: { main: { widgets: Record<string, object> } } } };
    expect((moved.states as unknown as States).default.layouts.main.widgets.a).toEqual({
      row: 2,
      col: 3,
      sizeX: 5,
      sizeY: 4,
      mobileHeight: 4,
    });
  });

  it('removes a widget from the layout, and from the dashboard when no layout shows it', () => {
    const saved = dashboardOf({
      a: { row: 0, col: 0, sizeX: 8, sizeY: 6 },
      b: { row: 0, col: 8, sizeX: 8, sizeY: 6 },
    });
    const removed = removeWidget(saved, main, 'a');
    expect(Object.keys(layoutPositions(removed, main))).toEqual(['b']);
    expect(Object.keys(removed.widgets as JsonObject)).toEqual(['b']);

    // Shown in a second state too (a reference copy): the widget stays for that state.
    const states = saved.states as Record<string, unknown>;
    const shared = {
      ...saved,
      states: {
        ...states,
        details: {
          name: 'Details',
          root: false,
          layouts: { main: { widgets: { a: { row: 0, col: 0, sizeX: 2, sizeY: 2 } } } },
        },
      },
    } as unknown as JsonObject;
    const kept = removeWidget(shared, main, 'a');
    expect(Object.keys(kept.widgets as JsonObject).sort()).toEqual(['a', 'b']);
    expect(layoutPositions(kept, { stateId: 'details', layoutId: 'main' }).a).toBeDefined();
  });

  it('names a widget by its title', () => {
    expect(widgetTitle(dashboardOf({ a: { row: 0, col: 0, sizeX: 1, sizeY: 1 } }), 'a')).toBe('Widget a');
    expect(widgetTitle(dashboardOf({}), 'missing')).toBe('');
  });

  it('undoes and redoes edits on the editor’s undo stack, back to the loaded configuration', () => {
    const loaded = dashboardOf({ a: { row: 0, col: 0, sizeX: 8, sizeY: 6 } });
    let history = startHistory(loaded);
    history = pushHistory(
      history,
      placeWidget(history.present, main, 'a', { row: 2, col: 4, sizeX: 8, sizeY: 6 }),
    );
    history = pushHistory(
      history,
      addWidget(history.present, main, { sizeX: 4, sizeY: 4 } as JsonObject, 'b'),
    );
    expect(Object.keys(layoutPositions(history.present, main))).toEqual(['a', 'b']);
    history = undoHistory(history);
    expect(layoutPositions(history.present, main)).toEqual({ a: { row: 2, col: 4, sizeX: 8, sizeY: 6 } });
    history = undoHistory(history);
    expect(history.present).toBe(loaded);
    expect(isDirty(history)).toBe(false);
    history = redoHistory(history);
    expect(layoutPositions(history.present, main).a).toEqual({ row: 2, col: 4, sizeX: 8, sizeY: 6 });
    expect(isDirty(history)).toBe(true);
    // A new edit after an undo drops what could be redone.
    history = pushHistory(history, removeWidget(history.present, main, 'a'));
    expect(redoHistory(history)).toBe(history);
  });
});
