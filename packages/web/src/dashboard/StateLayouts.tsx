import ViewSidebar from '@mui/icons-material/ViewSidebar';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findWidget } from '../widgets/registry';
import { DashboardLayoutView } from './DashboardLayoutView';
import { preloadWidget } from './lazy-widget';
import type { DashboardModel, DashboardState } from './runtime/dashboard-model';
import { MOBILE_MAX_WIDTH_PX } from './runtime/grid-layout';
import { dashboardSelectors } from './selectors';

/**
 * A state's layouts: the main one, and beside it the right one when the state has it (reference
 * console §5.2). On phones the right layout takes the whole width, opened with a button.
 */
export function StateLayouts({ state, model }: { state: DashboardState; model: DashboardModel }) {
  const { t } = useTranslation();
  const phone = useMediaQuery(`(max-width:${MOBILE_MAX_WIDTH_PX}px)`);
  const [rightOpen, setRightOpen] = useState(false);
  // The widget chunks of the state load while its aliases resolve.
  useEffect(() => {
    for (const layout of [state.layouts.main, state.layouts.right]) {
      for (const id of Object.keys(layout?.widgets ?? {})) {
        const widget = model.widgets[id];
        const definition = widget && findWidget(widget);
        if (definition) void preloadWidget(definition).catch(() => undefined);
      }
    }
  }, [state, model]);
  const right = state.layouts.right;
  const mainRef = { stateId: state.id, layoutId: 'main' } as const;
  const rightRef = { stateId: state.id, layoutId: 'right' } as const;
  if (!right) return <DashboardLayoutView layout={state.layouts.main} model={model} layoutRef={mainRef} />;
  if (phone) {
    const label = t(rightOpen ? 'dashboard-viewer.hide-right-layout' : 'dashboard-viewer.show-right-layout');
    return (
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', position: 'relative' }}>
        <DashboardLayoutView
          layout={rightOpen ? right : state.layouts.main}
          model={model}
          layoutRef={rightOpen ? rightRef : mainRef}
        />
        <Tooltip title={label}>
          <Fab
            size="small"
            color="primary"
            aria-label={label}
            aria-pressed={rightOpen}
            onClick={() => setRightOpen((open) => !open)}
            sx={{ position: 'absolute', right: 16, bottom: 16 }}
          >
            <ViewSidebar />
          </Fab>
        </Tooltip>
      </Box>
    );
  }
  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex' }}>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <DashboardLayoutView layout={state.layouts.main} model={model} layoutRef={mainRef} />
      </Box>
      <Box
        data-testid={dashboardSelectors.rightLayout}
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          borderLeft: 1,
          borderColor: 'divider',
        }}
      >
        <DashboardLayoutView layout={right} model={model} layoutRef={rightRef} />
      </Box>
    </Box>
  );
}
