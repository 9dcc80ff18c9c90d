import { useContext, useEffect, useMemo, useRef } from 'react';
import {
  type Location,
  matchRoutes,
  Outlet,
  useBlocker,
  useLocation,
  useMatches,
  useNavigate,
} from 'react-router';
import { blocksNavigation, decideNavigation } from '../auth/navigation-guard';
import { PageLoading } from '../layout/PageLoading';
import { useAuthState } from '../services/useAuthState';
import { useServices } from '../services/useServices';
import { announceUpdates, applyGuardDecision, followSessionChange, sessionIdentity } from './guard-actions';
import { pendingLeaveQuestion } from './leave-guard';
import { guardTargetFrom } from './route-meta';
import { RouteTableContext } from './route-table-context';

const urlOf = (location: Pick<Location, 'pathname' | 'search'>) => `${location.pathname}${location.search}`;

/**
 * The route guard of spec 1 §4. In-app navigations that the guard refuses (forbidden, a public
 * session switch) are blocked, so the user stays put; the location being shown is checked on
 * every render and redirected when needed. Login and logout lead to the default place.
 */
export function RouteGuard() {
  const services = useServices();
  const { auth } = services;
  const state = useAuthState();
  const location = useLocation();
  const matches = useMatches();
  const routes = useContext(RouteTableContext);
  const navigate = useNavigate();

  const decision = useMemo(
    () => decideNavigation(state, guardTargetFrom(matches, location), location.search),
    [state, matches, location],
  );

  const blocker = useBlocker(({ currentLocation, nextLocation, historyAction }) => {
    const next = (matchRoutes(routes, nextLocation) ?? []).map((match) => ({
      pathname: match.pathname,
      params: match.params,
      handle: match.route.handle,
    }));
    const blocked = blocksNavigation(
      decideNavigation(auth.getState(), guardTargetFrom(next, nextLocation), currentLocation.search),
    );
    // A page with unsaved work asks first (see the effect below); redirects (replace) do not, nor
    // does a change of the query alone (a dashboard's state in edit mode): the page stays.
    const leaves = nextLocation.pathname !== currentLocation.pathname;
    if (!blocked && leaves && historyAction !== 'REPLACE' && pendingLeaveQuestion() !== null) {
      return true;
    }
    // Dialogs close when a navigation starts (spec 3 §2.1); redirects (replace) keep them.
    if (!blocked && historyAction !== 'REPLACE') {
      services.dialogs.closeAll();
    }
    return blocked;
  });
  const askingToLeave = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked') {
      return;
    }
    const target = blocker.location;
    const next = (matchRoutes(routes, target) ?? []).map((match) => ({
      pathname: match.pathname,
      params: match.params,
      handle: match.route.handle,
    }));
    const blocked = decideNavigation(auth.getState(), guardTargetFrom(next, target), location.search);
    const question = blocksNavigation(blocked) ? null : pendingLeaveQuestion();
    if (question) {
      if (askingToLeave.current) return;
      askingToLeave.current = true;
      void services.dialogs.confirm({ ...question, key: 'leave-unsaved' }).then((leave) => {
        askingToLeave.current = false;
        if (leave) {
          services.dialogs.closeAll();
          blocker.proceed?.();
        } else {
          blocker.reset?.();
        }
      });
      return;
    }
    if (!blocksNavigation(blocked)) {
      // Blocked for unsaved work that has been saved or dropped since: go on.
      blocker.proceed?.();
      return;
    }
    blocker.reset();
    applyGuardDecision(services, blocked, urlOf(target), false, navigate);
  }, [blocker, routes, auth, location.search, services, navigate]);

  const identity = sessionIdentity(state);
  const previousIdentity = useRef<string | null>(null);

  useEffect(() => {
    if (identity === null) {
      return;
    }
    const previous = previousIdentity.current;
    previousIdentity.current = identity;
    if (previous !== null && previous !== identity) {
      followSessionChange(services, auth.getState(), navigate);
      return;
    }
    if (previous === null) {
      announceUpdates(services, auth.getState());
    }
    applyGuardDecision(services, decision, urlOf(location), true, navigate);
  }, [identity, decision, location, services, auth, navigate]);

  return decision.type === 'allow' ? <Outlet /> : <PageLoading />;
}
