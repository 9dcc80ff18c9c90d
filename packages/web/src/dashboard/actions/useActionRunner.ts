import type { WidgetAction } from '@meridian/common';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useServices } from '../../app/services/useServices';
import type { ActionRunner } from '../dashboard-runtime-context';
import type { DashboardModel } from '../runtime/dashboard-model';
import type { OpenedState } from '../runtime/state-param';
import { type ActionTarget, actionStateParams, nextStates, openDashboardUrl } from './widget-actions';

/** A state shown over the dashboard by an action: in a dialog, or in a popover at the clicked element. */
export interface OverlayState {
  state: OpenedState;
  action: WidgetAction;
  anchor: HTMLElement | null;
}

/**
 * The viewer's {@link ActionRunner}: state actions move the URL's stack of states (or open the
 * state over the dashboard), `openDashboard` navigates, custom actions run in `runCustom`.
 */
export function useActionRunner({
  model,
  stack,
  openStates,
  fullScreen,
  showOverlay,
  runCustom,
}: {
  model: DashboardModel;
  stack: readonly OpenedState[];
  openStates: (states: readonly OpenedState[]) => void;
  fullScreen: boolean;
  showOverlay: (overlay: OverlayState) => void;
  runCustom: (action: WidgetAction, target: ActionTarget) => void;
}): ActionRunner {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const navigate = useNavigate();
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
          runCustom(action, target);
          return;
        default:
          toasts.show({ type: 'warn', message: t('dashboard-viewer.custom-html-action-not-supported') });
      }
    },
    [model, stack, openStates, fullScreen, showOverlay, runCustom, navigate, toasts, t],
  );
}
