import type { AuditLog } from '@meridian/common';
import { useTranslation } from 'react-i18next';
import { ViewDialog } from '../../entity-table/ViewDialog';
import { jsonText, ReadonlyTextArea } from '../ReadonlyTextArea';
import { entityTabsSelectors } from '../selectors';

const S = entityTabsSelectors.auditLogs;

/** "Audit log details" (reference console §3.14): the action data as JSON, and the failure details of a failed action. */
export function AuditLogDetailsDialog({ log, onClose }: { log: AuditLog; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ViewDialog
      title={t('audit.audit-log-details')}
      onClose={onClose}
      maxWidth="md"
      testIds={{ dialog: S.detailsDialog, close: S.detailsClose }}
    >
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
