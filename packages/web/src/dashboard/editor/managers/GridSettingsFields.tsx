import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ColorInput } from '../../../components/color-input/ColorInput';
import { FormCheckbox } from '../../../components/FormCheckbox';
import { FormSelectField } from '../../../components/FormSelectField';
import { FormTextField } from '../../../components/FormTextField';
import { BACKGROUND_SIZE_MODES, type BackgroundSizeMode, type GridSettingsForm } from './layouts-edit';
import { managerSelectors } from './manager-selectors';

/** The reference's bounds of the grid settings. */
export const GRID_LIMITS = {
  columns: { min: 10, max: 1000 },
  margin: { min: 0, max: 50 },
  mobileRowHeight: { min: 5, max: 200 },
} as const;

const SIZE_MODE_KEYS: Record<BackgroundSizeMode, string> = {
  '100%': 'dashboard-managers.size-fit-width',
  'auto 100%': 'dashboard-managers.size-fit-height',
  cover: 'dashboard-managers.size-cover',
  contain: 'dashboard-managers.size-contain',
  auto: 'dashboard-managers.size-original',
};

function rangeRule(limits: { min: number; max: number }, key: string) {
  return (value: unknown) =>
    typeof value === 'number' && Number.isInteger(value) && value >= limits.min && value <= limits.max
      ? true
      : key;
}

/**
 * The grid settings of a layout (reference §5.1), as fields of a form holding them under `grid`;
 * used by the layout settings and the dashboard settings dialogs.
 */
export function GridSettingsFields<T extends FieldValues & { grid: GridSettingsForm }>({
  control: anyControl,
}: {
  control: Control<T>;
}) {
  const { t } = useTranslation();
  // The fields live under `grid` of any form; react-hook-form's paths are checked against that shape.
  const control = anyControl as unknown as Control<{ grid: GridSettingsForm }>;
  const name = <K extends keyof GridSettingsForm>(key: K) =>
    `grid.${key}` as Path<{ grid: GridSettingsForm }>;
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {t('dashboard-managers.grid-settings')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <FormTextField
          control={control}
          name={name('columns')}
          numeric
          required
          label={t('dashboard-managers.columns')}
          testId={managerSelectors.gridColumns}
          rules={{ validate: rangeRule(GRID_LIMITS.columns, 'dashboard-managers.columns-range') }}
        />
        <FormTextField
          control={control}
          name={name('margin')}
          numeric
          required
          label={t('dashboard-managers.margin')}
          testId={managerSelectors.gridMargin}
          rules={{ validate: rangeRule(GRID_LIMITS.margin, 'dashboard-managers.margin-range') }}
        />
      </Box>
      <FormCheckbox
        control={control}
        name={name('autoFillHeight')}
        label={t('dashboard-managers.auto-fill-height')}
      />
      <Box sx={{ my: 1 }}>
        <Controller
          control={control}
          name={name('backgroundColor')}
          render={({ field }) => (
            <ColorInput
              label={t('dashboard-managers.background-color')}
              value={String(field.value ?? '')}
              onChange={field.onChange}
              testId={managerSelectors.gridBackgroundColor}
            />
          )}
        />
      </Box>
      <FormTextField
        control={control}
        name={name('backgroundImageUrl')}
        label={t('dashboard-managers.background-image-url')}
        testId={managerSelectors.gridBackgroundImage}
      />
      <FormSelectField
        control={control}
        name={name('backgroundSizeMode')}
        label={t('dashboard-managers.background-size-mode')}
        options={BACKGROUND_SIZE_MODES}
        optionLabel={(mode) => t(SIZE_MODE_KEYS[mode])}
      />
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {t('dashboard-managers.mobile')}
      </Typography>
      <FormCheckbox
        control={control}
        name={name('mobileAutoFillHeight')}
        label={t('dashboard-managers.mobile-auto-fill-height')}
      />
      <FormTextField
        control={control}
        name={name('mobileRowHeight')}
        numeric
        required
        label={t('dashboard-managers.mobile-row-height')}
        rules={{
          validate: rangeRule(GRID_LIMITS.mobileRowHeight, 'dashboard-managers.mobile-row-height-range'),
        }}
      />
    </Box>
  );
}
