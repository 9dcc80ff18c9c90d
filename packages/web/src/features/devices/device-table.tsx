import type { Customer, DeviceInfo } from '@meridian/common';
import Add from '@mui/icons-material/Add';
import AssignmentInd from '@mui/icons-material/AssignmentInd';
import AssignmentReturn from '@mui/icons-material/AssignmentReturn';
import FileUpload from '@mui/icons-material/FileUpload';
import Lock from '@mui/icons-material/Lock';
import Public from '@mui/icons-material/Public';
import Security from '@mui/icons-material/Security';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditLogsTabSource } from '../../api/audit-logs';
import { bulkImport } from '../../api/bulk-import';
import { customerKeys, findAssignableCustomers } from '../../api/customers';
import {
  assignDeviceToCustomer,
  deleteDevice,
  deviceKeys,
  getDeviceInfo,
  getDeviceInfos,
  makeDevicePublic,
  saveDevice,
  unassignDeviceFromCustomer,
} from '../../api/devices';
import { relationsTabApi } from '../../api/relations';
import { telemetryTabApi } from '../../api/telemetry';
import { useServices } from '../../app/services/useServices';
import { BulkImportWizard } from '../../components/bulk-import/BulkImportWizard';
import { AddEntitiesDialog } from '../../components/entity-table/AddEntitiesDialog';
import { AssignToCustomerDialog } from '../../components/entity-table/AssignToCustomerDialog';
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
import { DeviceCredentialsDialog } from './DeviceCredentialsDialog';
import { DeviceForm } from './DeviceForm';
import { DeviceProfileFilter } from './DeviceProfileFilter';
import { DeviceWizard } from './DeviceWizard';
import {
  type DeviceValues,
  deviceOfValues,
  deviceValuesOf,
  isAssigned,
  type ProfileOption,
} from './device-values';

/**
 * Whose devices the table shows (reference console §3.6): the tenant's (tenant administrator), one
 * customer's as seen by the tenant administrator, or the signed-in customer user's own.
 */
export type DeviceTableScope =
  | { kind: 'tenant' }
  | { kind: 'customer'; customerId: string; customer: Customer | undefined }
  | { kind: 'customerUser'; customerId: string };

type Dialog =
  | { kind: 'wizard'; context: EntityActionContext }
  | { kind: 'assign'; devices: DeviceInfo[]; context: EntityActionContext }
  | { kind: 'addToCustomer'; customerId: string; context: EntityActionContext }
  | { kind: 'credentials'; device: DeviceInfo; readonly: boolean }
  | { kind: 'import'; context: EntityActionContext };

/** Page size of the "Assign new device" search (spec 3 §9: entity list 50). */
const DEVICE_SEARCH_PAGE_SIZE = 50;

