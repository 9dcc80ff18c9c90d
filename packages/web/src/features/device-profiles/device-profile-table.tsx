import type { DeviceProfile } from '@meridian/common';
import Add from '@mui/icons-material/Add';
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
import { useJsonFileImport } from '../../components/entity-table/json-import';
import {
  profileDelete,
  profileImportAction,
  profileRowActions,
} from '../../components/entity-table/profile-table-parts';
import type { EntityActionContext, EntityTableConfig } from '../../components/entity-table/types';
import { selectors } from '../../selectors';
import {
  DeviceProfileAlarmRulesTab,
  DeviceProfileAlarmRulesTabLabel,
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
        profileImportAction(t, 'device-profile', startImport),
      ],
      rowActions: profileRowActions(t, {
        messages: 'device-profile',
        load: (profileId) => getDeviceProfile(http, profileId),
        exported: exportedDeviceProfile,
        setDefault: (profileId) => setDefaultDeviceProfile(http, profileId),
      }),
      isSelectable: (profile) => !profile.default,
      delete: profileDelete(t, 'device-profile', (profileId) => deleteDeviceProfile(http, profileId)),
      details: {
        load: (profileId, options) => getDeviceProfile(http, profileId, options),
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
            id: 'alarms',
            label: t('device-profile.alarm-rules.title'),
            renderLabel: (props) => <DeviceProfileAlarmRulesTabLabel {...props} />,
            render: (props) => <DeviceProfileAlarmRulesTab {...props} />,
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
