import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { DashboardModel } from './runtime/dashboard-model';
import { rootStateId } from './runtime/restore-dashboard';
import { decodeStateParam, encodeStateParam, type OpenedState, openedStates } from './runtime/state-param';

/**
 * The stack of opened dashboard states the URL names (`state`, spec 1 §2), else the root state;
 * `openStates` writes a new stack to the URL, which is where the current state lives, so a link or a
 * reload reopens the same state with the same entity.
 */
export function useDashboardState(model: DashboardModel | undefined) {
  const [search, setSearch] = useSearchParams();
  const param = search.get('state');
  const stack = useMemo(
    () => (model ? openedStates(decodeStateParam(param), Object.keys(model.states), rootStateId(model)) : []),
    [model, param],
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
  return { stack, state: stack.at(-1) ?? null, openStates };
}
