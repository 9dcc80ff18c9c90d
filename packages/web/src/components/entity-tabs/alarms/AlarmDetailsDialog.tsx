import type { AlarmInfo } from '@meridian/common';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../i18n/useFormatters';
import { ViewDialog } from '../../entity-table/ViewDialog';
import { jsonText, ReadonlyTextArea } from '../ReadonlyTextArea';
import { entityTabsSelectors } from '../selectors';
import { canAcknowledge, canClear, severityColor, severityLabel, statusLabel } from './alarm-labels';
import type { AlarmsTabApi } from './types';

const S = entityTabsSelectors.alarms;

/** A read-only field of the dialog; `name` picks its test id. */
function ReadonlyField({
  name,
  label,
  value,
  color,
}: {
  name: string;
  label: string;
  value: string;
  color?: string;
}) {
  return (
    <TextField
      fullWidth
      size="small"
      label={label}
      value={value}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: {
          readOnly: true,
          'data-testid': S.detailsField(name),
          style: color ? { color, fontWeight: 'bold' } : undefined,
        },
      }}
    />
  );
}

export interface AlarmDetailsDialogProps {
  alarm: AlarmInfo;
  api: Pick<AlarmsTabApi, 'ackAlarm' | 'clearAlarm' | 'getAlarmInfo'>;
  /** Called after the alarm was acknowledged or cleared, so the list can reload. */
  onChanged: () => void;
  onClose: () => void;
}

/**
 * "Alarm details" (reference console §4.3): times, originator, type, severity, status and the
 * details JSON. Acknowledge is offered while the alarm is unacknowledged, Clear while it is active;
 * after either the dialog shows the alarm as the server now has it.
 */
export function AlarmDetailsDialog({ alarm: initial, api, onChanged, onClose }: AlarmDetailsDialogProps) {
  const { t } = useTranslation();
  const formats = useFormatters();
  /** An alarm timestamp; 0 means "not yet" and shows empty. */
  const timeText = (ts: number) => (ts > 0 ? formats.dateTime(ts) : '');
  const [alarm, setAlarm] = useState(initial);
  const [busy, setBusy] = useState(false);

  const run = async (action: (alarmId: string) => Promise<unknown>) => {
    setBusy(true);
    try {
      await action(alarm.id.id);
    } catch {
      // Shown by the HTTP client; the alarm is as it was.
      setBusy(false);
      return;
    }
    onChanged();
    try {
      setAlarm(await api.getAlarmInfo(alarm.id.id));
    } catch {
      // Shown by the HTTP client; the list still reloads.
    } finally {
      setBusy(false);
    }
  };
  const actionButton = (label: string, action: (alarmId: string) => Promise<unknown>, testId: string) => (
    <Button variant="contained" disabled={busy} onClick={() => void run(action)} data-testid={testId}>
      {label}
    </Button>
  );

  return (
    <ViewDialog
      title={t('alarm.alarm-details')}
      onClose={onClose}
      testIds={{ dialog: S.detailsDialog, close: S.detailsClose }}
      actions={
        <>
          {canAcknowledge(alarm) && actionButton(t('alarm.acknowledge'), api.ackAlarm, S.ack)}
          {canClear(alarm) && actionButton(t('alarm.clear'), api.clearAlarm, S.clear)}
        </>
      }
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
        <ReadonlyField
          name="created-time"
          label={t('alarm.created-time')}
          value={timeText(alarm.createdTime)}
        />
        <ReadonlyField name="originator" label={t('alarm.originator')} value={alarm.originatorName ?? ''} />
        <ReadonlyField name="start-time" label={t('alarm.start-time')} value={timeText(alarm.startTs)} />
        <ReadonlyField name="end-time" label={t('alarm.end-time')} value={timeText(alarm.endTs)} />
        {alarm.ackTs > 0 && (
          <ReadonlyField name="ack-time" label={t('alarm.ack-time')} value={timeText(alarm.ackTs)} />
        )}
        {alarm.clearTs > 0 && (
          <ReadonlyField name="clear-time" label={t('alarm.clear-time')} value={timeText(alarm.clearTs)} />
        )}
        <ReadonlyField name="type" label={t('alarm.type')} value={alarm.type} />
        <ReadonlyField
          name="severity"
          label={t('alarm.severity')}
          value={severityLabel(t, alarm.severity)}
          color={severityColor(alarm.severity)}
        />
        <ReadonlyField name="status" label={t('alarm.status')} value={statusLabel(t, alarm.status)} />
      </Box>
      <ReadonlyTextArea
        label={t('alarm.details')}
        value={jsonText(alarm.details)}
        minRows={4}
        margin="normal"
        shrinkLabel
        testId={S.detailsField('details')}
      />
    </ViewDialog>
  );
}
