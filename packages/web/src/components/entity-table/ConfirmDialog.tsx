import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../selectors';
import type { ConfirmRequest } from './types';

interface Pending extends ConfirmRequest {
  resolve: (ok: boolean) => void;
}

/**
 * A confirm dialog (spec 3 §2.1: title, message, Cancel and OK; yields true or false) owned by the
 * component that renders `element`. A second request while one is open dismisses the first.
 */
export function useConfirmDialog(): [ReactNode, (request: ConfirmRequest) => Promise<boolean>] {
  const { t } = useTranslation();
  const titleId = useId();
  const [pending, setPending] = useState<Pending | null>(null);
  const current = useRef<Pending | null>(null);

  const close = (ok: boolean) => {
    const open = current.current;
    current.current = null;
    setPending(null);
    open?.resolve(ok);
  };

  const confirm = useCallback(
    (request: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        current.current?.resolve(false);
        const next = { ...request, resolve };
        current.current = next;
        setPending(next);
      }),
    [],
  );

  const element = (
    <Dialog
      open={pending !== null}
      onClose={() => close(false)}
      aria-labelledby={titleId}
      data-testid={selectors.entityTable.confirmDialog}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{pending?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ whiteSpace: 'pre-line' }}>{pending?.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => close(false)} data-testid={selectors.entityTable.confirmCancel}>
          {pending?.cancelLabel ?? t('action.no')}
        </Button>
        <Button
          variant="contained"
          autoFocus
          onClick={() => close(true)}
          data-testid={selectors.entityTable.confirmOk}
        >
          {pending?.okLabel ?? t('action.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
  return [element, confirm];
}
