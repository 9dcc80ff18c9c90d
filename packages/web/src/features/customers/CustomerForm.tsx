import type { Customer } from '@meridian/common';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { TENANT_DASHBOARDS } from '../../api/dashboards';
import { ContactFields } from '../../components/entity-table/ContactFields';
import { EntityNameField } from '../../components/entity-table/EntityNameField';
import { FormTextArea } from '../../components/entity-table/FormTextArea';
import type { EntityFormProps } from '../../components/entity-table/types';
import { FormCheckbox } from '../../components/FormCheckbox';
import { selectors } from '../../selectors';
import { DashboardField } from '../dashboard/DashboardField';
import type { CustomerValues } from './customer-values';

/** Longest customer title the form accepts. */
export const CUSTOMER_TITLE_MAX_LENGTH = 255;

/** The customer form (reference console §3.4): title, description, home dashboard, contact block. */
export function CustomerForm({ form, editing }: EntityFormProps<Customer, CustomerValues>) {
  const { t } = useTranslation();
  const { control } = form;
  const disabled = !editing;
  return (
    <Box>
      <EntityNameField
        control={control}
        name="title"
        label={t('customer.title')}
        editing={editing}
        maxLength={CUSTOMER_TITLE_MAX_LENGTH}
        messages={{ required: 'customer.title-required', maxLength: 'customer.title-max-length' }}
        testId={selectors.customers.title}
      />
      <FormTextArea
        control={control}
        name="description"
        label={t('customer.description')}
        disabled={disabled}
        testId={selectors.customers.description}
      />
      <DashboardField
        control={control}
        name="homeDashboardId"
        label={t('customer.home-dashboard')}
        scope={TENANT_DASHBOARDS}
        disabled={disabled}
        testId={selectors.customers.homeDashboard}
      />
      <FormCheckbox
        control={control}
        name="homeDashboardHideToolbar"
        label={t('customer.home-dashboard-hide-toolbar')}
        disabled={disabled}
      />
      <ContactFields control={control} disabled={disabled} testIdPrefix="customer" />
    </Box>
  );
}
