import type { AlarmCondition, AlarmSchedule } from '@meridian/common';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { type Control, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../i18n/useFormatters';
import { selectors } from '../../../selectors';
import { FormTextArea } from '../../entity-table/FormTextArea';
import { conditionText, scheduleText, specText } from './alarm-rule-summary';
import type { AlarmRulesFormHost } from './alarm-rule-values';
import { ConditionDialog } from './ConditionDialog';
import { ScheduleDialog } from './ScheduleDialog';

const S = selectors.alarmRules;

/** Where a rule sits in the profile form: a create condition or the clear condition of an alarm. */
export type AlarmRulePath = `alarms.${number}.createRules.${number}.rule` | `alarms.${number}.clearRule`;

/** Draws the mobile dashboard picker of a rule, bound to `name` (a dashboard id or null). */
export type DashboardFieldRenderer = (props: {
  control: Control<AlarmRulesFormHost>;
  name: `${AlarmRulePath}.dashboardId`;
  disabled: boolean;
}) => ReactNode;

export interface ConditionEditorProps {
  control: Control<AlarmRulesFormHost>;
  name: AlarmRulePath;
  disabled: boolean;
  /** Test-id path of the rule (selectors.alarmRules.rulePath). */
  testPath: string;
  dashboardField?: DashboardFieldRenderer;
}

/** A labelled line of the rule: its text and, while editing, an edit button. */
function SummaryLine({
  label,
  text,
  error,
  testId,
  edit,
}: {
  label: string;
  text: string;
  error?: boolean;
  testId: string;
  edit?: { label: string; onClick: () => void; testId: string };
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 40 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 120 }}>
        {label}
      </Typography>
      <Typography
        variant="body2"
        color={error ? 'error' : 'text.primary'}
        sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
        data-testid={testId}
      >
        {text}
      </Typography>
      {edit && (
        <Tooltip title={edit.label}>
          <IconButton size="small" aria-label={edit.label} onClick={edit.onClick} data-testid={edit.testId}>
            <Edit fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

/**
 * One create or clear condition of an alarm (reference console §3.7): the key filters and condition
 * type as text with a dialog to edit them, the schedule likewise, the alarm details template and
 * the mobile dashboard. The rule is valid only with at least one key filter (spec 2 §5).
 */
export function ConditionEditor({ control, name, disabled, testPath, dashboardField }: ConditionEditorProps) {
  const { t } = useTranslation();
  const formats = useFormatters();
  const [dialog, setDialog] = useState<'condition' | 'schedule' | null>(null);
  const condition = useController({
    control,
    name: `${name}.condition`,
    rules: {
      validate: (value: AlarmCondition) =>
        (value?.condition?.length ?? 0) > 0 || 'device-profile.alarm-rules.condition-required',
    },
  });
  const schedule = useController({ control, name: `${name}.schedule` });
  const conditionValue = condition.field.value as AlarmCondition;
  const scheduleValue = schedule.field.value as AlarmSchedule;
  const filtersText = conditionText(conditionValue, t, formats.dateTime);
  const missing = filtersText === '';
  // Read-only rules offer no dialog.
  const editOf = (opens: 'condition' | 'schedule', label: string, testId: string) =>
    disabled ? undefined : { label, onClick: () => setDialog(opens), testId };
  const closeDialog = () => setDialog(null);
  // A dialog's Save stores what it edited and closes it.
  const saveTo = (field: { onChange: (value: unknown) => void }) => (next: unknown) => {
    field.onChange(next);
    closeDialog();
  };

  return (
    <Box>
      <SummaryLine
        label={t('device-profile.alarm-rules.condition')}
        text={missing ? t('device-profile.alarm-rules.condition-required') : filtersText}
        error={missing}
        testId={S.conditionText(testPath)}
        edit={editOf('condition', t('device-profile.alarm-rules.edit-condition'), S.editCondition(testPath))}
      />
      <SummaryLine
        label={t('device-profile.alarm-rules.condition-type')}
        text={specText(conditionValue?.spec, t)}
        testId={S.specText(testPath)}
      />
      <SummaryLine
        label={t('device-profile.alarm-rules.schedule')}
        text={scheduleText(scheduleValue, t)}
        testId={S.scheduleText(testPath)}
        edit={editOf('schedule', t('device-profile.alarm-rules.edit-schedule'), S.editSchedule(testPath))}
      />
      <FormTextArea
        control={control}
        name={`${name}.alarmDetails`}
        label={t('device-profile.alarm-rules.alarm-details')}
        helperText={disabled ? undefined : t('device-profile.alarm-rules.alarm-details-hint')}
        minRows={1}
        maxRows={6}
        disabled={disabled}
        testId={S.details(testPath)}
      />
      {dashboardField?.({ control, name: `${name}.dashboardId`, disabled })}
      {dialog === 'condition' && (
        <ConditionDialog condition={conditionValue} onSave={saveTo(condition.field)} onClose={closeDialog} />
      )}
      {dialog === 'schedule' && (
        <ScheduleDialog schedule={scheduleValue} onSave={saveTo(schedule.field)} onClose={closeDialog} />
      )}
    </Box>
  );
}
