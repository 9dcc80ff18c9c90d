import type { JsonObject } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { restoreDashboard } from '../../runtime/restore-dashboard';
import { addWidgetReference, layoutPositions } from '../config-edit';
import { gridSettingsForm, hasRightLayout, setGridSettings, setRightLayout } from './layouts-edit';
import {
  dashboardSettingsForm,
  setDashboardSettings,
  setDashboardTimewindow,
  setTimewindowHideFlags,
} from './settings-edit';
import { deleteState, saveState, stateIdOf, stateRows } from './states-edit';

function dashboard(): JsonObject {
  return {
    description: 'kept',
    widgets: { a: { id: 'a', config: {} }, b: { id: 'b', config: {} } },
    states: {
      default: {
        name: 'Main',
        root: true,
        extra: 1,
        layouts: {
          main: { widgets: { a: { row: 0, col: 0, sizeX: 8, sizeY: 6 } }, gridSettings: { columns: 24 } },
        },
      },
      details: {
        name: 'Details',
        root: false,
        layouts: { main: { widgets: { b: { row: 0, col: 0, sizeX: 4, sizeY: 4 } }, gridSettings: {} } },
      },
    },
    settings: { unknownKey: 'x', showTitle: false },
  } as unknown as JsonObject;
}

describe('states', () => {
  it('derives the id from the name as the reference does', () => {
    expect(stateIdOf('My State-2!')).toBe('my_state_2_');
  });

  it('adds a state with an empty main layout, and a new root un-roots the previous one', () => {
    const added = saveState(dashboard(), null, { id: 'new', name: 'New', root: true });
    expect(stateRows(added)).toEqual([
      { id: 'default', name: 'Main', root: false },
      { id: 'details', name: 'Details', root: false },
      { id: 'new', name: 'New', root: true },
    ]);
    expect(restoreDashboard(added).states.new?.layouts.main.widgets).toEqual({});
  });

  it('renames a state in place and keeps its other keys; the root stays root', () => {
    const renamed = saveState(dashboard(), 'default', { id: 'home', name: 'Home', root: false });
    expect(Object.keys(renamed.states as JsonObject)).toEqual(['home', 'details']);
    expect((renamed.states as Record<string, JsonObject>).home).toMatchObject({
      name: 'Home',
      root: true,
      extra: 1,
    });
  });

  it('deletes a state that is not the root, with the widgets only it showed', () => {
    const removed = deleteState(dashboard(), 'details');
    expect(Object.keys(removed.states as JsonObject)).toEqual(['default']);
    expect(Object.keys(removed.widgets as JsonObject)).toEqual(['a']);
    expect(deleteState(dashboard(), 'default')).toEqual(dashboard());
  });
});

describe('layouts', () => {
  const main = { stateId: 'default', layoutId: 'main' } as const;
  const right = { stateId: 'default', layoutId: 'right' } as const;

  it('turns the right layout on with the main grid settings, and off with its widgets', () => {
    const on = setRightLayout(dashboard(), 'default', true);
    expect(hasRightLayout(on, 'default')).toBe(true);
    expect(gridSettingsForm(on, right).columns).toBe(24);
    const shared = addWidgetReference(on, right, 'b', { sizeX: 4, sizeY: 4 }, 24);
    const referenced = addWidgetReference(shared, right, 'a', { sizeX: 8, sizeY: 6 }, 24);
    const off = setRightLayout(referenced, 'default', false);
    expect(hasRightLayout(off, 'default')).toBe(false);
    // a is still in the main layout and b in the details state: both stay.
    expect(Object.keys(off.widgets as JsonObject)).toEqual(['a', 'b']);
  });

  it('saves grid settings and keeps the unknown ones; empty colour and image are removed', () => {
    const form = { ...gridSettingsForm(dashboard(), main), columns: 12, backgroundColor: '#ff0000' };
    const saved = setGridSettings(dashboard(), main, form);
    const grid = restoreDashboard(saved).states.default?.layouts.main.gridSettings;
    expect(grid).toMatchObject({ columns: 12, backgroundColor: '#ff0000' });
    const cleared = setGridSettings(saved, main, { ...form, backgroundColor: '', backgroundImageUrl: '' });
    expect(gridSettingsForm(cleared, main).backgroundColor).toBe('');
    expect((cleared.states as Record<string, JsonObject>).default?.extra).toBe(1);
  });
});

describe('copy reference', () => {
  it('places the same widget in another layout once, at the first free place, scaled', () => {
    const details = { stateId: 'details', layoutId: 'main' } as const;
    const pasted = addWidgetReference(dashboard(), details, 'a', { sizeX: 8, sizeY: 6 }, 24);
    expect(layoutPositions(pasted, details).a).toEqual({ row: 0, col: 4, sizeX: 8, sizeY: 6 });
    expect(Object.keys(pasted.widgets as JsonObject)).toEqual(['a', 'b']);
    expect(addWidgetReference(pasted, details, 'a', { sizeX: 8, sizeY: 6 }, 24)).toBe(pasted);
    expect(addWidgetReference(pasted, details, 'gone', { sizeX: 8, sizeY: 6 }, 24)).toBe(pasted);
  });
});

describe('settings', () => {
  it('reads the defaults and saves the form, keeping unknown settings', () => {
    const form = dashboardSettingsForm(dashboard());
    expect(form).toMatchObject({
      showTitle: false,
      showDashboardExport: true,
      showUpdateDashboardImage: true,
      titleColor: '',
    });
    const saved = setDashboardSettings(dashboard(), {
      ...form,
      showDashboardExport: false,
      showUpdateDashboardImage: false,
      titleColor: '#123456',
    });
    expect(saved.settings).toMatchObject({
      unknownKey: 'x',
      showDashboardExport: false,
      titleColor: '#123456',
    });
    expect(restoreDashboard(saved).settings).toMatchObject({
      showDashboardExport: false,
      showUpdateDashboardImage: false,
      titleColor: '#123456',
    });
    const cleared = setDashboardSettings(saved, { ...form, titleColor: '' });
    expect('titleColor' in (cleared.settings as JsonObject)).toBe(false);
  });

  it('changes the time window and keeps the hide flags the author set', () => {
    const hidden = setTimewindowHideFlags(dashboard(), {
      hideInterval: false,
      hideAggregation: true,
      hideAggInterval: false,
      hideTimezone: true,
    });
    const changed = setDashboardTimewindow(hidden, {
      realtime: { timewindowMs: 3600000 },
      hideAggregation: false,
    });
    expect(changed.timewindow).toMatchObject({
      realtime: { timewindowMs: 3600000 },
      hideAggregation: true,
      hideTimezone: true,
    });
  });
});