export function useDeviceTable(scope: DeviceTableScope): {
  config: EntityTableConfig<DeviceInfo, DeviceValues>;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const { http } = useServices();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [profileFilter, setProfileFilter] = useState<ProfileOption | null>(null);
  const customerId = scope.kind === 'tenant' ? null : scope.customerId;
  const publicCustomer = scope.kind === 'customer' && scope.customer?.additionalInfo?.isPublic === true;
  const customerTitle = scope.kind === 'customer' ? scope.customer?.title : undefined;

  const config = useMemo((): EntityTableConfig<DeviceInfo, DeviceValues> => {
    const listScope =
      customerId === null ? ({ kind: 'tenant' } as const) : ({ kind: 'customer', customerId } as const);
    const tenant = scope.kind === 'tenant';
    const customerUser = scope.kind === 'customerUser';

    const confirmed = async (
      context: EntityActionContext,
      title: string,
      message: string,
      run: () => Promise<unknown>,
    ) => {
      if (await context.confirm({ title, message })) {
        await run();
        context.refresh();
      }
    };
    const makePublic: RowAction<DeviceInfo> = {
      id: 'makePublic',
      label: t('device.make-public'),
      icon: <Public fontSize="small" />,
      isVisible: (d) => !isAssigned(d),
      onAction: (d, context) =>
        confirmed(
          context,
          t('device.make-public-title', { name: d.name }),
          t('device.make-public-text'),
          () => makeDevicePublic(http, d.id.id),
        ),
    };
    const assign: RowAction<DeviceInfo> = {
      id: 'assignToCustomer',
      label: t('device.assign-to-customer'),
      icon: <AssignmentInd fontSize="small" />,
      isVisible: (d) => !isAssigned(d),
      onAction: (d, context) => setDialog({ kind: 'assign', devices: [d], context }),
    };
    const unassign: RowAction<DeviceInfo> = {
      id: 'unassignFromCustomer',
      label: t('device.unassign-from-customer'),
      icon: <AssignmentReturn fontSize="small" />,
      isVisible: (d) => isAssigned(d) && !d.customerIsPublic,
      onAction: (d, context) =>
        confirmed(context, t('device.unassign-title', { name: d.name }), t('device.unassign-text'), () =>
          unassignDeviceFromCustomer(http, d.id.id),
        ),
    };
    const makePrivate: RowAction<DeviceInfo> = {
      id: 'makePrivate',
      label: t('device.make-private'),
      icon: <Lock fontSize="small" />,
      isVisible: (d) => d.customerIsPublic,
      onAction: (d, context) =>
        confirmed(
          context,
          t('device.make-private-title', { name: d.name }),
          t('device.make-private-text'),
          () => unassignDeviceFromCustomer(http, d.id.id),
        ),
    };
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

    const columns: EntityColumn<DeviceInfo>[] = [
      { key: 'createdTime', label: t('entity.created-time'), kind: 'date', value: (d) => d.createdTime },
      { key: 'name', label: t('device.name'), value: (d) => d.name },
      { key: 'deviceProfileName', label: t('device.device-profile'), value: (d) => d.deviceProfileName },
      { key: 'label', label: t('device.label'), value: (d) => d.label },
    ];
    if (tenant) {
      columns.push(
        {
          key: 'customerTitle',
          label: t('customer.customer'),
          value: (d) => (d.customerIsPublic ? '' : d.customerTitle),
        },
        {
          key: 'customerIsPublic',
          label: t('entity.public'),
          kind: 'boolean',
          sortable: false,
          value: (d) => d.customerIsPublic,
        },
      );
    }
    columns.push({
      key: 'gateway',
      label: t('device.is-gateway'),
      kind: 'boolean',
      sortable: false,
      value: (d) => d.additionalInfo?.gateway === true,
    });

    let title: string = t('device.devices');
    if (scope.kind === 'customer') {
      title = publicCustomer
        ? t('customer.public-devices')
        : customerTitle === undefined
          ? t('customer.devices')
          : t('customer.scoped-title', { customer: customerTitle, entities: t('device.devices') });
    }

    return {
      testId: 'devices',
      title,
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
        : scope.kind === 'customer'
          ? [
              {
                id: 'assignNewDevice',
                label: t('device.assign-new-device'),
                icon: <Add fontSize="small" />,
                onAction: (context) =>
                  setDialog({ kind: 'addToCustomer', customerId: scope.customerId, context }),
              },
            ]
          : [],
      rowActions: tenant
        ? [makePublic, assign, unassign, makePrivate, credentials]
        : scope.kind === 'customer'
          ? [unassign, makePrivate, credentials]
          : [credentials],
      groupActions: tenant
        ? [
            {
              id: 'assignDevices',
              label: t('device.assign-devices'),
              icon: <AssignmentInd />,
              onAction: (devices, context) => setDialog({ kind: 'assign', devices, context }),
            },
          ]
        : scope.kind === 'customer'
          ? [
              {
                id: 'unassignDevices',
                label: t('device.unassign-devices'),
                icon: <AssignmentReturn />,
                onAction: (devices, context) =>
                  confirmed(
                    context,
                    t('device.unassign-devices-title', { count: devices.length }),
                    t('device.unassign-devices-text'),
                    () => Promise.allSettled(devices.map((d) => unassignDeviceFromCustomer(http, d.id.id))),
                  ),
              },
            ]
          : [],
      delete: tenant
        ? {
            run: (d) => deleteDevice(http, d.id.id),
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
        extraButtons: (d) => <CopyAccessTokenButton deviceId={d.id.id} />,
        tabs: entityDataTabs(t, {
          entityId: (d) => d.id,
          attributes: telemetryTabApi(http),
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
  }, [t, http, scope, customerId, publicCustomer, customerTitle, profileFilter]);

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
  } else if (dialog?.kind === 'assign') {
    dialogs = (
      <AssignToCustomerDialog
        title={
          dialog.devices.length === 1
            ? t('device.assign-device-to-customer')
            : t('device.assign-devices-to-customer', { count: dialog.devices.length })
        }
        text={t('device.assign-to-customer-text')}
        customerQueryKey={[...customerKeys.all, 'assignable']}
        searchCustomers={(text, signal) =>
          findAssignableCustomers(http, text, signal).then((list) =>
            list.map((c) => ({ id: c.id.id, label: c.title })),
          )
        }
        onAssign={async (customer) => {
          await Promise.allSettled(
            dialog.devices.map((d) => assignDeviceToCustomer(http, customer.id, d.id.id)),
          );
          dialog.context.refresh();
        }}
        onClose={close}
      />
    );
  } else if (dialog?.kind === 'addToCustomer') {
    dialogs = (
      <AddEntitiesDialog
        title={t('device.assign-new-device')}
        label={t('device.devices')}
        queryKey={[...deviceKeys.all, 'assignable']}
        search={(text, signal) =>
          getDeviceInfos(
            http,
            { kind: 'tenant' },
            {},
            {
              pageSize: DEVICE_SEARCH_PAGE_SIZE,
              page: 0,
              textSearch: text,
              sortOrder: { property: 'name', direction: 'ASC' },
            },
            { signal, ignoreLoading: true },
          )
            .then((page) => page.data.map((d) => ({ id: d.id.id, label: d.name })))
            .catch(() => [])
        }
        noOptionsText={(text) =>
          text ? t('device.no-devices-matching', { text }) : t('device.no-devices-text')
        }
        onAdd={async (devices) => {
          await Promise.allSettled(devices.map((d) => assignDeviceToCustomer(http, dialog.customerId, d.id)));
          dialog.context.refresh();
        }}
        onClose={close}
      />
    );
  } else if (dialog?.kind === 'credentials') {
    dialogs = <DeviceCredentialsDialog device={dialog.device} readonly={dialog.readonly} onClose={close} />;
  }
  return { config, dialogs };
}
