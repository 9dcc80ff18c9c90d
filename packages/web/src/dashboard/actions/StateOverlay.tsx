import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import { useTranslation } from 'react-i18next';
import { type DashboardRuntime, DashboardRuntimeContext } from '../dashboard-runtime-context';
import { StateLayouts } from '../StateLayouts';
import { dashboardSelectors } from '../selectors';
import type { OverlayState } from './useActionRunner';
import { stateTitle } from './widget-actions';

const sizeOf = (value: unknown, fallback: string): string =>
  typeof value === 'number' && value > 0 ? `${value}vw` : fallback;
const heightOf = (value: unknown, fallback: string): string =>
  typeof value === 'number' && value > 0 ? `${value}vh` : fallback;
const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/**
 * A dashboard state opened by an action "in a separate dialog" or "in a popover": the state's
 * layouts with the action's state parameters, over the dashboard (reference console §5.4).
 */
export function StateOverlay({
  overlay,
  runtime,
  onClose,
}: {
  overlay: OverlayState;
  runtime: DashboardRuntime;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { action, state: opened, anchor } = overlay;
  const state = runtime.model.states[opened.id];
  if (!state) return null;
  const scoped = { ...runtime, stateParams: opened.params };
  const body = (
    <DashboardRuntimeContext.Provider value={scoped}>
      <StateLayouts state={state} model={runtime.model} />
    </DashboardRuntimeContext.Provider>
  );
  if (action.openInPopover === true && anchor) {
    return (
      <Popover
        open
        anchorEl={anchor}
        onClose={action.popoverHideOnClickOutside === false ? undefined : onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        transformOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Box
          data-testid={dashboardSelectors.stateOverlay}
          sx={{
            width: text(action.popoverWidth) ?? '25vw',
            minWidth: 280,
            height: text(action.popoverHeight) ?? '25vh',
            minHeight: 200,
            display: 'flex',
            flexDirection: 'column',
          }}
        >
          {body}
        </Box>
      </Popover>
    );
  }
  const title = text(action.dialogTitle) ?? stateTitle(state.name, opened.params);
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth={false}
      aria-labelledby="dashboard-state-dialog-title"
      slotProps={{
        paper: {
          sx: {
            width: sizeOf(action.dialogWidth, '80vw'),
            height: heightOf(action.dialogHeight, '80vh'),
            maxWidth: '100vw',
          },
        },
      }}
    >
      <DialogTitle id="dashboard-state-dialog-title" sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
        <Box component="span" sx={{ flex: 1, minWidth: 0 }}>
          {title}
        </Box>
        <IconButton aria-label={t('action.close')} onClick={onClose}>
          <Close />
        </IconButton>
      </DialogTitle>
      <Box
        data-testid={dashboardSelectors.stateOverlay}
        sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
      >
        {body}
      </Box>
    </Dialog>
  );
}
