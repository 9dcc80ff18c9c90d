import type { JsonObject } from '@meridian/common';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ColorInput } from '../../../components/color-input/ColorInput';
import { FormDialog } from '../../../components/entity-table/FormDialog';
import { FormCheckbox } from '../../../components/FormCheckbox';
import { FormSelectField } from '../../../components/FormSelectField';
import { FormTextField } from '../../../components/FormTextField';
import type { LayoutRef } from '../config-edit';
import { GridSettingsFields } from './GridSettingsFields';
import { type GridSettingsForm, gridSettingsForm, setGridSettings } from './layouts-edit';
import { managerSelectors } from './manager-selectors';
import {
  type DashboardSettingsForm,
  dashboardSettingsForm,
  dashboardTimewindow,
  setDashboardSettings,
  setTimewindowHideFlags,
  TIMEWINDOW_HIDE_FLAGS,
  type TimewindowHideFlag,
} from './settings-edit';

interface SettingsValues {
  settings: DashboardSettingsForm;
  timewindow: Record<TimewindowHideFlag, boolean>;
  grid: GridSettingsForm;
}

/** The toolbar switches of the settings, in the reference's order. */
const TOOLBAR_FLAGS = [
  'showDashboardsSelect',
  'showEntitiesSelect',
  'showFilters',
  'showDashboardTimewindow',
  'showDashboardExport',
  'showUpdateDashboardImage',
] as const;

const HIDE_FLAG_KEYS: Record<TimewindowHideFlag, string> = {
  hideInterval: 'dashboard-managers.hide-interval',
  hideAggregation: 'dashboard-managers.hide-aggregation',
  hideAggInterval: 'dashboard-managers.hide-agg-interval',
  hideTimezone: 'dashboard-managers.hide-timezone',
};

/**
 * The dashboard settings dialog (reference §5.3): the `settings` keys the viewer honours, what the
 * viewers' time-window panel hides, and the grid settings of the layout being edited. Save applies
 * them as one undoable edit.
 */
export function SettingsDialog({
  configuration,
  layoutRef,
  onSave,
  onClose,
}: {
  configuration: JsonObject;
  layoutRef: LayoutRef;
  onSave: (change: (configuration: JsonObject) => JsonObject) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const saved = dashboardTimewindow(configuration) as
    | Partial<Record<TimewindowHideFlag, unknown>>
    | undefined;
  const form = useForm<SettingsValues>({
    defaultValues: {
      settings: dashboardSettingsForm(configuration),
      timewindow: Object.fromEntries(TIMEWINDOW_HIDE_FLAGS.map((f) => [f, saved?.[f] === true])) as Record<
        TimewindowHideFlag,
        boolean
      >,
      grid: gridSettingsForm(configuration, layoutRef),
    },
    mode: 'onChange',
  });
  const { control } = form;
  const [hideToolbar, showTitle, showLogo] = useWatch({
    control,
    name: ['settings.hideToolbar', 'settings.showTitle', 'settings.showDashboardLogo'],
  });
  const submit = form.handleSubmit((values) =>
    onSave((current) =>
      setGridSettings(
        setTimewindowHideFlags(setDashboardSettings(current, values.settings), values.timewindow),
        layoutRef,
        values.grid,
      ),
    ),
  );
  const flag = (name: `settings.${keyof DashboardSettingsForm}`, key: string, disabled = false) => (
    <FormCheckbox
      control={control}
      name={name}
      disabled={disabled}
      label={t(key)}
      testId={managerSelectors.settingsFlag(name.slice('settings.'.length))}
    />
  );
  return (
    <FormDialog
      title={t('dashboard-managers.settings')}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('action.save')}
      submitDisabled={!form.formState.isValid}
      dividers
      maxWidth="md"
      testIds={{
        dialog: managerSelectors.settingsDialog,
        cancel: managerSelectors.dialogCancel,
        submit: managerSelectors.dialogSave,
      }}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 4 }}>
        <Box>
          <FormSelectField
            control={control}
            name="settings.stateControllerId"
            label={t('dashboard-managers.state-controller')}
            options={['entity', 'default'] as const}
            optionLabel={(id) => t(`dashboard-managers.state-controller-${id}`)}
            testId={managerSelectors.settingsStateController}
          />
          <Box sx={{ display: 'flex', flexDirection: 'column' }}>
            {flag('settings.showTitle', 'dashboard-managers.show-title')}
          </Box>
          <Controller
            control={control}
            name="settings.titleColor"
            render={({ field }) => (
              <Box sx={{ my: 1, display: showTitle ? undefined : 'none' }}>
                <ColorInput
                  label={t('dashboard-managers.title-color')}
                  value={field.value}
                  onChange={field.onChange}
                  testId={managerSelectors.settingsTitleColor}
                />
              </Box>
            )}
          />
          {flag('settings.showDashboardLogo', 'dashboard-managers.show-logo')}
          {showLogo && (
            <FormTextField
              control={control}
              name="settings.dashboardLogoUrl"
              label={t('dashboard-managers.logo-url')}
              testId={managerSelectors.settingsLogoUrl}
            />
          )}
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            {t('dashboard-managers.toolbar')}
          </Typography>
          <Box sx={{ display: 'flex', flexDirection: 'column' }}>
            {flag('settings.hideToolbar', 'dashboard-managers.hide-toolbar')}
            {TOOLBAR_FLAGS.map((key) => (
              <Box key={key} sx={{ display: 'contents' }}>
                {flag(`settings.${key}`, `dashboard-managers.${key}`, hideToolbar)}
              </Box>
            ))}
          </Box>
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            {t('dashboard-managers.timewindow-viewers')}
          </Typography>
          <Box sx={{ display: 'flex', flexDirection: 'column' }}>
            {TIMEWINDOW_HIDE_FLAGS.map((key) => (
              <FormCheckbox
                key={key}
                control={control}
                name={`timewindow.${key}`}
                label={t(HIDE_FLAG_KEYS[key])}
                testId={managerSelectors.settingsFlag(key)}
              />
            ))}
          </Box>
        </Box>
        <GridSettingsFields control={control} />
      </Box>
    </FormDialog>
  );
}
