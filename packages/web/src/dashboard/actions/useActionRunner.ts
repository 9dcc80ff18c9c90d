import type { WidgetAction } from '@meridian/common';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useServices } from '../../app/services/useServices';
import type { ActionRunner } from '../dashboard-runtime-context';
import type { DashboardModel } from '../runtime/dashboard-model';
import type { OpenedState } from '../runtime/state-param';
import { runCustomAction } from '../sandbox/tenant-scripts';
import {
  type ActionTarget,
  actionStateParams,
  commandStates,
  consolePath,
  nextStates,
  openDashboardUrl,
} from './widget-actions';

/** A state shown over the dashboard by an action: in a dialog, or in a popover at the clicked element. */
export interface OverlayState {
  state: OpenedState;
  action: WidgetAction;
  anchor: HTMLElement | null;
}

/**
 * The viewer's {@link ActionRunner}: state actions move the URL's stack of states (or open the
 * state over the dashboard), `openDashboard` navigates, custom actions run in the tenant script
 * worker and the page carries out what they ask (decision 0029).
 */
export function useActionRunner({
  model,
  stack,
  openStates,
  fullScreen,
  showOverlay,
}: {
  model: DashboardModel;
  stack: readonly OpenedState[];
  openStates: (states: readonly OpenedState[]) => void;
  fullScreen: boolean;
  showOverlay: (overlay: OverlayState) => void;
}): ActionRunner {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const navigate = useNavigate();
  const runCustom = useCallback(
    async (action: WidgetAction, target: ActionTarget) => {
      const current = stack.at(-1);
      const fail = (message: string) =>
        toasts.show({ type: 'error', message: t('dashboard-viewer.custom-action-failed', { message }) });
      try {
        const commands = await runCustomAction({
          body: typeof action.customFunction === 'string' ? action.customFunction : '',
          stateParams: current?.params ?? {},
          stateId: current?.id ?? '',
          entityId: target.entityId ?? null,
          entityName: target.entityName ?? null,
          entityLabel: target.entityLabel ?? null,
        });
        let states: OpenedState[] = [...stack];
        let moved = false;
        for (const command of commands) {
          if (command.type === 'navigate') {
            const path = consolePath(command.url);
            if (path) navigate(path);
            else fail(command.url);
            continue;
          }
          const next = commandStates(
            model.settings.stateControllerId,
            states,
            command,
            Object.keys(model.states),
          );
          if (!next) {
            fail(t('dashboard-viewer.action-state-not-found', { state: command.id ?? '' }));
            continue;
          }
          states = next;
          moved = true;
        }
        if (moved) openStates(states);
      } catch (error) {
        fail(error instanceof Error ? error.message : String(error));
      }
    },
    [model, stack, openStates, navigate, toasts, t],
  );
  return useCallback(
    (action, target, anchor) => {
      const current = stack.at(-1);
      const params = actionStateParams(current?.params ?? {}, action, target);
      const controller = model.settings.stateControllerId;
      switch (action.type) {
        case 'openDashboardState':
        case 'updateDashboardState': {
          const stateId =
            action.targetDashboardStateId ||
            (action.type === 'updateDashboardState' ? current?.id : undefined);
          if (!stateId || !model.states[stateId]) {
            toasts.show({
              type: 'error',
              message: t('dashboard-viewer.action-state-not-found', { state: stateId ?? '' }),
            });
            return;
          }
          const state = { id: stateId, params };
          if (action.type === 'openDashboardState' && action.openInSeparateDialog === true) {
            showOverlay({ state, action, anchor: null });
          } else if (action.type === 'openDashboardState' && action.openInPopover === true) {
            showOverlay({ state, action, anchor: anchor ?? null });
          } else {
            const move = action.type === 'openDashboardState' ? 'push' : 'replace';
            openStates(nextStates(controller, stack, move, state));
          }
          return;
        }
        case 'openDashboard': {
          const url = openDashboardUrl(action, target, fullScreen);
          if (url) navigate(url);
          return;
        }
        case 'custom':
          void runCustom(action, target);
          return;
        default:
          toasts.show({ type: 'warn', message: t('dashboard-viewer.custom-html-action-not-supported') });
      }
    },
    [model, stack, openStates, fullScreen, showOverlay, runCustom, navigate, toasts, t],
  );
}
