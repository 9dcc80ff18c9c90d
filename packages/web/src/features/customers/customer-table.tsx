import type { Customer } from '@meridian/common';
import Dashboard from '@mui/icons-material/Dashboard';
import DevicesOther from '@mui/icons-material/DevicesOther';
import Domain from '@mui/icons-material/Domain';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import ViewQuilt from '@mui/icons-material/ViewQuilt';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { auditLogsTabSource } from '../../api/audit-logs';
import { customerKeys, deleteCustomer, getCustomer, getCustomers, saveCustomer } from '../../api/customers';
import { eventsTabApi } from '../../api/events';
import { relationsTabApi } from '../../api/relations';
import { useLiveAlarmsTabApi } from '../../api/ws/live-alarms';
import { useLiveTelemetryTabApi } from '../../api/ws/live-telemetry';
import { useServices } from '../../app/services/useServices';
import type { EntityTableConfig } from '../../components/entity-table/types';
import { entityDataTabs } from '../../components/entity-tabs/entity-data-tabs';
import { RELATION_TARGET_TYPES } from '../../components/entity-tabs/relations/types';
import { CustomerForm } from './CustomerForm';
import { type CustomerValues, customerOfValues, customerValuesOf, isPublicCustomer } from './customer-values';

/** The customers table of a tenant administrator (reference console §3.4). */
export function useCustomerTableConfig(): EntityTableConfig<Customer, CustomerValues> {
  const { t } = useTranslation();
  const { http } = useServices();
  const telemetryTab = useLiveTelemetryTabApi();
  const alarmsTab = useLiveAlarmsTabApi();
  const navigate = useNavigate();
  return useMemo(
    (): EntityTableConfig<Customer, CustomerValues> => ({
      testId: 'customers',
      title: t('customer.customers'),
      entityName: (customer) => customer.title,
      noEntitiesText: t('customer.no-customers-text'),
      queryKey: customerKeys.all,
      fetchPage: (pageLink, signal) => getCustomers(http, pageLink, { signal }),
      columns: [
        { key: 'createdTime', label: t('entity.created-time'), kind: 'date', value: (c) => c.createdTime },
        { key: 'title', label: t('customer.title'), value: (c) => c.title },
        { key: 'email', label: t('contact.email'), value: (c) => c.email },
        { key: 'country', label: t('contact.country'), value: (c) => c.country },
        { key: 'city', label: t('contact.city'), value: (c) => c.city },
      ],
      addDialogTitle: t('customer.add'),
      rowActions: [
        {
          id: 'manageUsers',
          label: t('customer.manage-users'),
          icon: <SupervisorAccount fontSize="small" />,
          isVisible: (c) => !isPublicCustomer(c),
          onAction: (c) => navigate(`/customers/${c.id.id}/users`),
        },
        {
          id: 'manageAssets',
          label: t('customer.manage-assets'),
          icon: <Domain fontSize="small" />,
          isVisible: (c) => !isPublicCustomer(c),
          onAction: (c) => navigate(`/customers/${c.id.id}/assets`),
        },
        {
          id: 'managePublicAssets',
          label: t('customer.manage-public-assets'),
          icon: <Domain fontSize="small" />,
          isVisible: isPublicCustomer,
          onAction: (c) => navigate(`/customers/${c.id.id}/assets`),
        },
        {
          id: 'manageDevices',
          label: t('customer.manage-devices'),
          icon: <DevicesOther fontSize="small" />,
          isVisible: (c) => !isPublicCustomer(c),
          onAction: (c) => navigate(`/customers/${c.id.id}/devices`),
        },
        {
          id: 'managePublicDevices',
          label: t('customer.manage-public-devices'),
          icon: <DevicesOther fontSize="small" />,
          isVisible: isPublicCustomer,
          onAction: (c) => navigate(`/customers/${c.id.id}/devices`),
        },
        {
          id: 'manageEntityViews',
          label: t('customer.manage-entity-views'),
          icon: <ViewQuilt fontSize="small" />,
          isVisible: (c) => !isPublicCustomer(c),
          onAction: (c) => navigate(`/customers/${c.id.id}/entityViews`),
        },
        {
          id: 'managePublicEntityViews',
          label: t('customer.manage-public-entity-views'),
          icon: <ViewQuilt fontSize="small" />,
          isVisible: isPublicCustomer,
          onAction: (c) => navigate(`/customers/${c.id.id}/entityViews`),
        },
        {
          id: 'manageDashboards',
          label: t('customer.manage-dashboards'),
          icon: <Dashboard fontSize="small" />,
          isVisible: (c) => !isPublicCustomer(c),
          onAction: (c) => navigate(`/customers/${c.id.id}/dashboards`),
        },
        {
          id: 'managePublicDashboards',
          label: t('customer.manage-public-dashboards'),
          icon: <Dashboard fontSize="small" />,
          isVisible: isPublicCustomer,
          onAction: (c) => navigate(`/customers/${c.id.id}/dashboards`),
        },
      ],
      isSelectable: (c) => !isPublicCustomer(c),
      delete: {
        isEnabled: (c) => !isPublicCustomer(c),
        run: (c) => deleteCustomer(http, c.id.id),
        title: (c) => t('customer.delete-title', { title: c.title }),
        message: t('customer.delete-text'),
        bulkTitle: (count) => t('customer.delete-customers-title', { count }),
        bulkMessage: t('customer.delete-customers-text'),
      },
      details: {
        load: (customerId, options) => getCustomer(http, customerId, options),
        toValues: customerValuesOf,
        save: (values, customer) => saveCustomer(http, customerOfValues(values, customer)),
        render: (props) => <CustomerForm {...props} />,
        isReadonly: isPublicCustomer,
        copyIdLabel: t('customer.copy-id'),
        tabs: entityDataTabs(t, {
          entityId: (c) => c.id,
          attributes: telemetryTab,
          // The alarms propagated to the customer.
          alarms: alarmsTab,
          events: eventsTabApi(http),
          relations: { api: relationsTabApi(http), targetTypes: RELATION_TARGET_TYPES.TENANT_ADMIN },
          // A customer's tab lists what was done to and by the customer (reference console §3.14).
          auditLogs: auditLogsTabSource(http, 'customer'),
        }),
      },
      detailsPagePath: (c) => `/customers/${c.id.id}`,
    }),
    [t, http, telemetryTab, alarmsTab, navigate],
  );
}
