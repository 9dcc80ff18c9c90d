import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type Control, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../../selectors';
import { AddButton } from '../../AddButton';
import { AlarmRuleEditor } from './AlarmRuleEditor';
import { type AlarmRulesFormHost, newAlarmValues } from './alarm-rule-values';
import type { DashboardFieldRenderer } from './ConditionEditor';

const S = selectors.alarmRules;

export interface AlarmRulesEditorProps {
  control: Control<AlarmRulesFormHost>;
  disabled: boolean;
  /** The mobile dashboard picker of each rule; the feature using the editor supplies it. */
  dashboardField?: DashboardFieldRenderer;
}

/**
 * The alarm rules of a device profile (reference console §3.7 "Alarm rules"): one entry per alarm
 * type, added and removed here; read-only when `disabled`.
 */
export function AlarmRulesEditor({ control, disabled, dashboardField }: AlarmRulesEditorProps) {
  const { t } = useTranslation();
  // Alarms carry their own `id` (as alarmId); the array's row keys stay react-hook-form's.
  const alarms = useFieldArray({ control, name: 'alarms' });
  return (
    <Box>
      {alarms.fields.map((field, index) => (
        <AlarmRuleEditor
          key={field.id}
          control={control}
          index={index}
          disabled={disabled}
          onRemove={() => alarms.remove(index)}
          dashboardField={dashboardField}
        />
      ))}
      {alarms.fields.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ my: 2 }} data-testid={S.noAlarms}>
          {t('device-profile.alarm-rules.no-alarms')}
        </Typography>
      )}
      {!disabled && (
        <AddButton
          label={t('device-profile.alarm-rules.add-alarm')}
          onClick={() => alarms.append(newAlarmValues())}
          testId={S.addAlarm}
        />
      )}
    </Box>
  );
}
