import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { selectors } from '../../selectors';
import { useAuthState } from '../services/useAuthState';

/** Remembered for the browser session only: the warning comes back at the next session. */
const DISMISSED_KEY = 'meridian.defaultPasswordWarningDismissed';

/**
 * Warns the system administrator while they sign in with the installed password (the server's
 * `additionalInfo.defaultPasswordInUse`, decision 0018), with a way to the change-password dialog.
 */
export function DefaultPasswordWarning() {
  const { t } = useTranslation();
  const { authUser, userDetails } = useAuthState();
  const [dismissed, setDismissed] = useState(() => window.sessionStorage.getItem(DISMISSED_KEY) === 'true');
  const applies =
    authUser?.authority === 'SYS_ADMIN' && userDetails?.additionalInfo?.defaultPasswordInUse === true;
  if (!applies || dismissed) return null;
  const dismiss = () => {
    window.sessionStorage.setItem(DISMISSED_KEY, 'true');
    setDismissed(true);
  };
  return (
    <Alert
      severity="warning"
      data-testid={selectors.shell.defaultPasswordWarning}
      action={
        // Alert drops its own close button when given an action, so both are here.
        <>
          <Button color="inherit" size="small" component={RouterLink} to="/profile?changePassword=true">
            {t('home.change-default-password')}
          </Button>
          <IconButton color="inherit" size="small" aria-label={t('action.close')} onClick={dismiss}>
            <Close fontSize="small" />
          </IconButton>
        </>
      }
      sx={{ borderRadius: 0, alignItems: 'center' }}
    >
      {t('home.default-password-in-use')}
    </Alert>
  );
}
