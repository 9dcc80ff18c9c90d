import type { AuditLog } from '@meridian/common';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { entityTabsSelectors } from '../selectors';

const S = entityTabsSelectors.auditLogs;

/** "Audit log details" (reference console §3.14): the action data as JSON, and the failure details of a failed action. */
export function AuditLogDetailsDialog({ log, onClose }: { log: AuditLog; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const actionData =
    log.actionData === null || log.actionData === undefined ? '' : JSON.stringify(log.actionData, null, 2);
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      data-testid={S.detailsDialog}
    >
      <DialogTitle id={titleId}>{t('audit.audit-log-details')}</DialogTitle>
      <DialogContent dividers>
        <TextField
          fullWidth
          multiline
          minRows={4}
          maxRows={20}
          margin="dense"
          label={t('audit.action-data')}
          value={actionData}
          slotProps={{
            htmlInput: {
              readOnly: true,
              'data-testid': S.actionData,
              style: { fontFamily: 'monospace', fontSize: 13 },
            },
          }}
        />
        {log.actionStatus === 'FAILURE' && (
          <TextField
            fullWidth
            multiline
            minRows={2}
            maxRows={20}
            margin="dense"
            label={t('audit.failure-details')}
            value={log.actionFailureDetails ?? ''}
            slotProps={{
              htmlInput: {
                readOnly: true,
                'data-testid': S.failureDetails,
                style: { fontFamily: 'monospace', fontSize: 13 },
              },
            }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={S.detailsClose}>
          {t('action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
