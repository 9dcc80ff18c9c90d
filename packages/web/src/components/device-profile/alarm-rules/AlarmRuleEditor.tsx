import { ALARM_SEVERITIES } from '@meridian/common';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type Control, useController, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../../selectors';
import { AddButton } from '../../AddButton';
import { FormCheckbox } from '../../FormCheckbox';
import { FormSelectField } from '../../FormSelectField';
import { FormTextField } from '../../FormTextField';
import { KeysListInput } from '../../KeysListInput';
import {
  type AlarmRulesFormHost,
  alarmTypeError,
  type CreateRuleValues,
  newAlarmRuleValues,
  unusedSeverities,
} from './alarm-rule-values';
import { ConditionEditor, type DashboardFieldRenderer } from './ConditionEditor';
import { RemoveItem } from './RemoveItem';

const S = selectors.alarmRules;

export interface AlarmRuleEditorProps {
  control: Control<AlarmRulesFormHost>;
  index: number;
  disabled: boolean;
  onRemove: () => void;
  dashboardField?: DashboardFieldRenderer;
}

function CreateRules({ control, index, disabled, dashboardField }: Omit<AlarmRuleEditorProps, 'onRemove'>) {
  const { t } = useTranslation();
  const rules = useFieldArray({
    control,
    name: `alarms.${index}.createRules`,
    rules: { validate: (items) => items.length > 0 || 'device-profile.alarm-rules.create-rules-required' },
  });
  const current = (useWatch({ control, name: `alarms.${index}.createRules` }) ?? []) as CreateRuleValues[];
  const { errors } = useFormState({ control, name: `alarms.${index}.createRules` });
  const rootError = errors.alarms?.[index]?.createRules?.root?.message;
  const unused = unusedSeverities(current);
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {t('device-profile.alarm-rules.create-conditions')}
      </Typography>
      {rules.fields.map((field, ruleIndex) => {
        const own = current[ruleIndex]?.severity ?? field.severity;
        const options = ALARM_SEVERITIES.filter((severity) => severity === own || unused.includes(severity));
        const path = S.rulePath(index, ruleIndex);
        return (
          <Paper key={field.id} variant="outlined" sx={{ p: 1.5, mt: 1 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Box sx={{ width: 240 }}>
                <FormSelectField
                  control={control}
                  name={`alarms.${index}.createRules.${ruleIndex}.severity`}
                  label={t('device-profile.alarm-rules.severity')}
                  options={options}
                  optionLabel={(severity) => t(`device-profile.alarm-rules.severities.${severity}`)}
                  disabled={disabled}
                  testId={S.severity(index, ruleIndex)}
                />
              </Box>
              <Box sx={{ flex: 1 }} />
              {!disabled && rules.fields.length > 1 && (
                <RemoveItem
                  label={t('device-profile.alarm-rules.remove-create-condition')}
                  onClick={() => rules.remove(ruleIndex)}
                  testId={S.removeCreateRule(index, ruleIndex)}
                />
              )}
            </Box>
            <ConditionEditor
              control={control}
              name={`alarms.${index}.createRules.${ruleIndex}.rule`}
              disabled={disabled}
              testPath={path}
              dashboardField={dashboardField}
            />
          </Paper>
        );
      })}
      {rootError && (
        <FormHelperText error data-testid={S.createRulesError(index)}>
          {t(rootError)}
        </FormHelperText>
      )}
      {!disabled && unused.length > 0 && (
        <AddButton
          label={t('device-profile.alarm-rules.add-create-condition')}
          sx={{ mt: 1 }}
          onClick={() => rules.append({ severity: unused[0] ?? 'CRITICAL', rule: newAlarmRuleValues() })}
          testId={S.addCreateRule(index)}
        />
      )}
    </Box>
  );
}

function ClearRule({ control, index, disabled, dashboardField }: Omit<AlarmRuleEditorProps, 'onRemove'>) {
  const { t } = useTranslation();
  const { field } = useController({ control, name: `alarms.${index}.clearRule` });
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t('device-profile.alarm-rules.clear-condition')}
      </Typography>
      {field.value ? (
        <Paper variant="outlined" sx={{ p: 1.5, mt: 1 }}>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            {!disabled && (
              <RemoveItem
                label={t('device-profile.alarm-rules.remove-clear-condition')}
                onClick={() => field.onChange(null)}
                testId={S.removeClearRule(index)}
              />
            )}
          </Box>
          <ConditionEditor
            control={control}
            name={`alarms.${index}.clearRule`}
            disabled={disabled}
            testPath={S.rulePath(index, 'clear')}
            dashboardField={dashboardField}
          />
        </Paper>
      ) : disabled ? (
        <Typography variant="body2" color="text.secondary">
          {t('device-profile.alarm-rules.no-clear-condition')}
        </Typography>
      ) : (
        <AddButton
          label={t('device-profile.alarm-rules.add-clear-condition')}
          onClick={() => field.onChange(newAlarmRuleValues())}
          testId={S.addClearRule(index)}
        />
      )}
    </Box>
  );
}

