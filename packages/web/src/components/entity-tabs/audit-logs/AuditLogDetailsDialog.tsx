import type { AuditLog } from '@meridian/common';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../i18n/useFormatters';
import { ViewDialog } from '../../entity-table/ViewDialog';
import { entityTypeLabel } from '../entity-type-labels';
import { jsonText, ReadonlyTextArea } from '../ReadonlyTextArea';
import { entityTabsSelectors } from '../selectors';
import { auditStatusLabel, auditTypeLabel } from './audit-labels';

const S = entityTabsSelectors.auditLogs;

/**
 * "Audit log details" (reference console §3.14): the action data as JSON, and the failure details of a
 * failed action. Above them the entry's own fields, because a phone's table shows only its type and
 * time: who did it and how it ended must still be a tap away.
 */
export function AuditLogDetailsDialog({ log, onClose }: { log: AuditLog; onClose: () => void }) {
  const { t } = useTranslation();
  const formats = useFormatters();
  const fields: [string, string, string][] = [
    ['createdTime', t('audit.timestamp'), formats.dateTime(log.createdTime)],
    ['actionType', t('audit.type'), auditTypeLabel(t, log.actionType)],
    ['actionStatus', t('audit.status'), auditStatusLabel(t, log)],
    ['userName', t('audit.user'), log.userName ?? ''],
    ['entityType', t('audit.entity-type'), log.entityId ? entityTypeLabel(t, log.entityId.entityType) : ''],
    ['entityName', t('audit.entity-name'), log.entityName ?? ''],
  ];
  return (
    <ViewDialog
      title={t('audit.audit-log-details')}
      onClose={onClose}
      maxWidth="md"
      testIds={{ dialog: S.detailsDialog, close: S.detailsClose }}
    >
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content minmax(0, 1fr)',
          columnGap: 2,
          rowGap: 0.5,
          m: 0,
          mb: 1,
        }}
      >
        {fields
          .filter(([, , value]) => value !== '')
          .map(([field, label, value]) => (
            <Box key={field} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{ m: 0, overflowWrap: 'anywhere' }}
                data-testid={S.summary(field)}
              >
                {value}
              </Typography>
            </Box>
          ))}
      </Box>
      <ReadonlyTextArea
        label={t('audit.action-data')}
        value={jsonText(log.actionData)}
        minRows={4}
        margin="dense"
        testId={S.actionData}
      />
      {log.actionStatus === 'FAILURE' && (
        <ReadonlyTextArea
          label={t('audit.failure-details')}
          value={log.actionFailureDetails ?? ''}
          minRows={2}
          margin="dense"
          testId={S.failureDetails}
        />
      )}
    </ViewDialog>
  );
}
