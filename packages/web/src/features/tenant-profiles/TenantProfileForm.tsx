import type { TenantProfile } from '@meridian/common';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EntityNameField } from '../../components/entity-table/EntityNameField';
import { FormTextArea } from '../../components/entity-table/FormTextArea';
import type { EntityFormProps } from '../../components/entity-table/types';
import { FormCheckbox } from '../../components/FormCheckbox';
import { FormTextField } from '../../components/FormTextField';
import { selectors } from '../../selectors';
import {
  LIMIT_GROUPS,
  RATE_LIMIT_KEYS,
  type TenantProfileValues,
  validateLimit,
  validateRateLimit,
} from './tenant-profile-values';

/** Longest tenant profile name the form accepts. */
export const TENANT_PROFILE_NAME_MAX_LENGTH = 255;

const grid = {
  display: 'grid',
  columnGap: 2,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
} as const;

function SectionTitle({ children }: { children: string }) {
  return (
    <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 0.5, color: 'text.secondary' }}>
      {children}
    </Typography>
  );
}

/**
 * The tenant profile form (reference console §3.3): name, the isolation flags (chosen when the
 * profile is created), the limits and rate limits of the profile configuration, description.
 */
export function TenantProfileForm({
  form,
  editing,
  isAdd,
}: EntityFormProps<TenantProfile, TenantProfileValues>) {
  const { t } = useTranslation();
  const { control } = form;
  const disabled = !editing;
  return (
    <Box>
      <EntityNameField
        control={control}
        name="name"
        label={t('tenant-profiles.name')}
        editing={editing}
        maxLength={TENANT_PROFILE_NAME_MAX_LENGTH}
        messages={{ required: 'tenant-profiles.name-required', maxLength: 'tenant-profiles.name-max-length' }}
        testId={selectors.tenantProfiles.name}
      />
      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
        <FormCheckbox
          control={control}
          name="isolatedTbCore"
          label={t('tenant-profiles.isolated-tb-core')}
          disabled={disabled || !isAdd}
          testId={selectors.tenantProfiles.isolatedTbCore}
        />
        <FormCheckbox
          control={control}
          name="isolatedTbRuleEngine"
          label={t('tenant-profiles.isolated-tb-rule-engine')}
          disabled={disabled || !isAdd}
          testId={selectors.tenantProfiles.isolatedTbRuleEngine}
        />
        {editing && (
          <Typography variant="caption" color="text.secondary">
            {t('tenant-profiles.isolation-hint')}
          </Typography>
        )}
      </Box>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>
        {t('tenant-profiles.profile-configuration')}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t('tenant-profiles.unlimited-hint')}
      </Typography>
      {LIMIT_GROUPS.map((group) => (
        <Box key={group.id} component="section">
          <SectionTitle>{t(`tenant-profiles.groups.${group.id}`)}</SectionTitle>
          <Box sx={grid}>
            {group.keys.map((key) => (
              <FormTextField
                key={key}
                control={control}
                name={`limits.${key}`}
                label={t(`tenant-profiles.limits.${key}`)}
                numeric
                required
                disabled={disabled}
                rules={{ validate: (value: number | null) => validateLimit(key, value) }}
                testId={selectors.tenantProfiles.limit(key)}
              />
            ))}
          </Box>
        </Box>
      ))}
      <Box component="section">
        <SectionTitle>{t('tenant-profiles.groups.rate-limits')}</SectionTitle>
        <Typography variant="caption" color="text.secondary">
          {t('tenant-profiles.rate-limit-hint')}
        </Typography>
        <Box sx={grid}>
          {RATE_LIMIT_KEYS.map((key) => (
            <FormTextField
              key={key}
              control={control}
              name={`rateLimits.${key}`}
              label={t(`tenant-profiles.rate-limits.${key}`)}
              disabled={disabled}
              rules={{ validate: validateRateLimit }}
              testId={selectors.tenantProfiles.rateLimit(key)}
            />
          ))}
        </Box>
      </Box>
      <FormTextArea
        control={control}
        name="description"
        label={t('tenant-profiles.description')}
        disabled={disabled}
        testId={selectors.tenantProfiles.description}
      />
    </Box>
  );
}
