import type { DeviceInfo } from '@meridian/common';
import Add from '@mui/icons-material/Add';
import Security from '@mui/icons-material/Security';
import Sensors from '@mui/icons-material/Sensors';
import SettingsRemote from '@mui/icons-material/SettingsRemote';
import Button from '@mui/material/Button';
import { type ReactNode, useMemo, useState } from 'react';
import {
  deleteDevice,
  deviceKeys,
  getDeviceInfo,
  getDeviceInfos,
  makeDevicePublic,
  saveDevice,
  unassignDeviceFromCustomer,
} from '../../api/devices';
import type { CustomerAssignableScope } from '../../components/entity-table/customer-assignable';
import type {
  EntityActionContext,
  EntityColumn,
  EntityTableConfig,
  RowAction,
} from '../../components/entity-table/types';
import { DEVICE_ATTRIBUTE_SCOPES } from '../../components/entity-tabs/attributes/types';
import {
  assignableDataTabs,
  assignableDetailsPath,
  assignableSource,
  createdAndNameColumns,
  ImportDialog,
  importAction,
  tenantDelete,
  useAssignableTable,
} from '../assignable-entities/assignable-table-parts';
import { CopyAccessTokenButton } from './CopyAccessTokenButton';
import { ConnectivityDialog } from './connectivity/ConnectivityDialog';
import { connectivitySelectors } from './connectivity/selectors';
import { DeviceCredentialsDialog } from './DeviceCredentialsDialog';
import { DeviceForm } from './DeviceForm';
import { DeviceProfileFilter } from './DeviceProfileFilter';
import { DeviceWizard } from './DeviceWizard';
import { type DeviceValues, deviceOfValues, deviceValuesOf, type ProfileOption } from './device-values';
import { RpcDialog } from './rpc/RpcDialog';
import { rpcSelectors } from './rpc/selectors';

/**
 * Whose devices the table shows (reference console §3.6): the tenant's (tenant administrator), one
 * customer's as seen by the tenant administrator, or the signed-in customer user's own.
 */
export type DeviceTableScope = CustomerAssignableScope;

type Dialog =
  | { kind: 'wizard'; context: EntityActionContext }
  | { kind: 'credentials'; device: DeviceInfo; readonly: boolean }
  | { kind: 'import'; context: EntityActionContext }
  | { kind: 'connectivity'; device: DeviceInfo }
  | { kind: 'rpc'; device: DeviceInfo };

const DEVICES_ASSIGNABLE = assignableSource<DeviceInfo>({
  one: 'device',
  many: 'devices',
  searchTenant: (http, pageLink, options) => getDeviceInfos(http, { kind: 'tenant' }, {}, pageLink, options),
  queryKey: deviceKeys.all,
  entityType: 'DEVICE',
  unassign: unassignDeviceFromCustomer,
  makePublic: makeDevicePublic,
});

