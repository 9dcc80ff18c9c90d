import type { TenantProfile } from '@meridian/common';
import FileDownload from '@mui/icons-material/FileDownload';
import FileUpload from '@mui/icons-material/FileUpload';
import Flag from '@mui/icons-material/Flag';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteTenantProfile,
  getTenantProfile,
  getTenantProfiles,
  saveTenantProfile,
  setDefaultTenantProfile,
  tenantProfileKeys,
} from '../../api/tenant-profiles';
import { useServices } from '../../app/services/useServices';
import { downloadJson } from '../../components/entity-table/download';
import { useJsonFileImport } from '../../components/entity-table/json-import';
import type { EntityTableConfig } from '../../components/entity-table/types';
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
      addActions: [
        {
          id: 'import',
          label: t('tenant-profiles.import'),
          icon: <FileUpload fontSize="small" />,
          onAction: startImport,
        },
      ],
      rowActions: [
        {
          id: 'export',
          label: t('tenant-profiles.export'),
          icon: <FileDownload fontSize="small" />,
          onAction: async (profile) => {
            const stored = await getTenantProfile(http, profile.id.id);
            downloadJson(`${stored.name}.json`, exportedTenantProfile(stored));
          },
        },
        {
          id: 'makeDefault',
          label: t('tenant-profiles.set-default'),
          icon: <Flag fontSize="small" />,
          isVisible: (profile) => !profile.default,
          onAction: async (profile, context) => {
            const ok = await context.confirm({
              title: t('tenant-profiles.set-default-title', { name: profile.name }),
              message: t('tenant-profiles.set-default-text'),
            });
            if (ok) {
              await setDefaultTenantProfile(http, profile.id.id);
              context.refresh();
            }
          },
        },
      ],
      isSelectable: (profile) => !profile.default,
      delete: {
        isEnabled: (profile) => !profile.default,
        run: (profile) => deleteTenantProfile(http, profile.id.id),
        title: (profile) => t('tenant-profiles.delete-title', { name: profile.name }),
        message: t('tenant-profiles.delete-text'),
        bulkTitle: (count) => t('tenant-profiles.delete-profiles-title', { count }),
        bulkMessage: t('tenant-profiles.delete-profiles-text'),
      },
      details: {
        load: (profileId, signal) => getTenantProfile(http, profileId, { signal }),
        toValues: tenantProfileValuesOf,
        save: (values, profile) => saveTenantProfile(http, tenantProfileOfValues(values, profile)),
        render: (props) => <TenantProfileForm {...props} />,
        copyIdLabel: t('tenant-profiles.copy-id'),
      },
      detailsPagePath: (profile) => `/tenantProfiles/${profile.id.id}`,
    }),
    [t, http, startImport],
  );

  return { config, dialogs: importInput };
}
