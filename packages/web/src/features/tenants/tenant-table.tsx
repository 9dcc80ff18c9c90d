import type { TenantInfo } from '@meridian/common';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { eventsTabApi } from '../../api/events';
import { deleteTenant, getTenantInfo, getTenantInfos, saveTenant, tenantKeys } from '../../api/tenants';
import { useServices } from '../../app/services/useServices';
import type { EntityTableConfig } from '../../components/entity-table/types';
import { entityDataTabs } from '../../components/entity-tabs/entity-data-tabs';
import { TenantForm } from './TenantForm';
import { type TenantValues, tenantOfValues, tenantValuesOf } from './tenant-values';

/** The tenants table of the system administrator (reference console §3.1). */
export function useTenantTableConfig(): EntityTableConfig<TenantInfo, TenantValues> {
  const { t } = useTranslation();
  const { http } = useServices();
  const navigate = useNavigate();
  return useMemo(
    (): EntityTableConfig<TenantInfo, TenantValues> => ({
      testId: 'tenants',
      title: t('tenant.tenants'),
      entityName: (tenant) => tenant.title,
      noEntitiesText: t('tenants.no-tenants-text'),
      queryKey: tenantKeys.all,
      fetchPage: (pageLink, signal) => getTenantInfos(http, pageLink, { signal }),
      columns: [
        { key: 'createdTime', label: t('entity.created-time'), kind: 'date', value: (x) => x.createdTime },
        { key: 'title', label: t('tenants.title'), value: (x) => x.title },
        {
          key: 'tenantProfileName',
          label: t('tenant-profiles.tenant-profile'),
          value: (x) => x.tenantProfileName,
        },
        { key: 'email', label: t('contact.email'), value: (x) => x.email },
        { key: 'country', label: t('contact.country'), value: (x) => x.country },
        { key: 'city', label: t('contact.city'), value: (x) => x.city },
      ],
      addDialogTitle: t('tenants.add'),
      rowActions: [
        {
          id: 'manageTenantAdmins',
          label: t('tenants.manage-tenant-admins'),
          icon: <SupervisorAccount fontSize="small" />,
          onAction: (tenant) => navigate(`/tenants/${tenant.id.id}/users`),
        },
      ],
      delete: {
        run: (tenant) => deleteTenant(http, tenant.id.id),
        title: (tenant) => t('tenants.delete-tenant-title', { title: tenant.title }),
        message: t('tenants.delete-tenant-text'),
        bulkTitle: (count) => t('tenants.delete-tenants-title', { count }),
        bulkMessage: t('tenants.delete-tenants-text'),
      },
      details: {
        load: (tenantId, options) => getTenantInfo(http, tenantId, options),
        toValues: tenantValuesOf,
        save: (values, tenant) => saveTenant(http, tenantOfValues(values, tenant)),
        render: (props) => <TenantForm {...props} />,
        copyIdLabel: t('tenants.copy-id'),
        tabs: entityDataTabs(t, { entityId: (tenant) => tenant.id, events: eventsTabApi(http) }),
      },
      detailsPagePath: (tenant) => `/tenants/${tenant.id.id}`,
    }),
    [t, http, navigate],
  );
}