export function useDeviceTable(scope: DeviceTableScope): {
  config: EntityTableConfig<DeviceInfo, DeviceValues>;
  dialogs: ReactNode;
} {
  const { t, http, liveTabs, assignable } = useAssignableTable(scope, DEVICES_ASSIGNABLE);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [profileFilter, setProfileFilter] = useState<ProfileOption | null>(null);

  const config = useMemo((): EntityTableConfig<DeviceInfo, DeviceValues> => {
    const { listScope } = assignable;
    const tenant = scope.kind === 'tenant';
    const customerUser = scope.kind === 'customerUser';

    const credentials: RowAction<DeviceInfo> = customerUser
      ? {
          id: 'viewCredentials',
          label: t('device.view-credentials'),
          icon: <Security fontSize="small" />,
          onAction: (d) => setDialog({ kind: 'credentials', device: d, readonly: true }),
        }
      : {
          id: 'manageCredentials',
          label: t('device.manage-credentials'),
          icon: <Security fontSize="small" />,
          onAction: (d) => setDialog({ kind: 'credentials', device: d, readonly: false }),
        };

    const checkConnectivity: RowAction<DeviceInfo> = {
      id: connectivitySelectors.action,
      label: t('connectivity.check'),
      icon: <Sensors fontSize="small" />,
      onAction: (d) => setDialog({ kind: 'connectivity', device: d }),
    };

    const columns: EntityColumn<DeviceInfo>[] = [
      ...createdAndNameColumns(t, 'device.name'),
      { key: 'deviceProfileName', label: t('device.device-profile'), value: (d) => d.deviceProfileName },
      { key: 'label', label: t('device.label'), value: (d) => d.label },
      ...assignable.columns,
      {
        key: 'gateway',
        label: t('device.is-gateway'),
        kind: 'boolean',
        sortable: false,
        value: (d) => d.additionalInfo?.gateway === true,
      },
    ];

    return {
      testId: 'devices',
      title: assignable.title,
      entityName: (d) => d.name,
      noEntitiesText: t('device.no-devices-text'),
      queryKey: deviceKeys.all,
      listKey: [listScope, profileFilter?.id ?? null],
      fetchPage: (pageLink, signal) =>
        getDeviceInfos(http, listScope, { deviceProfileId: profileFilter?.id ?? null }, pageLink, { signal }),
      headerFilter: <DeviceProfileFilter value={profileFilter} onChange={setProfileFilter} />,
      columns,
      addActions: tenant
        ? [
            {
              id: 'addDevice',
              label: t('device.add-device'),
              icon: <Add fontSize="small" />,
              onAction: (context) => setDialog({ kind: 'wizard', context }),
            },
            importAction('importDevices', t('device.import'), (context) =>
              setDialog({ kind: 'import', context }),
            ),
          ]
        : assignable.addActions,
      rowActions: [...assignable.rowActions, credentials, checkConnectivity],
      groupActions: assignable.groupActions,
      delete: tenantDelete(t, http, scope, deleteDevice, {
        title: 'device.delete-title',
        text: 'device.delete-text',
        bulkTitle: 'device.delete-devices-title',
        bulkText: 'device.delete-devices-text',
      }),
      details: {
        load: (deviceId, options) => getDeviceInfo(http, deviceId, options),
        toValues: deviceValuesOf,
        save: (values, device) => saveDevice(http, deviceOfValues(values, device)),
        render: (props) => <DeviceForm {...props} />,
        isReadonly: () => customerUser,
        copyIdLabel: t('device.copy-id'),
        extraButtons: (d) => (
          <>
            <CopyAccessTokenButton deviceId={d.id.id} />
            <Button
              size="small"
              variant="outlined"
              startIcon={<SettingsRemote fontSize="small" />}
              onClick={() => setDialog({ kind: 'rpc', device: d })}
              data-testid={rpcSelectors.open}
            >
              {t('rpc.open')}
            </Button>
          </>
        ),
        tabs: assignableDataTabs(t, http, scope, liveTabs, DEVICE_ATTRIBUTE_SCOPES),
      },
      detailsPagePath: assignableDetailsPath(scope, 'devices'),
    };
  }, [t, http, liveTabs, scope, assignable, profileFilter]);

  let dialogs: ReactNode = null;
  const close = () => setDialog(null);
  if (dialog?.kind === 'import') {
    dialogs = (
      <ImportDialog entityType="DEVICE" title={t('device.import')} context={dialog.context} onClose={close} />
    );
  } else if (dialog?.kind === 'wizard') {
    dialogs = (
      <DeviceWizard
        onClose={close}
        onAdded={() => {
          dialog.context.refresh();
          close();
        }}
      />
    );
  } else if (dialog?.kind === 'connectivity') {
    dialogs = <ConnectivityDialog device={dialog.device} onClose={close} />;
  } else if (dialog?.kind === 'rpc') {
    dialogs = <RpcDialog device={dialog.device} onClose={close} />;
  } else if (dialog?.kind === 'credentials') {
    dialogs = <DeviceCredentialsDialog device={dialog.device} readonly={dialog.readonly} onClose={close} />;
  }
  // The dialogs are modal: one of them is open at a time.
  return { config, dialogs: dialogs ?? assignable.dialogs };
}
