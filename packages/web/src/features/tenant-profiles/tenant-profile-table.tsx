import type { TenantProfile } from '@meridian/common';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { eventsTabApi } from '../../api/events';
import {
  deleteTenantProfile,
  getTenantProfile,
  getTenantProfiles,
  saveTenantProfile,
  setDefaultTenantProfile,
  tenantProfileKeys,
} from '../../api/tenant-profiles';
import { useServices } from '../../app/services/useServices';
import { useJsonFileImport } from '../../components/entity-table/json-import';
import {
  profileDelete,
  profileImportAction,
  profileRowActions,
} from '../../components/entity-table/profile-table-parts';
import type { EntityTableConfig } from '../../components/entity-table/types';
import { entityDataTabs } from '../../components/entity-tabs/entity-data-tabs';
import { selectors } from '../../selectors';
import { TenantProfileForm } from './TenantProfileForm';
import {
  exportedTenantProfile,
  parseImportedTenantProfile,
  type TenantProfileValues,
  tenantProfileOfValues,
  tenantProfileValuesOf,
} from './tenant-profile-values';

/** The tenant profiles table (reference console §3.3) and its hidden import file input. */
export function useTenantProfileTable(): {
  config: EntityTableConfig<TenantProfile, TenantProfileValues>;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const { http, toasts } = useServices();
  const { start: startImport, input: importInput } = useJsonFileImport({
    parse: parseImportedTenantProfile,
    save: (profile) => saveTenantProfile(http, profile),
    invalidFile: () => toasts.show({ message: t('tenant-profiles.invalid-file'), type: 'error' }),
    testId: selectors.tenantProfiles.importFile,
  });

  const config = useMemo(
    (): EntityTableConfig<TenantProfile, TenantProfileValues> => ({
      testId: 'tenant-profiles',
      title: t('tenant-profile.tenant-profiles'),
      entityName: (profile) => profile.name,
      noEntitiesText: t('tenant-profiles.no-tenant-profiles-text'),
      queryKey: tenantProfileKeys.all,
      fetchPage: (pageLink, signal) => getTenantProfiles(http, pageLink, { signal }),
      columns: [
        { key: 'createdTime', label: t('entity.created-time'), kind: 'date', value: (p) => p.createdTime },
        { key: 'name', label: t('tenant-profiles.name'), value: (p) => p.name },
        { key: 'description', label: t('tenant-profiles.description'), value: (p) => p.description },
        { key: 'isDefault', label: t('tenant-profiles.default'), kind: 'boolean', value: (p) => p.default },
      ],
      addDialogTitle: t('tenant-profiles.add'),
      addActions: [profileImportAction(t, 'tenant-profiles', startImport)],
      rowActions: profileRowActions(t, {
        messages: 'tenant-profiles',
        load: (profileId) => getTenantProfile(http, profileId),
        exported: exportedTenantProfile,
        setDefault: (profileId) => setDefaultTenantProfile(http, profileId),
      }),
      isSelectable: (profile) => !profile.default,
      delete: profileDelete(t, 'tenant-profiles', (profileId) => deleteTenantProfile(http, profileId)),
      details: {
        load: (profileId, options) => getTenantProfile(http, profileId, options),
        toValues: tenantProfileValuesOf,
        save: (values, profile) => saveTenantProfile(http, tenantProfileOfValues(values, profile)),
        render: (props) => <TenantProfileForm {...props} />,
        copyIdLabel: t('tenant-profiles.copy-id'),
        tabs: entityDataTabs(t, { entityId: (profile) => profile.id, events: eventsTabApi(http) }),
      },
      detailsPagePath: (profile) => `/tenantProfiles/${profile.id.id}`,
    }),
    [t, http, startImport],
  );

  return { config, dialogs: importInput };
}
