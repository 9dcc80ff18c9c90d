import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { deviceProfileKeys, getDeviceProfileInfos } from '../../api/device-profiles';
import { useServices } from '../../app/services/useServices';
import { EntityAutocomplete } from '../../components/entity-table/EntityAutocomplete';
import type { ProfileOption } from './device-values';

/** Page size of device profile searches (spec 3 §9: entity autocomplete 50). */
const PROFILE_SEARCH_PAGE_SIZE = 50;

/** Profile options whose name contains the text, by name. */
export function useSearchProfiles() {
  const { http } = useServices();
  return (text: string, signal: AbortSignal): Promise<ProfileOption[]> =>
    getDeviceProfileInfos(
      http,
      {
        pageSize: PROFILE_SEARCH_PAGE_SIZE,
        page: 0,
        textSearch: text,
        sortOrder: { property: 'name', direction: 'ASC' },
      },
      null,
      { signal, ignoreLoading: true },
    )
      .then((page) =>
        page.data.map((info) => ({ id: info.id.id, label: info.name, transportType: info.transportType })),
      )
      .catch(() => []);
}

export interface DeviceProfileFieldProps<V extends FieldValues> {
  control: Control<V>;
  name: Path<V>;
  disabled: boolean;
  required?: boolean;
  testId?: string;
}

/** A required device profile picker bound to a form field holding a {@link ProfileOption}. */
export function DeviceProfileField<V extends FieldValues>({
  control,
  name,
  disabled,
  required = true,
  testId,
}: DeviceProfileFieldProps<V>) {
  const { t } = useTranslation();
  const search = useSearchProfiles();
  const { field, fieldState } = useController({
    control,
    name,
    rules: {
      validate: (value: ProfileOption | null) =>
        !required || value !== null || 'device.device-profile-required',
    },
  });
  return (
    <EntityAutocomplete<ProfileOption>
      label={t('device.device-profile')}
      value={(field.value as ProfileOption | null) ?? null}
      onChange={field.onChange}
      onBlur={field.onBlur}
      queryKey={[...deviceProfileKeys.all, 'options']}
      search={search}
      required={required}
      disabled={disabled}
      error={fieldState.error?.message ? t(fieldState.error.message) : undefined}
      noOptionsText={(text) =>
        text
          ? t('device-profile.no-device-profiles-matching', { text })
          : t('device-profile.no-device-profiles-text')
      }
      testId={testId}
    />
  );
}
