import type { TenantInfo } from '@meridian/common';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { ContactFields } from '../../components/entity-table/ContactFields';
import { EntityNameField } from '../../components/entity-table/EntityNameField';
import { FormTextArea } from '../../components/entity-table/FormTextArea';
import type { EntityFormProps } from '../../components/entity-table/types';
import { selectors } from '../../selectors';
import { TenantProfileField } from './TenantProfileField';
import { TENANT_TITLE_MAX_LENGTH, type TenantValues } from './tenant-values';

/** The tenant form (reference console §3.1): title, tenant profile, description, contact block. */
export function TenantForm({ form, editing, isAdd }: EntityFormProps<TenantInfo, TenantValues>) {
  const { t } = useTranslation();
  const { control } = form;
  const disabled = !editing;
  return (
    <Box>
      <EntityNameField
        control={control}
        name="title"
        label={t('tenants.title')}
        editing={editing}
        maxLength={TENANT_TITLE_MAX_LENGTH}
        messages={{ required: 'tenants.title-required', maxLength: 'tenants.title-max-length' }}
        testId={selectors.tenants.title}
      />
      <TenantProfileField
        control={control}
        name="tenantProfile"
        disabled={disabled}
        preselectDefault={isAdd}
        testId={selectors.tenants.tenantProfile}
      />
      <FormTextArea
        control={control}
        name="description"
        label={t('tenants.description')}
        disabled={disabled}
        testId={selectors.tenants.description}
      />
      <ContactFields control={control} disabled={disabled} testIdPrefix="tenant" />
    </Box>
  );
}
