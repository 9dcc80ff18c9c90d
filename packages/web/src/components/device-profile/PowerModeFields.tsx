import { POWER_MODES } from '@meridian/common';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import { type Control, type FieldValues, type Path, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField } from '../FormSelectField';
import { FormTextField } from '../FormTextField';
import { formRow } from '../form-row';

export interface PowerModeFieldsProps<V extends FieldValues> {
  control: Control<V>;
  /** Path of the object holding powerMode and the three timers. */
  prefix: string;
  disabled: boolean;
  /** Offer "not set" (device level: use the profile's settings). */
  allowUnset?: boolean;
}

const positive = (value: number | null) =>
  value === null || (Number.isInteger(value) && value >= 0) || 'device-profile.timer-invalid';

/** The timers of each power mode (ms), with the i18n keys of their labels. */
const MODE_TIMERS: Record<string, readonly { field: string; label: string }[]> = {
  PSM: [{ field: 'psmActivityTimer', label: 'device-profile.psm-activity-timer' }],
  E_DRX: [
    { field: 'edrxCycle', label: 'device-profile.edrx-cycle' },
    { field: 'pagingTransmissionWindow', label: 'device-profile.paging-transmission-window' },
  ],
};

/**
 * Power-saving mode of CoAP and LwM2M devices (spec 2 §3): PSM with its activity timer, DRX, or eDRX
 * with its cycle and paging transmission window (ms).
 */
export function PowerModeFields<V extends FieldValues>({
  control,
  prefix,
  disabled,
  allowUnset,
}: PowerModeFieldsProps<V>) {
  const { t } = useTranslation();
  const path = (key: string) => `${prefix}.${key}` as Path<V>;
  const mode = useWatch({ control, name: path('powerMode') }) as string;
  const timers = (MODE_TIMERS[mode] ?? []).map((timer) => (
    <FormTextField
      key={timer.field}
      control={control}
      name={path(timer.field)}
      numeric
      label={t(timer.label)}
      disabled={disabled}
      rules={{ validate: positive }}
    />
  ));
  return (
    <Box>
      <FormSelectField
        control={control}
        name={path('powerMode')}
        label={t('device-profile.power-mode')}
        disabled={disabled}
        options={POWER_MODES}
        optionLabel={(item) => t(`device-profile.power-modes.${item}`)}
      >
        {allowUnset && <MenuItem value="">{t('device-profile.power-mode-unset')}</MenuItem>}
      </FormSelectField>
      {/* eDRX has two timers, side by side. */}
      {mode === 'E_DRX' ? <Box sx={formRow}>{timers}</Box> : timers}
    </Box>
  );
}
