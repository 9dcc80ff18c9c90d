import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { DashboardModel } from './runtime/dashboard-model';
import { rootStateId } from './runtime/restore-dashboard';
import { currentState, decodeStateParam, encodeStateParam, type OpenedState } from './runtime/state-param';

/**
 * The dashboard state the URL names (`state`, spec 1 §2), else the root state; `openStates`
 * writes a new stack of states to the URL, which is where the current state lives.
 */
export function useDashboardState(model: DashboardModel | undefined) {
  const [search, setSearch] = useSearchParams();
  const param = search.get('state');
  const opened = useMemo(() => decodeStateParam(param), [param]);
  const state = useMemo(
    () => (model ? currentState(opened, Object.keys(model.states), rootStateId(model)) : null),
    [model, opened],
  );
  const openStates = useCallback(
    (states: readonly OpenedState[]) =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('state', encodeStateParam(states));
          return next;
        },
        { replace: false },
      ),
    [setSearch],
  );
  return { state, openStates };
}
