// biome-ignore-all lint/suspicious/noTemplateCurlyInString: dashboard state names and patterns use ${...} placeholders
import type { WidgetAction } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { decodeStateParam } from '../runtime/state-param';
import {
  actionStateParams,
  actionsOf,
  commandStates,
  consolePath,
  nextStates,
  openDashboardUrl,
  stateTitle,
} from './widget-actions';

const device = { entityType: 'DEVICE' as const, id: 'd1' };
const target = { entityId: device, entityName: 'Thermostat A', entityLabel: 'Hall' };
const open = (fields: Partial<WidgetAction> = {}): WidgetAction => ({
  name: 'Details',
  type: 'openDashboardState',
  targetDashboardStateId: 'device',
  setEntityId: true,
  ...fields,
});

describe('widget actions', () => {
  it('lists the runnable actions of one source and skips malformed ones', () => {
    const config = {
      actions: {
        actionCellButton: [
          open(),
          { name: 'Call', type: 'mobileAction' } as WidgetAction,
          null as unknown as WidgetAction,
        ],
        rowClick: 'nonsense' as unknown as WidgetAction[],
      },
    };
    expect(actionsOf(config, 'actionCellButton').map((a) => a.name)).toEqual(['Details']);
    expect(actionsOf(config, 'rowClick')).toEqual([]);
    expect(actionsOf({}, 'headerButton')).toEqual([]);
  });

  it('opens the target state with the clicked entity on top of the current parameters', () => {
    const params = actionStateParams({ kept: 1 }, open(), target);
    expect(params).toEqual({ kept: 1, entityId: device, entityName: 'Thermostat A', entityLabel: 'Hall' });
  });

  it('puts the entity under stateEntityParamName when the action names one', () => {
    const params = actionStateParams({}, open({ stateEntityParamName: 'sensor' }), target);
    expect(params).toEqual({
      sensor: { entityId: device, entityName: 'Thermostat A', entityLabel: 'Hall' },
      targetEntityParamName: 'sensor',
    });
  });

  it('keeps the current parameters unchanged without setEntityId, and never mutates them', () => {
    const current = { entityId: { entityType: 'ASSET' as const, id: 'a1' } };
    expect(actionStateParams(current, open({ setEntityId: false }), target)).toEqual(current);
    actionStateParams(current, open(), target);
    expect(current.entityId.id).toBe('a1');
  });

  it('stacks states with the entity controller and keeps one with the default controller', () => {
    const root = { id: 'default', params: {} };
    const chart = { id: 'chart', params: { entityName: 'A' } };
    expect(nextStates('entity', [root], 'push', chart)).toEqual([root, chart]);
    expect(nextStates('entity', [root, chart], 'replace', { id: 'chart', params: {} })).toEqual([
      root,
      { id: 'chart', params: {} },
    ]);
    expect(nextStates('default', [root], 'push', chart)).toEqual([chart]);
  });

  it('links another dashboard with the target state and entity, in the same route kind', () => {
    const url = openDashboardUrl(
      open({ type: 'openDashboard', targetDashboardId: 'dash-2', targetDashboardStateId: 'details' }),
      target,
      true,
    );
    expect(url).toMatch(/^\/dashboard\/dash-2\?state=/);
    const state = new URL(`http://x${url}`).searchParams.get('state');
    expect(decodeStateParam(state)).toEqual([
      { id: 'details', params: { entityId: device, entityName: 'Thermostat A', entityLabel: 'Hall' } },
    ]);
    expect(
      openDashboardUrl(open({ type: 'openDashboard', targetDashboardId: null }), target, false),
    ).toBeNull();
  });

  it('names a state with its entity as the breadcrumb shows it', () => {
    expect(stateTitle('${entityName} details', { entityName: 'A' })).toBe('A details');
    expect(stateTitle('Sensor ${sensor:entityName}', { sensor: { entityName: 'S1' } })).toBe('Sensor S1');
    expect(stateTitle('${entityLabel}', { targetEntityParamName: 's', s: { entityLabel: 'Hall' } })).toBe(
      'Hall',
    );
    expect(stateTitle('Overview', {})).toBe('Overview');
  });

  it('turns a custom action’s state requests into the next stack, and keeps navigation in the console', () => {
    const root = { id: 'default', params: {} };
    const ids = ['default', 'chart'];
    expect(
      commandStates('entity', [root], { type: 'openState', id: 'chart', params: { a: 1 } }, ids),
    ).toEqual([root, { id: 'chart', params: { a: 1 } }]);
    expect(commandStates('entity', [root], { type: 'updateState', id: null, params: 'bad' }, ids)).toEqual([
      { id: 'default', params: {} },
    ]);
    expect(commandStates('entity', [root], { type: 'openState', id: 'gone', params: {} }, ids)).toBeNull();
    expect(consolePath('/dashboards/x?state=1')).toBe('/dashboards/x?state=1');
    expect(consolePath('//evil.example/x')).toBeNull();
    expect(consolePath('https://evil.example/')).toBeNull();
    expect(consolePath('/\\evil.example')).toBeNull();
  });
});
