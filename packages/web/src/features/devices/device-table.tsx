import type { DeviceInfo } from '@meridian/common';
import Add from '@mui/icons-material/Add';
import FileUpload from '@mui/icons-material/FileUpload';
import Security from '@mui/icons-material/Security';
import Sensors from '@mui/icons-material/Sensors';
import SettingsRemote from '@mui/icons-material/SettingsRemote';
import Button from '@mui/material/Button';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditLogsTabSource } from '../../api/audit-logs';
import { runBulkAction } from '../../api/bulk-actions';
import { bulkImport } from '../../api/bulk-import';
import { customerKeys, findAssignableCustomers } from '../../api/customers';
import {
  deleteDevice,
  deviceKeys,
  getDeviceInfo,
  getDeviceInfos,
  makeDevicePublic,
  saveDevice,
  unassignDeviceFromCustomer,
} from '../../api/devices';
import { relationsTabApi } from '../../api/relations';
import { useLiveTelemetryTabApi } from '../../api/ws/live-telemetry';
import type { HttpClient } from '../../app/http/http-client';
import { useServices } from '../../app/services/useServices';
import { BulkImportWizard } from '../../components/bulk-import/BulkImportWizard';
import {
  type CustomerAssignableScope,
  type CustomerAssignableSource,
  useCustomerAssignable,
} from '../../components/entity-table/customer-assignable';
import type {
  EntityActionContext,
  EntityColumn,
  EntityTableConfig,
  RowAction,
} from '../../components/entity-table/types';
import { DEVICE_ATTRIBUTE_SCOPES } from '../../components/entity-tabs/attributes/types';
import { entityDataTabs } from '../../components/entity-tabs/entity-data-tabs';
import { RELATION_TARGET_TYPES } from '../../components/entity-tabs/relations/types';
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

const DEVICES_ASSIGNABLE: CustomerAssignableSource<DeviceInfo, HttpClient> = {
  one: 'device',
  many: 'devices',
  customerQueryKey: [...customerKeys.all, 'assignable'],
  findCustomers: findAssignableCustomers,
  searchTenant: (http, pageLink, options) => getDeviceInfos(http, { kind: 'tenant' }, {}, pageLink, options),
  queryKey: deviceKeys.all,
  entityType: 'DEVICE',
  bulk: runBulkAction,
  unassign: unassignDeviceFromCustomer,
  makePublic: makeDevicePublic,
};

export function useDeviceTable(scope: DeviceTableScope): {
  config: EntityTableConfig<DeviceInfo, DeviceValues>;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const { http } = useServices();
  const telemetryTab = useLiveTelemetryTabApi();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [profileFilter, setProfileFilter] = useState<ProfileOption | null>(null);
  const assignable = useCustomerAssignable(scope, DEVICES_ASSIGNABLE, http);

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
      { key: 'createdTime', label: t('entity.created-time'), kind: 'date', value: (d) => d.createdTime },
      { key: 'name', label: t('device.name'), value: (d) => d.name },
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
            {
              id: 'importDevices',
              label: t('device.import'),
              icon: <FileUpload fontSize="small" />,
              onAction: (context) => setDialog({ kind: 'import', context }),
            },
          ]
        : assignable.addActions,
      rowActions: [...assignable.rowActions, credentials, checkConnectivity],
      groupActions: assignable.groupActions,
      delete: tenant
        ? {
            run: (d) => deleteDevice(http, d.id.id),
            runMany: (selected) =>
              runBulkAction(
                http,
                'delete',
                selected.map((d) => d.id),
              ),
            title: (d) => t('device.delete-title', { name: d.name }),
            message: t('device.delete-text'),
            bulkTitle: (count) => t('device.delete-devices-title', { count }),
            bulkMessage: t('device.delete-devices-text'),
          }
        : undefined,
      details: {
        load: (deviceId, signal) => getDeviceInfo(http, deviceId, { signal }),
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
        tabs: entityDataTabs(t, {
          entityId: (d) => d.id,
          attributes: telemetryTab,
          attributeScopes: DEVICE_ATTRIBUTE_SCOPES,
          relations: {
            api: relationsTabApi(http),
            targetTypes: RELATION_TARGET_TYPES[customerUser ? 'CUSTOMER_USER' : 'TENANT_ADMIN'],
          },
          // The audit log is for tenant administrators only (reference console §4.1).
          auditLogs: customerUser ? undefined : auditLogsTabSource(http, 'entity'),
        }),
      },
      detailsPagePath: (d) =>
        scope.kind === 'customer'
          ? `/customers/${scope.customerId}/devices/${d.id.id}`
          : `/devices/${d.id.id}`,
    };
  }, [t, http, telemetryTab, scope, assignable, profileFilter]);

  let dialogs: ReactNode = null;
  const close = () => setDialog(null);
  if (dialog?.kind === 'import') {
    dialogs = (
      <BulkImportWizard
        entityType="DEVICE"
        title={t('device.import')}
        importChunk={(request, signal) => bulkImport(http, 'DEVICE', request, { signal })}
        onImported={() => dialog.context.refresh()}
        onClose={close}
      />
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
