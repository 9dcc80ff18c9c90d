import type { AssetInfo, DeviceInfo } from '@meridian/common';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { assetKeys, assetTypesQuery, deleteAsset, getAssetInfo, saveAsset } from '../../api/assets';
import { defaultDeviceProfileInfoQuery } from '../../api/device-profiles';
import { deleteDevice, deviceKeys, getDeviceInfo, saveDevice } from '../../api/devices';
import type { HttpClient } from '../../app/http/http-client';
import { useServices } from '../../app/services/useServices';
import { EntityNameField } from '../../components/entity-table/EntityNameField';
import { SubtypeField } from '../../components/entity-table/SubtypeField';
import { FormTextField } from '../../components/FormTextField';
import {
  ASSET_TEXT_MAX_LENGTH,
  type AssetValues,
  assetOfValues,
  assetValuesOf,
} from '../../features/assets/asset-values';
import { DeviceProfileField } from '../../features/devices/DeviceProfileField';
import {
  DEVICE_NAME_MAX_LENGTH,
  type DeviceValues,
  deviceOfValues,
  deviceValuesOf,
} from '../../features/devices/device-values';
import { entityAdminSelectors as s } from './selectors';

/** The dialogs handle server failures themselves (their message shows in the dialog). */
const QUIET = { ignoreErrors: true } as const;

/**
 * What an entity admin table manages, and how: the console's own forms' values and REST calls for
 * devices or assets. The dialog shows the reference's fields (name, profile or type, label); the
 * values keep the rest of the stored entity, so an edit changes only those.
 */
export interface AdminKind<E, V extends FieldValues> {
  /** Button and dialog titles: add, edit, delete (catalogue keys). */
  entityType: 'DEVICE' | 'ASSET';
  texts: { add: string; edit: string; delete: string; deleteTitle: string; deleteText: string };
  /** The console's queries of this entity type, stale after a change. */
  queryKey: QueryKey;
  /** The stored entity an edit starts from, under the console's own query key of it. */
  infoKey: (id: string) => QueryKey;
  load: (http: HttpClient, id: string, signal: AbortSignal) => Promise<E>;
  valuesOf: (entity: E | null) => V;
  save: (http: HttpClient, values: V, entity: E | null) => Promise<unknown>;
  remove: (http: HttpClient, id: string) => Promise<unknown>;
  /** The dialog's fields, bound to its form. */
  Fields: (props: { form: UseFormReturn<V> }) => ReactNode;
}

function DeviceFields({ form }: { form: UseFormReturn<DeviceValues> }) {
  const { t } = useTranslation();
  const { http } = useServices();
  const { control, getValues, setValue } = form;
  // A new device starts with the tenant's default profile, as in the console's device wizard.
  const defaultProfile = useQuery(defaultDeviceProfileInfoQuery(http));
  useEffect(() => {
    const info = defaultProfile.data;
    if (info && getValues('deviceProfile') === null) {
      setValue(
        'deviceProfile',
        { id: info.id.id, label: info.name, transportType: info.transportType },
        { shouldValidate: true },
      );
    }
  }, [defaultProfile.data, getValues, setValue]);
  return (
    <>
      <EntityNameField
        control={control}
        name="name"
        label={t('device.name')}
        editing
        maxLength={DEVICE_NAME_MAX_LENGTH}
        messages={{ required: 'device.name-required', maxLength: 'device.name-max-length' }}
        testId={s.name}
      />
      <DeviceProfileField control={control} name="deviceProfile" disabled={false} testId={s.deviceProfile} />
      <FormTextField
        control={control}
        name="label"
        label={t('device.label')}
        rules={{
          validate: (value: string) => value.length <= DEVICE_NAME_MAX_LENGTH || 'entity.label-max-length',
        }}
        testId={s.label}
      />
    </>
  );
}

function AssetFields({ form }: { form: UseFormReturn<AssetValues> }) {
  const { t } = useTranslation();
  const { http } = useServices();
  const { control } = form;
  const source = {
    typesQuery: assetTypesQuery(http),
    one: 'asset',
    testIds: { type: s.assetType, typeFilter: s.assetTypeFilter },
  };
  return (
    <>
      <EntityNameField
        control={control}
        name="name"
        label={t('asset.name')}
        editing
        maxLength={ASSET_TEXT_MAX_LENGTH}
        messages={{ required: 'asset.name-required', maxLength: 'asset.name-max-length' }}
        testId={s.name}
      />
      <SubtypeField control={control} name="type" source={source} disabled={false} />
      <FormTextField
        control={control}
        name="label"
        label={t('asset.label')}
        rules={{
          validate: (value: string) => value.length <= ASSET_TEXT_MAX_LENGTH || 'entity.label-max-length',
        }}
        testId={s.label}
      />
    </>
  );
}

export const DEVICE_ADMIN: AdminKind<DeviceInfo, DeviceValues> = {
  entityType: 'DEVICE',
  texts: {
    add: 'entity-admin.add-device',
    edit: 'entity-admin.edit-device',
    delete: 'entity-admin.delete-device',
    deleteTitle: 'device.delete-title',
    deleteText: 'device.delete-text',
  },
  queryKey: deviceKeys.all,
  infoKey: deviceKeys.info,
  load: (http, id, signal) => getDeviceInfo(http, id, { signal }),
  valuesOf: deviceValuesOf,
  save: (http, values, device) => saveDevice(http, deviceOfValues(values, device), undefined, QUIET),
  remove: (http, id) => deleteDevice(http, id),
  Fields: DeviceFields,
};

export const ASSET_ADMIN: AdminKind<AssetInfo, AssetValues> = {
  entityType: 'ASSET',
  texts: {
    add: 'entity-admin.add-asset',
    edit: 'entity-admin.edit-asset',
    delete: 'entity-admin.delete-asset',
    deleteTitle: 'asset.delete-title',
    deleteText: 'asset.delete-text',
  },
  queryKey: assetKeys.all,
  infoKey: assetKeys.info,
  load: (http, id, signal) => getAssetInfo(http, id, { signal }),
  valuesOf: assetValuesOf,
  save: (http, values, asset) => saveAsset(http, assetOfValues(values, asset), QUIET),
  remove: (http, id) => deleteAsset(http, id),
  Fields: AssetFields,
};
