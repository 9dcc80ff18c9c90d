import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../selectors';
import { PublicLink } from './PublicLink';

/** What "Make public" ends with: the dashboard's public link, to copy and share. */
export function PublicLinkDialog({
  title,
  link,
  onClose,
}: {
  /** The dashboard's title. */
  title: string;
  link: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      data-testid={selectors.dashboards.publicDialog}
    >
      <DialogTitle id={titleId}>{t('dashboards.public-dashboard-title')}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 1.5 }}>
          {t('dashboards.public-dashboard-text', { title })}
        </DialogContentText>
        <PublicLink
          link={link}
          testIds={{
            link: selectors.dashboards.publicDialogLink,
            copy: selectors.dashboards.publicDialogCopy,
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button
          variant="contained"
          onClick={onClose}
          autoFocus
          data-testid={selectors.dashboards.publicDialogOk}
        >
          {t('action.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
