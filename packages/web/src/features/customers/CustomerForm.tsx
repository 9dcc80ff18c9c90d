import type { Customer } from '@meridian/common';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { TENANT_DASHBOARDS } from '../../api/dashboards';
import { ContactFields } from '../../components/entity-table/ContactFields';
import { FormTextArea } from '../../components/entity-table/FormTextArea';
import type { EntityFormProps } from '../../components/entity-table/types';
import { FormCheckbox } from '../../components/FormCheckbox';
import { FormTextField } from '../../components/FormTextField';
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
      <FormTextField
        control={control}
        name="title"
        label={t('customer.title')}
        required
        disabled={disabled}
        autoFocus={editing}
        rules={{
          validate: (value: string) =>
            value.trim().length === 0
              ? 'customer.title-required'
              : value.length > CUSTOMER_TITLE_MAX_LENGTH
                ? 'customer.title-max-length'
                : true,
        }}
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
