import { ALARM_CONDITION_TYPES, type AlarmCondition } from '@meridian/common';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useController, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../../selectors';
import { AddButton } from '../../AddButton';
import { FormSelectField } from '../../FormSelectField';
import { formRow } from '../../form-row';
import {
  ALARM_DURATION_UNITS,
  type ConditionValues,
  conditionOf,
  conditionValuesOf,
  countError,
  newFilterValues,
  type OperandValues,
  specError,
} from './condition-values';
import { KeyFilterFields } from './KeyFilterFields';
import { OperandFields } from './OperandFields';
import { RuleDialog } from './RuleDialog';

const S = selectors.alarmRules;

export interface ConditionDialogProps {
  condition: AlarmCondition;
  onSave: (condition: AlarmCondition) => void;
  onClose: () => void;
}

/**
 * Edits an alarm rule's condition (reference console §3.7): its key filters, all of which must
 * hold, and the condition type — at once (Simple), for a duration, or for a number of events in a row.
 * A condition needs at least one key filter (spec 2 §5).
 */
export function ConditionDialog({ condition, onSave, onClose }: ConditionDialogProps) {
  const { t } = useTranslation();
  const form = useForm<ConditionValues>({ defaultValues: conditionValuesOf(condition), mode: 'onChange' });
  const { control } = form;
  const filters = useFieldArray({
    control,
    name: 'filters',
    rules: { validate: (items) => items.length > 0 || 'device-profile.alarm-rules.filters-required' },
  });
  const specType = useWatch({ control, name: 'spec.type' });
  const operand = useController({
    control,
    name: 'spec.operand',
    rules: { validate: (_value, values: ConditionValues) => specError(values.spec) ?? true },
  });
  const { isSubmitted, errors } = form.formState;
  const filtersError = errors.filters?.root?.message;

  return (
    <RuleDialog
      title={t('device-profile.alarm-rules.edit-condition')}
      onClose={onClose}
      onSubmit={(event) => void form.handleSubmit((values) => onSave(conditionOf(values)))(event)}
      testIds={{ dialog: S.conditionDialog, cancel: S.conditionCancel, submit: S.conditionSave }}
    >
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('device-profile.alarm-rules.key-filters')}
      </Typography>
      {filters.fields.map((field, index) => (
        <KeyFilterFields
          key={field.id}
          control={control}
          index={index}
          onRemove={() => filters.remove(index)}
        />
      ))}
      {filters.fields.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('device-profile.alarm-rules.no-filters')}
        </Typography>
      )}
      {filtersError && (
        <FormHelperText error data-testid={S.filtersError}>
          {t(filtersError)}
        </FormHelperText>
      )}
      <AddButton
        label={t('device-profile.alarm-rules.add-filter')}
        onClick={() => filters.append(newFilterValues())}
        testId={S.addFilter}
      />
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t('device-profile.alarm-rules.condition-type')}
      </Typography>
      <Box sx={formRow}>
        <FormSelectField
          control={control}
          name="spec.type"
          label={t('device-profile.alarm-rules.condition-type')}
          options={ALARM_CONDITION_TYPES}
          optionLabel={(type) => t(`device-profile.alarm-rules.condition-types.${type}`)}
          testId={S.specType}
        />
        {specType === 'DURATION' && (
          <FormSelectField
            control={control}
            name="spec.unit"
            label={t('device-profile.alarm-rules.duration-unit')}
            options={ALARM_DURATION_UNITS}
            optionLabel={(unit) => t(`device-profile.alarm-rules.units.${unit}`)}
            testId={S.specUnit}
          />
        )}
      </Box>
      {specType !== 'SIMPLE' && (
        <OperandFields
          value={operand.field.value}
          onChange={(next: OperandValues) => operand.field.onChange(next)}
          valueType="NUMERIC"
          label={t(
            specType === 'DURATION'
              ? 'device-profile.alarm-rules.duration-value'
              : 'device-profile.alarm-rules.repeating-count',
          )}
          disabled={false}
          showErrors={isSubmitted || operand.fieldState.isDirty}
          valueErrorKey={countError(operand.field.value.value)}
          testIds={{
            value: S.predicateValue('spec'),
            source: S.predicateSource('spec'),
            sourceAttribute: S.predicateSourceAttribute('spec'),
            inherit: S.predicateInherit('spec'),
          }}
        />
      )}
    </RuleDialog>
  );
}
