import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/entity-table/CopyButton';
import { selectors } from '../../selectors';

/** Shows a user's activation link with a copy button (reference console §3.2 "Activation link dialog"). */
export function ActivationLinkDialog({ link, onClose }: { link: string; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      data-testid={selectors.users.activationLinkDialog}
    >
      <DialogTitle id={titleId}>{t('users.activation-link')}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText>{t('users.activation-link-text')}</DialogContentText>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            mt: 1.5,
            p: 1,
            borderRadius: 1,
            bgcolor: (theme) => theme.palette.action.hover,
          }}
        >
          <Link
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ flex: 1, fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all' }}
            data-testid={selectors.users.activationLink}
          >
            {link}
          </Link>
          <CopyButton
            text={link}
            label={t('users.copy-activation-link')}
            testId={selectors.users.copyActivationLink}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button
          variant="contained"
          onClick={onClose}
          autoFocus
          data-testid={selectors.users.activationLinkOk}
        >
          {t('action.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
