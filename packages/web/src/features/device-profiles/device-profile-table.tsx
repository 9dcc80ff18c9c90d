import type { DeviceProfile } from '@meridian/common';
import Add from '@mui/icons-material/Add';
import FileDownload from '@mui/icons-material/FileDownload';
import FileUpload from '@mui/icons-material/FileUpload';
import Flag from '@mui/icons-material/Flag';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteDeviceProfile,
  deviceProfileKeys,
  getDeviceProfile,
  getDeviceProfiles,
  saveDeviceProfile,
  setDefaultDeviceProfile,
} from '../../api/device-profiles';
import { useServices } from '../../app/services/useServices';
import { downloadJson } from '../../components/entity-table/download';
import { useJsonFileImport } from '../../components/entity-table/json-import';
import type { EntityActionContext, EntityTableConfig } from '../../components/entity-table/types';
import { selectors } from '../../selectors';
import {
  DeviceProfileDetailsFields,
  DeviceProfileProvisionTab,
  DeviceProfileTransportTab,
} from './DeviceProfileForm';
import { DeviceProfileWizard } from './DeviceProfileWizard';
import {
  type DeviceProfileValues,
  deviceProfileOfValues,
  deviceProfileValuesOf,
  exportedDeviceProfile,
  parseImportedDeviceProfile,
} from './device-profile-values';

/** The device profiles table (reference console §3.7) and the dialogs it opens. */
export function useDeviceProfileTable(): {
  config: EntityTableConfig<DeviceProfile, DeviceProfileValues>;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const { http, toasts } = useServices();
  const [wizard, setWizard] = useState<EntityActionContext | null>(null);
  const { start: startImport, input: importInput } = useJsonFileImport({
    parse: parseImportedDeviceProfile,
    save: (profile) => saveDeviceProfile(http, profile),
    invalidFile: () => toasts.show({ message: t('device-profile.invalid-file'), type: 'error' }),
    testId: selectors.deviceProfiles.importFile,
  });

  const config = useMemo(
    (): EntityTableConfig<DeviceProfile, DeviceProfileValues> => ({
      testId: 'device-profiles',
      title: t('device-profile.device-profiles'),
      entityName: (profile) => profile.name,
      noEntitiesText: t('device-profile.no-device-profiles-text'),
      queryKey: deviceProfileKeys.all,
      fetchPage: (pageLink, signal) => getDeviceProfiles(http, pageLink, { signal }),
      columns: [
        { key: 'createdTime', label: t('entity.created-time'), kind: 'date', value: (p) => p.createdTime },
        { key: 'name', label: t('device-profile.name'), value: (p) => p.name },
        {
          key: 'type',
          label: t('device-profile.profile-type'),
          value: (p) => t(`device-profile.profile-types.${p.type}`),
        },
        {
          key: 'transportType',
          label: t('device-profile.transport-type'),
          value: (p) => t(`device-profile.transport-types.${p.transportType}`),
        },
        { key: 'description', label: t('device-profile.description'), value: (p) => p.description },
        { key: 'isDefault', label: t('device-profile.default'), kind: 'boolean', value: (p) => p.default },
      ],
      addActions: [
        {
          id: 'create',
          label: t('device-profile.create'),
          icon: <Add fontSize="small" />,
          onAction: (context) => setWizard(context),
        },
        {
          id: 'import',
          label: t('device-profile.import'),
          icon: <FileUpload fontSize="small" />,
          onAction: startImport,
        },
      ],
      rowActions: [
        {
          id: 'export',
          label: t('device-profile.export'),
          icon: <FileDownload fontSize="small" />,
          onAction: async (profile) => {
            const stored = await getDeviceProfile(http, profile.id.id);
            downloadJson(`${stored.name}.json`, exportedDeviceProfile(stored));
          },
        },
        {
          id: 'makeDefault',
          label: t('device-profile.set-default'),
          icon: <Flag fontSize="small" />,
          isVisible: (profile) => !profile.default,
          onAction: async (profile, context) => {
            const ok = await context.confirm({
              title: t('device-profile.set-default-title', { name: profile.name }),
              message: t('device-profile.set-default-text'),
            });
            if (ok) {
              await setDefaultDeviceProfile(http, profile.id.id);
              context.refresh();
            }
          },
        },
      ],
      isSelectable: (profile) => !profile.default,
      delete: {
        isEnabled: (profile) => !profile.default,
        run: (profile) => deleteDeviceProfile(http, profile.id.id),
        title: (profile) => t('device-profile.delete-title', { name: profile.name }),
        message: t('device-profile.delete-text'),
        bulkTitle: (count) => t('device-profile.delete-profiles-title', { count }),
        bulkMessage: t('device-profile.delete-profiles-text'),
      },
      details: {
        load: (profileId, signal) => getDeviceProfile(http, profileId, { signal }),
        toValues: deviceProfileValuesOf,
        save: (values, profile) => saveDeviceProfile(http, deviceProfileOfValues(values, profile)),
        render: (props) => <DeviceProfileDetailsFields {...props} />,
        tabs: [
          {
            id: 'transport',
            label: t('device-profile.transport-configuration'),
            render: (props) => <DeviceProfileTransportTab {...props} />,
          },
          {
            id: 'provisioning',
            label: t('device-profile.device-provisioning'),
            render: (props) => <DeviceProfileProvisionTab {...props} />,
          },
        ],
        tabsVisibleWhileEditing: true,
        copyIdLabel: t('device-profile.copy-id'),
      },
      detailsPagePath: (profile) => `/deviceProfiles/${profile.id.id}`,
    }),
    [t, http, startImport],
  );

  const dialogs = (
    <>
      {importInput}
      {wizard && (
        <DeviceProfileWizard
          onClose={() => setWizard(null)}
          onAdded={() => {
            wizard.refresh();
            setWizard(null);
          }}
        />
      )}
    </>
  );
  return { config, dialogs };
}
