import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Portal from '@mui/material/Portal';
import Snackbar from '@mui/material/Snackbar';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { coreSelectors } from '../../core-selectors';
import { useServices } from '../services/useServices';
import { PANEL_DISMISS_EXTRA_MS, ROOT_TOAST_TARGET, type Toast, type ToastType } from './toast-store';

const SEVERITY: Record<ToastType, AlertColor> = {
  error: 'error',
  warn: 'warning',
  success: 'success',
  info: 'info',
};

export interface ToastHostProps {
  /** Shows only toasts sent to this target. */
  target?: string;
}

/**
 * Shows the current toast of a target (spec 3 §4): a snack bar with the message and a Close button,
 * or, for a non-root target on screens of 960 px and up, a panel inside the target's container.
 */
export function ToastHost({ target = ROOT_TOAST_TARGET }: ToastHostProps) {
  const { toasts } = useServices();
  const { t } = useTranslation();
  const theme = useTheme();
  const isGtSm = useMediaQuery(theme.breakpoints.up('md'));
  const toast = useSyncExternalStore(
    toasts.subscribe,
    () => toasts.get(target),
    () => toasts.get(target),
  );
  const asPanel = target !== ROOT_TOAST_TARGET && isGtSm;

  useEffect(() => {
    if (!toast || !asPanel || toast.duration <= 0) {
      return undefined;
    }
    const timer = setTimeout(() => toasts.dismiss(toast.id), toast.duration + PANEL_DISMISS_EXTRA_MS);
    return () => clearTimeout(timer);
  }, [toast, asPanel, toasts]);

  if (!toast) {
    return null;
  }
  const close = () => toasts.dismiss(toast.id);
  const content = (
    <Alert
      severity={SEVERITY[toast.type]}
      variant="filled"
      data-testid={coreSelectors.app.toast}
      data-toast-type={toast.type}
      sx={{ whiteSpace: 'pre-line', minWidth: 288, maxWidth: 568, alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" onClick={close} data-testid={coreSelectors.app.toastClose}>
          {t('action.close')}
        </Button>
      }
    >
      {toast.message}
    </Alert>
  );
  if (asPanel) {
    return <PanelPosition toast={toast}>{content}</PanelPosition>;
  }
  // A portal keeps the toast outside the app root, which an open modal dialog hides from assistive tech.
  return (
    <Portal>
      <Snackbar
        key={toast.id}
        open
        anchorOrigin={{
          vertical: isGtSm ? toast.verticalPosition : 'bottom',
          horizontal: toast.horizontalPosition,
        }}
        autoHideDuration={toast.duration > 0 ? toast.duration : null}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') {
            close();
          }
        }}
      >
        {content}
      </Snackbar>
    </Portal>
  );
}

function PanelPosition({ toast, children }: { toast: Toast; children: React.ReactNode }) {
  const horizontal =
    toast.horizontalPosition === 'center'
      ? { left: '50%', transform: 'translateX(-50%)' }
      : { [toast.horizontalPosition]: 8 };
  return (
    <Box sx={{ position: 'absolute', zIndex: 'snackbar', [toast.verticalPosition]: 8, ...horizontal }}>
      {children}
    </Box>
  );
}
