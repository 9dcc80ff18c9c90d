import type { EntityKeyValueType } from '@meridian/common';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
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
}: OperandFieldsProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<OperandValues>) => onChange({ ...value, ...patch });
  const ownError = valueErrorKey === undefined ? valueError(value.value, valueType) : valueErrorKey;
  const valueProblem = showErrors ? ownError : null;
  const attributeProblem = showErrors ? sourceAttributeError(value) : null;
  const inputType =
    valueType === 'NUMERIC' ? 'number' : valueType === 'DATE_TIME' ? 'datetime-local' : 'text';
  return (
    <Box sx={{ ...formRow, alignItems: { sm: 'flex-start' } }}>
      {valueType === 'BOOLEAN' ? (
        <TextField
          select
          fullWidth
          margin="dense"
          size="small"
          label={value.sourceType ? t('device-profile.alarm-rules.default-value') : label}
          value={value.value === 'true' ? 'true' : 'false'}
          onChange={(event) => set({ value: event.target.value })}
          disabled={disabled}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': testIds.value } as object } }}
        >
          <MenuItem value="true">{t('device-profile.alarm-rules.boolean-values.true')}</MenuItem>
          <MenuItem value="false">{t('device-profile.alarm-rules.boolean-values.false')}</MenuItem>
        </TextField>
      ) : (
        <TextField
          fullWidth
          margin="dense"
          size="small"
          type={inputType}
          label={value.sourceType ? t('device-profile.alarm-rules.default-value') : label}
          value={value.value}
          onChange={(event) => set({ value: event.target.value })}
          disabled={disabled}
          error={valueProblem !== null}
          helperText={valueProblem ? t(valueProblem) : undefined}
          slotProps={{
            htmlInput: { 'data-testid': testIds.value },
            inputLabel: valueType === 'DATE_TIME' ? { shrink: true } : undefined,
          }}
        />
      )}
      <TextField
        select
        fullWidth
        margin="dense"
        size="small"
        label={t('device-profile.alarm-rules.dynamic-source')}
        value={value.sourceType}
        onChange={(event) => {
          const sourceType = event.target.value as OperandValues['sourceType'];
          set({ sourceType, inherit: isInheritable(sourceType) && value.inherit });
        }}
        disabled={disabled}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': testIds.source } as object } }}
      >
        <MenuItem value="">{t('device-profile.alarm-rules.static-value')}</MenuItem>
        {ALARM_DYNAMIC_SOURCE_TYPES.map((source) => (
          <MenuItem key={source} value={source}>
            {t(`device-profile.alarm-rules.dynamic-sources.${source}`)}
          </MenuItem>
        ))}
      </TextField>
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
