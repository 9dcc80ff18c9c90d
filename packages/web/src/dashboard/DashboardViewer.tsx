import type { Dashboard, Timewindow } from '@meridian/common';
import Box from '@mui/material/Box';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { dashboardScopeOf } from '../api/dashboards';
import { useAuthState } from '../app/services/useAuthState';
import { StateOverlay } from './actions/StateOverlay';
import { type OverlayState, useActionRunner } from './actions/useActionRunner';
import { DashboardToolbar } from './DashboardToolbar';
import { DashboardRuntimeContext } from './dashboard-runtime-context';
import { DashboardEditSession } from './editor/DashboardEditSession';
import { EditToolbarButtons, EnterEditButton } from './editor/EditToolbarButtons';
import { mayEditDashboard } from './editor/edit-access';
import { setDashboardTimewindow, withoutHideFlags } from './editor/managers/settings-edit';
import { useDashboardEditor } from './editor/useDashboardEditor';
import { restoreDashboard } from './runtime/restore-dashboard';
import { localTimeZone, subscriptionWindowOf } from './runtime/subscription-window';
import { StateLayouts } from './StateLayouts';
import { dashboardSelectors } from './selectors';
import { AliasesEntitySelect } from './toolbar/AliasesEntitySelect';
import { DashboardStates } from './toolbar/DashboardStates';
import { DashboardsSelect } from './toolbar/DashboardsSelect';
import { FiltersEdit } from './toolbar/FiltersEdit';
import { ExportDashboardButton, FullscreenButton } from './toolbar/ToolbarButtons';
import { UpdateDashboardImageButton } from './toolbar/UpdateDashboardImage';
import { useDashboardState } from './useDashboardState';
import { useViewChanges } from './useViewChanges';

/**
 * A dashboard: toolbar (unless hidden) and the current state's layouts. The runtime every widget
 * reads (model, state, time window, actions) is provided here; the opened states live in the URL,
 * so a reload or a copied link shows the same state with the same entity. Where `editable`, the
 * tenant administrators of the dashboard's tenant may switch to edit mode (reference §5.3).
 */
export function DashboardViewer({
  dashboard,
  hideToolbar,
  toolbarEnd,
  fullScreen = false,
  editable = false,
}: {
  dashboard: Dashboard;
  hideToolbar: boolean;
  toolbarEnd?: ReactNode;
  /** Opened at the full-screen `dashboard/{id}` route: links to other dashboards stay full screen. */
  fullScreen?: boolean;
  /** The page lets users who may save the dashboard edit it. */
  editable?: boolean;
}) {
  const { authUser } = useAuthState();
  const editor = useDashboardEditor(dashboard);
  const canEdit = editable && mayEditDashboard(authUser, dashboard);
  const configuration = editor.configuration;
  const model = useMemo(() => restoreDashboard(configuration), [configuration]);
  const { stack, state, openStates } = useDashboardState(model);
  const { timewindow, setTimewindow, filters, setFilter, aliasSelections, selectAliasEntity } =
    useViewChanges(model);
  const window = useMemo(() => subscriptionWindowOf(timewindow, Date.now(), localTimeZone()), [timewindow]);
  const [overlay, setOverlay] = useState<OverlayState | null>(null);
  const viewer = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const runAction = useActionRunner({
    model,
    stack,
    openStates,
    fullScreen,
    showOverlay: setOverlay,
  });
  const stateParams = state?.params;
  const runtime = useMemo(
    () => ({
      dashboardId: dashboard.id.id,
      model,
      stateParams: stateParams ?? {},
      window,
      timewindow,
      setTimewindow,
      filters,
      setFilter,
      aliasSelections,
      selectAliasEntity,
      runAction,
      readOnly: authUser?.isPublic === true,
    }),
    [
      dashboard.id.id,
      model,
      stateParams,
      window,
      timewindow,
      setTimewindow,
      filters,
      setFilter,
      aliasSelections,
      selectAliasEntity,
      runAction,
      authUser,
    ],
  );
  const shown = state ? model.states[state.id] : undefined;
  const settings = model.settings;
  // Public viewers and system administrators have no dashboards of their own to switch to or export.
  const scope =
    authUser &&
    !authUser.isPublic &&
    (authUser.authority === 'TENANT_ADMIN' || authUser.authority === 'CUSTOMER_USER')
      ? dashboardScopeOf({
          authority: authUser.authority,
          customerId: { entityType: 'CUSTOMER', id: authUser.customerId ?? '' },
        })
      : null;
  const editing = editor.editing;
  // In edit mode the time window is the dashboard's own: changing it is an edit, saved on Apply.
  const { edit } = editor;
  const editTimewindow = useCallback(
    (value: Timewindow) => edit((c) => setDashboardTimewindow(c, value)),
    [edit],
  );
  return (
    <DashboardRuntimeContext.Provider value={runtime}>
      <DashboardEditSession editor={editor} stateId={shown?.id}>
        {(add) => (
          <Box
            ref={viewer}
            data-testid={dashboardSelectors.viewer}
            sx={{
              display: 'flex',
              flexDirection: 'column',
              height: '100%',
              minHeight: 0,
              bgcolor: 'background.default',
            }}
          >
            {(editing || !(hideToolbar || settings.hideToolbar)) && (
              <DashboardToolbar
                title={settings.showTitle ? dashboard.title : null}
                titleColor={settings.titleColor}
                logoUrl={settings.dashboardLogoUrl}
                timewindow={editing ? withoutHideFlags(timewindow) : timewindow}
                onTimewindowChange={editing ? editTimewindow : setTimewindow}
                showTimewindow={editing || settings.showDashboardTimewindow}
                states={<DashboardStates model={model} stack={stack} openStates={openStates} />}
                buttons={
                  editing ? (
                    <EditToolbarButtons editor={editor} add={add} />
                  ) : (
                    <>
                      {settings.showEntitiesSelect && <AliasesEntitySelect />}
                      {settings.showFilters && <FiltersEdit />}
                      {scope && settings.showDashboardsSelect && (
                        <DashboardsSelect scope={scope} currentId={dashboard.id.id} fullScreen={fullScreen} />
                      )}
                      {scope && settings.showDashboardExport && (
                        <ExportDashboardButton dashboard={dashboard} />
                      )}
                      {canEdit && settings.showUpdateDashboardImage && (
                        <UpdateDashboardImageButton dashboard={dashboard} content={() => content.current} />
                      )}
                      <FullscreenButton target={() => viewer.current} />
                      {canEdit && <EnterEditButton editor={editor} />}
                    </>
                  )
                }
                end={toolbarEnd}
              />
            )}
            <Box ref={content} sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
              {shown && <StateLayouts key={shown.id} state={shown} model={model} />}
            </Box>
          </Box>
        )}
      </DashboardEditSession>
      {overlay && <StateOverlay overlay={overlay} runtime={runtime} onClose={() => setOverlay(null)} />}
    </DashboardRuntimeContext.Provider>
  );
}
