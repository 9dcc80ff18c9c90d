import type { User } from '@meridian/common';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DashboardScope } from '../../api/dashboards';
import { FormTextArea } from '../../components/entity-table/FormTextArea';
import type { EntityFormProps } from '../../components/entity-table/types';
import { FormCheckbox } from '../../components/FormCheckbox';
import { FormSelectField } from '../../components/FormSelectField';
import { FormTextField } from '../../components/FormTextField';
import { isEmailFormat } from '../../components/form-rules';
import { selectors } from '../../selectors';
import { DashboardField } from '../dashboard/DashboardField';
import { ACTIVATION_METHODS, type AddUserValues, type UserValues } from './user-values';

/** Longest email the form accepts. */
export const USER_EMAIL_MAX_LENGTH = 255;

const row = {
  display: 'flex',
  gap: 2,
  alignItems: 'center',
  flexDirection: { xs: 'column', sm: 'row' },
} as const;

export interface UserFieldsProps {
  control: Control<UserValues>;
  disabled: boolean;
  autoFocus: boolean;
  /** Whose dashboards the default and home dashboard pickers offer; null hides them. */
  dashboards: DashboardScope | null;
}

/**
 * The user form (reference console §3.2): email, names, description and, for a stored user whose
 * dashboards the administrator can list, default and home dashboard.
 */
export function UserFields({ control, disabled, autoFocus, dashboards }: UserFieldsProps) {
  const { t } = useTranslation();
  return (
    <Box>
      <FormTextField
        control={control}
        name="email"
        label={t('user.email')}
        type="email"
        required
        disabled={disabled}
        autoFocus={autoFocus}
        rules={{
          validate: (value: string) =>
            value.trim().length === 0
              ? 'user.email-required'
              : value.length > USER_EMAIL_MAX_LENGTH || !isEmailFormat(value.trim())
                ? 'user.invalid-email-format'
                : true,
        }}
        testId={selectors.users.email}
      />
      <FormTextField
        control={control}
        name="firstName"
        label={t('user.first-name')}
        disabled={disabled}
        testId={selectors.users.firstName}
      />
      <FormTextField
        control={control}
        name="lastName"
        label={t('user.last-name')}
        disabled={disabled}
        testId={selectors.users.lastName}
      />
      <FormTextArea
        control={control}
        name="description"
        label={t('users.description')}
        disabled={disabled}
        testId={selectors.users.description}
      />
      {dashboards && (
        <>
          <Box sx={row}>
            <Box sx={{ flex: 1, width: '100%' }}>
              <DashboardField
                control={control}
                name="defaultDashboardId"
                label={t('users.default-dashboard')}
                scope={dashboards}
                disabled={disabled}
                testId={selectors.users.defaultDashboard}
              />
            </Box>
            <FormCheckbox
              control={control}
              name="defaultDashboardFullscreen"
              label={t('users.always-fullscreen')}
              disabled={disabled}
            />
          </Box>
          <Box sx={row}>
            <Box sx={{ flex: 1, width: '100%' }}>
              <DashboardField
                control={control}
                name="homeDashboardId"
                label={t('users.home-dashboard')}
                scope={dashboards}
                disabled={disabled}
                testId={selectors.users.homeDashboard}
              />
            </Box>
            <FormCheckbox
              control={control}
              name="homeDashboardHideToolbar"
              label={t('users.home-dashboard-hide-toolbar')}
              disabled={disabled}
            />
          </Box>
        </>
      )}
    </Box>
  );
}

/** The Details tab of a user. */
export function UserForm({
  form,
  editing,
  dashboards,
}: EntityFormProps<User, UserValues> & { dashboards: DashboardScope | null }) {
  return (
    <UserFields control={form.control} disabled={!editing} autoFocus={editing} dashboards={dashboards} />
  );
}

/** The Add user dialog's form: the user fields and the activation method. */
export function AddUserForm({ form }: EntityFormProps<User, AddUserValues>) {
  const { t } = useTranslation();
  // The add values extend the user values; the shared fields only touch those.
  const control = form.control as unknown as Control<UserValues>;
  return (
    <Box>
      <UserFields control={control} disabled={false} autoFocus dashboards={null} />
      <FormSelectField
        control={form.control}
        name="activationMethod"
        label={t('users.activation-method')}
        testId={selectors.users.activationMethod}
      >
        {ACTIVATION_METHODS.map((method) => (
          <MenuItem key={method} value={method} data-testid={selectors.users.activationMethodOption(method)}>
            {t(`users.activation-methods.${method}`)}
          </MenuItem>
        ))}
      </FormSelectField>
    </Box>
  );
}
