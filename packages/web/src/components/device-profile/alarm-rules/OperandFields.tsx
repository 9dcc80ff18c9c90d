import type { DynamicValueSourceType, EntityKeyValueType } from '@meridian/common';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { formRow } from '../../form-row';
import {
  ALARM_DYNAMIC_SOURCE_TYPES,
  isInheritable,
  type OperandValues,
  sourceAttributeError,
  valueError,
} from './condition-values';
import { RuleSelect } from './RuleSelect';
import { ValueField } from './ValueField';

export interface OperandTestIds {
  value: string;
  source: string;
  sourceAttribute: string;
  inherit: string;
}

export interface OperandFieldsProps {
  value: OperandValues;
  onChange: (value: OperandValues) => void;
  valueType: EntityKeyValueType;
  label: string;
  disabled: boolean;
  /** Show what is wrong (after the first change or a save attempt). */
  showErrors: boolean;
  /** Error of the value itself when its rule is not the value type's (counts, durations). */
  valueErrorKey?: string | null;
  testIds: OperandTestIds;
  /** The attributes it may be read from; the alarm rules' ones unless given. */
  sourceTypes?: readonly DynamicValueSourceType[];
}

/**
 * A predicate operand (reference §3.4 FilterPredicateValue): the value, typed per value type, and
 * optionally an attribute of the current tenant, customer or device to read it from instead — the
 * value then serves as the default when the attribute is missing.
 */
export function OperandFields({
  value,
  onChange,
  valueType,
  label,
  disabled,
  showErrors,
  valueErrorKey,
  testIds,
  sourceTypes = ALARM_DYNAMIC_SOURCE_TYPES,
}: OperandFieldsProps) {
  const { t } = useTranslation();
  // A static value first, then the attributes it may be read from.
  const sourceOptions: readonly OperandValues['sourceType'][] = ['', ...sourceTypes];
  const set = (patch: Partial<OperandValues>) => onChange({ ...value, ...patch });
  const ownError = valueErrorKey === undefined ? valueError(value.value, valueType) : valueErrorKey;
  const valueProblem = showErrors ? ownError : null;
  const attributeProblem = showErrors ? sourceAttributeError(value) : null;
  return (
    <Box sx={{ ...formRow, alignItems: { sm: 'flex-start' } }}>
      <ValueField
        valueType={valueType}
        label={value.sourceType ? t('device-profile.alarm-rules.default-value') : label}
        value={value.value}
        onChange={(next) => set({ value: next })}
        disabled={disabled}
        error={valueProblem}
        testId={testIds.value}
      />
      <RuleSelect
        fullWidth
        label={t('device-profile.alarm-rules.dynamic-source')}
        value={value.sourceType}
        options={sourceOptions}
        optionLabel={(source) =>
          source
            ? t(`device-profile.alarm-rules.dynamic-sources.${source}`)
            : t('device-profile.alarm-rules.static-value')
        }
        onChange={(sourceType) => set({ sourceType, inherit: isInheritable(sourceType) && value.inherit })}
        disabled={disabled}
        testId={testIds.source}
      />
      {value.sourceType && (
        <Box sx={{ width: '100%' }}>
          <TextField
            fullWidth
            margin="dense"
            size="small"
            required
            label={t('device-profile.alarm-rules.source-attribute')}
            value={value.sourceAttribute}
            onChange={(event) => set({ sourceAttribute: event.target.value })}
            disabled={disabled}
            error={attributeProblem !== null}
            helperText={attributeProblem ? t(attributeProblem) : undefined}
            slotProps={{ htmlInput: { 'data-testid': testIds.sourceAttribute } }}
          />
          {isInheritable(value.sourceType) && (
            <FormControlLabel
              control={
                <Checkbox
                  size="small"
                  checked={value.inherit}
                  onChange={(_event, checked) => set({ inherit: checked })}
                  disabled={disabled}
                  slotProps={{ input: { 'data-testid': testIds.inherit } as object }}
                />
              }
              label={t('device-profile.alarm-rules.inherit-from-owner')}
            />
          )}
        </Box>
      )}
    </Box>
  );
}
