import { POWER_MODES } from '@meridian/common';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import { type Control, type FieldValues, type Path, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField } from '../FormSelectField';
import { FormTextField } from '../FormTextField';

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
  return (
    <Box>
      <FormSelectField
        control={control}
        name={path('powerMode')}
        label={t('device-profile.power-mode')}
        disabled={disabled}
      >
        {allowUnset && <MenuItem value="">{t('device-profile.power-mode-unset')}</MenuItem>}
        {POWER_MODES.map((item) => (
          <MenuItem key={item} value={item}>
            {t(`device-profile.power-modes.${item}`)}
          </MenuItem>
        ))}
      </FormSelectField>
      {mode === 'PSM' && (
        <FormTextField
          control={control}
          name={path('psmActivityTimer')}
          numeric
          label={t('device-profile.psm-activity-timer')}
          disabled={disabled}
          rules={{ validate: positive }}
        />
      )}
      {mode === 'E_DRX' && (
        <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}>
          <FormTextField
            control={control}
            name={path('edrxCycle')}
            numeric
            label={t('device-profile.edrx-cycle')}
            disabled={disabled}
            rules={{ validate: positive }}
          />
          <FormTextField
            control={control}
            name={path('pagingTransmissionWindow')}
            numeric
            label={t('device-profile.paging-transmission-window')}
            disabled={disabled}
            rules={{ validate: positive }}
          />
        </Box>
      )}
    </Box>
  );
}
