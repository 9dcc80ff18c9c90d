import { ALARM_CONDITION_KEY_TYPES, ENTITY_KEY_VALUE_TYPES, type EntityKeyValueType } from '@meridian/common';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { type Control, useController, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../../selectors';
import { formRow } from '../../form-row';
import {
  ALARM_ENTITY_FIELDS,
  type ConditionValues,
  type FilterValues,
  newComplexPredicate,
  newSimplePredicate,
  type PredicateValues,
  predicateError,
  predicateForValueType,
  valueError,
  valueText,
} from './condition-values';
import { PredicateEditor } from './PredicateEditor';
import { RemoveItem } from './RemoveItem';
import { RuleSelect } from './RuleSelect';
import { ValueField } from './ValueField';

const S = selectors.alarmRules;

const PREDICATE_KINDS: readonly PredicateValues['kind'][] = ['SIMPLE', 'COMPLEX'];

/** The first simple predicate of a group, for turning a complex predicate back into a simple one. */
function firstSimple(predicate: PredicateValues): PredicateValues | null {
  if (predicate.kind === 'SIMPLE') {
    return predicate;
  }
  for (const child of predicate.predicates) {
    const found = firstSimple(child);
    if (found) {
      return found;
    }
  }
  return null;
}

/** Value type an entity field is compared as: the creation time is a date, the rest text. */
function entityFieldValueType(field: string): EntityKeyValueType {
  return field === 'createdTime' ? 'DATE_TIME' : 'STRING';
}

export interface KeyFilterFieldsProps {
  control: Control<ConditionValues>;
  index: number;
  onRemove: () => void;
}

/**
 * One key filter of an alarm condition (reference §1.5 AlarmConditionFilter): the key (attribute,
 * time series, entity field or constant), the type its value is compared as, the constant's value,
 * and the predicate. Changing the value type resets the predicate's operations and values.
 */
export function KeyFilterFields({ control, index, onRemove }: KeyFilterFieldsProps) {
  const { t } = useTranslation();
  const { isSubmitted } = useFormState({ control });
  const prefix = `filters.${index}` as const;
  const keyType = useController({ control, name: `${prefix}.keyType` });
  const key = useController({
    control,
    name: `${prefix}.key`,
    rules: {
      validate: (value: string) => value.trim().length > 0 || 'device-profile.alarm-rules.key-required',
    },
  });
  const valueType = useController({ control, name: `${prefix}.valueType` });
  const constant = useController({
    control,
    name: `${prefix}.constantValue`,
    rules: {
      validate: (value: string, form: ConditionValues) => {
        const filter = form.filters[index];
        return filter?.keyType !== 'CONSTANT' || (valueError(value, filter.valueType) ?? true);
      },
    },
  });
  const predicate = useController({
    control,
    name: `${prefix}.predicate`,
    rules: {
      validate: (value: PredicateValues, form: ConditionValues) =>
        predicateError(value, form.filters[index]?.valueType ?? 'STRING') ?? true,
    },
  });
  const type = keyType.field.value as FilterValues['keyType'];
  const currentValueType = valueType.field.value as EntityKeyValueType;
  const currentPredicate = predicate.field.value as PredicateValues;

  const changeValueType = (next: EntityKeyValueType) => {
    valueType.field.onChange(next);
    predicate.field.onChange(predicateForValueType(currentPredicate, next));
    constant.field.onChange(valueText(null, next));
  };
  const changeKeyType = (next: FilterValues['keyType']) => {
    keyType.field.onChange(next);
    if (next === 'ENTITY_FIELD') {
      const field = ALARM_ENTITY_FIELDS[1] ?? 'name';
      key.field.onChange(field);
      changeValueType(entityFieldValueType(field));
    } else if (type === 'ENTITY_FIELD') {
      key.field.onChange('');
    }
  };
  const entityFields = ALARM_ENTITY_FIELDS.includes(key.field.value as never)
    ? ALARM_ENTITY_FIELDS
    : [...ALARM_ENTITY_FIELDS, key.field.value as string];
  const keyError = key.fieldState.error?.message;

  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 1.5 }} data-testid={S.filter(index)}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ ...formRow, flex: 1, minWidth: 0 }}>
          <RuleSelect
            fullWidth
            label={t('device-profile.alarm-rules.key-type')}
            value={type}
            options={ALARM_CONDITION_KEY_TYPES}
            optionLabel={(option) => t(`device-profile.alarm-rules.key-types.${option}`)}
            onChange={changeKeyType}
            testId={S.filterKeyType(index)}
          />
          {type === 'ENTITY_FIELD' ? (
            <RuleSelect
              fullWidth
              label={t('device-profile.alarm-rules.key-name')}
              value={key.field.value}
              options={entityFields}
              optionLabel={(field) =>
                t(`device-profile.alarm-rules.entity-fields.${field}`, { defaultValue: field })
              }
              onChange={(field) => {
                key.field.onChange(field);
                changeValueType(entityFieldValueType(field));
              }}
              testId={S.filterKey(index)}
            />
          ) : (
            <TextField
              fullWidth
              margin="dense"
              size="small"
              required
              label={t('device-profile.alarm-rules.key-name')}
              name={key.field.name}
              value={key.field.value}
              onChange={(event) => key.field.onChange(event.target.value)}
              onBlur={key.field.onBlur}
              inputRef={key.field.ref}
              error={keyError !== undefined}
              helperText={keyError ? t(keyError) : undefined}
              slotProps={{ htmlInput: { 'data-testid': S.filterKey(index) } }}
            />
          )}
          <RuleSelect
            fullWidth
            label={t('device-profile.alarm-rules.value-type')}
            value={currentValueType}
            options={ENTITY_KEY_VALUE_TYPES}
            optionLabel={(option) => t(`device-profile.alarm-rules.value-types.${option}`)}
            onChange={changeValueType}
            testId={S.filterValueType(index)}
          />
          {type === 'CONSTANT' && (
            <ValueField
              valueType={currentValueType}
              label={t('device-profile.alarm-rules.constant-value')}
              value={constant.field.value}
              onChange={(next) => constant.field.onChange(next)}
              required={currentValueType !== 'STRING'}
              error={constant.fieldState.error?.message}
              testId={S.filterConstant(index)}
            />
          )}
        </Box>
        <RemoveItem
          sx={{ pt: 1 }}
          label={t('device-profile.alarm-rules.remove-filter')}
          onClick={onRemove}
          testId={S.removeFilter(index)}
        />
      </Box>
      <RuleSelect
        label={t('device-profile.alarm-rules.predicate-kind')}
        value={currentPredicate.kind}
        options={PREDICATE_KINDS}
        optionLabel={(kind) => t(`device-profile.alarm-rules.predicate-kinds.${kind}`)}
        onChange={(kind) => {
          if (kind === 'COMPLEX') {
            const wrapped = newComplexPredicate(currentValueType);
            predicate.field.onChange({ ...wrapped, predicates: [currentPredicate] });
          } else {
            predicate.field.onChange(firstSimple(currentPredicate) ?? newSimplePredicate(currentValueType));
          }
        }}
        minWidth={240}
        testId={S.filterPredicateKind(index)}
      />
      <PredicateEditor
        value={currentPredicate}
        onChange={(next) => predicate.field.onChange(next)}
        valueType={currentValueType}
        disabled={false}
        showErrors={isSubmitted}
        path={String(index)}
      />
    </Paper>
  );
}
