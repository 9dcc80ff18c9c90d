import { ALARM_CONDITION_KEY_TYPES, ENTITY_KEY_VALUE_TYPES, type EntityKeyValueType } from '@meridian/common';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { type Control, useController, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../../selectors';
import { formRow } from '../../form-row';
import { RemoveButton } from '../RemoveButton';
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

const S = selectors.alarmRules;

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
  const constantError = constant.fieldState.error?.message;
  const selectTestId = (testId: string) => ({
    select: { SelectDisplayProps: { 'data-testid': testId } as object },
  });

  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 1.5 }} data-testid={S.filter(index)}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ ...formRow, flex: 1, minWidth: 0 }}>
          <TextField
            select
            fullWidth
            margin="dense"
            size="small"
            label={t('device-profile.alarm-rules.key-type')}
            value={type}
            onChange={(event) => changeKeyType(event.target.value as FilterValues['keyType'])}
            slotProps={selectTestId(S.filterKeyType(index))}
          >
            {ALARM_CONDITION_KEY_TYPES.map((option) => (
              <MenuItem key={option} value={option}>
                {t(`device-profile.alarm-rules.key-types.${option}`)}
              </MenuItem>
            ))}
          </TextField>
          {type === 'ENTITY_FIELD' ? (
            <TextField
              select
              fullWidth
              margin="dense"
              size="small"
              label={t('device-profile.alarm-rules.key-name')}
              value={key.field.value}
              onChange={(event) => {
                key.field.onChange(event.target.value);
                changeValueType(entityFieldValueType(event.target.value));
              }}
              slotProps={selectTestId(S.filterKey(index))}
            >
              {entityFields.map((field) => (
                <MenuItem key={field} value={field}>
                  {t(`device-profile.alarm-rules.entity-fields.${field}`, { defaultValue: field })}
                </MenuItem>
              ))}
            </TextField>
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
          <TextField
            select
            fullWidth
            margin="dense"
            size="small"
            label={t('device-profile.alarm-rules.value-type')}
            value={currentValueType}
            onChange={(event) => changeValueType(event.target.value as EntityKeyValueType)}
            slotProps={selectTestId(S.filterValueType(index))}
          >
            {ENTITY_KEY_VALUE_TYPES.map((option) => (
              <MenuItem key={option} value={option}>
                {t(`device-profile.alarm-rules.value-types.${option}`)}
              </MenuItem>
            ))}
          </TextField>
          {type === 'CONSTANT' &&
            (currentValueType === 'BOOLEAN' ? (
              <TextField
                select
                fullWidth
                margin="dense"
                size="small"
                label={t('device-profile.alarm-rules.constant-value')}
                value={constant.field.value === 'true' ? 'true' : 'false'}
                onChange={(event) => constant.field.onChange(event.target.value)}
                slotProps={selectTestId(S.filterConstant(index))}
              >
                <MenuItem value="true">{t('device-profile.alarm-rules.boolean-values.true')}</MenuItem>
                <MenuItem value="false">{t('device-profile.alarm-rules.boolean-values.false')}</MenuItem>
              </TextField>
            ) : (
              <TextField
                fullWidth
                margin="dense"
                size="small"
                required={currentValueType !== 'STRING'}
                type={
                  currentValueType === 'NUMERIC'
                    ? 'number'
                    : currentValueType === 'DATE_TIME'
                      ? 'datetime-local'
                      : 'text'
                }
                label={t('device-profile.alarm-rules.constant-value')}
                value={constant.field.value}
                onChange={(event) => constant.field.onChange(event.target.value)}
                error={constantError !== undefined}
                helperText={constantError ? t(constantError) : undefined}
                slotProps={{
                  htmlInput: { 'data-testid': S.filterConstant(index) },
                  inputLabel: currentValueType === 'DATE_TIME' ? { shrink: true } : undefined,
                }}
              />
            ))}
        </Box>
        <Box sx={{ pt: 1 }} data-testid={S.removeFilter(index)}>
          <RemoveButton label={t('device-profile.alarm-rules.remove-filter')} onClick={onRemove} />
        </Box>
      </Box>
      <TextField
        select
        margin="dense"
        size="small"
        label={t('device-profile.alarm-rules.predicate-kind')}
        value={currentPredicate.kind}
        onChange={(event) => {
          if (event.target.value === 'COMPLEX') {
            const wrapped = newComplexPredicate(currentValueType);
            predicate.field.onChange({ ...wrapped, predicates: [currentPredicate] });
          } else {
            predicate.field.onChange(firstSimple(currentPredicate) ?? newSimplePredicate(currentValueType));
          }
        }}
        sx={{ minWidth: 240 }}
        slotProps={selectTestId(S.filterPredicateKind(index))}
      >
        <MenuItem value="SIMPLE">{t('device-profile.alarm-rules.predicate-kinds.SIMPLE')}</MenuItem>
        <MenuItem value="COMPLEX">{t('device-profile.alarm-rules.predicate-kinds.COMPLEX')}</MenuItem>
      </TextField>
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