function AdvancedSettings({
  control,
  index,
  disabled,
}: Omit<AlarmRuleEditorProps, 'onRemove' | 'dashboardField'>) {
  const { t } = useTranslation();
  const propagate = useWatch({ control, name: `alarms.${index}.propagate` });
  const relationTypes = useController({ control, name: `alarms.${index}.propagateRelationTypes` });
  const flag = (
    name: 'propagate' | 'propagateToOwner' | 'propagateToTenant',
    label: string,
    testId: string,
  ) => (
    <FormCheckbox
      control={control}
      name={`alarms.${index}.${name}`}
      label={t(`device-profile.alarm-rules.${label}`)}
      disabled={disabled}
      testId={testId}
    />
  );
  return (
    <Accordion disableGutters variant="outlined" sx={{ mt: 2 }}>
      <AccordionSummary expandIcon={<ExpandMore />}>
        <Typography variant="subtitle2">{t('device-profile.alarm-rules.advanced-settings')}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        {flag('propagate', 'propagate', S.propagate(index))}
        {propagate && (
          <>
            <KeysListInput
              label={t('device-profile.alarm-rules.relation-types')}
              value={relationTypes.field.value ?? []}
              onChange={(keys) => relationTypes.field.onChange(keys)}
              disabled={disabled}
              placeholder={t('device-profile.alarm-rules.relation-types-placeholder')}
              testId={S.relationTypes(index)}
            />
            <FormHelperText>{t('device-profile.alarm-rules.relation-types-hint')}</FormHelperText>
          </>
        )}
        <Box>{flag('propagateToOwner', 'propagate-to-owner', S.propagateToOwner(index))}</Box>
        <Box>{flag('propagateToTenant', 'propagate-to-tenant', S.propagateToTenant(index))}</Box>
      </AccordionDetails>
    </Accordion>
  );
}

/**
 * One alarm of a device profile (reference console §3.7): its type (required, unique in the profile),
 * the create conditions keyed by severity, the optional clear condition, and how the alarm is
 * propagated. An alarm needs at least one create condition (spec 2 §5).
 */
export function AlarmRuleEditor({
  control,
  index,
  disabled,
  onRemove,
  dashboardField,
}: AlarmRuleEditorProps) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid={S.alarm(index)}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <FormTextField
          control={control}
          name={`alarms.${index}.alarmType`}
          label={t('device-profile.alarm-rules.alarm-type')}
          required
          disabled={disabled}
          rules={{
            validate: (value: string, form: AlarmRulesFormHost) =>
              alarmTypeError(value, index, form.alarms) ?? true,
          }}
          testId={S.alarmType(index)}
        />
        {!disabled && (
          <RemoveItem
            sx={{ pt: 1.5 }}
            label={t('device-profile.alarm-rules.remove-alarm')}
            onClick={onRemove}
            testId={S.removeAlarm(index)}
          />
        )}
      </Box>
      <CreateRules control={control} index={index} disabled={disabled} dashboardField={dashboardField} />
      <ClearRule control={control} index={index} disabled={disabled} dashboardField={dashboardField} />
      <AdvancedSettings control={control} index={index} disabled={disabled} />
    </Paper>
  );
}
