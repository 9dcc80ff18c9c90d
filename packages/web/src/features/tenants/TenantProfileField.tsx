import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type Control, type FieldValues, type Path, type PathValue, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  defaultTenantProfileInfoQuery,
  getTenantProfileInfos,
  TENANT_PROFILE_SEARCH_PAGE_SIZE,
  tenantProfileKeys,
} from '../../api/tenant-profiles';
import { useServices } from '../../app/services/useServices';
import { EntityAutocomplete, type PickerOption } from '../../components/entity-table/EntityAutocomplete';

export interface TenantProfileFieldProps<V extends FieldValues> {
  control: Control<V>;
  name: Path<V>;
  disabled: boolean;
  /** Fill an empty field with the default tenant profile (the Add dialog). */
  preselectDefault?: boolean;
  testId?: string;
}

/** The required tenant profile of a tenant: an autocomplete over the tenant profiles by name. */
export function TenantProfileField<V extends FieldValues>({
  control,
  name,
  disabled,
  preselectDefault,
  testId,
}: TenantProfileFieldProps<V>) {
  const { t } = useTranslation();
  const { http } = useServices();
  const { field, fieldState } = useController({
    control,
    name,
    rules: {
      validate: (value: PickerOption | null) => value !== null || 'tenant-profiles.tenant-profile-required',
    },
  });
  const value = (field.value as PickerOption | null) ?? null;
  const defaultProfile = useQuery({
    ...defaultTenantProfileInfoQuery(http),
    enabled: Boolean(preselectDefault),
  });
  const { onChange } = field;
  const empty = value === null;
  // Preselected once: a profile the user clears stays cleared.
  const preselected = useRef(false);
  useEffect(() => {
    const info = defaultProfile.data;
    if (preselectDefault && empty && info && !preselected.current) {
      preselected.current = true;
      onChange({ id: info.id.id, label: info.name } as PathValue<V, Path<V>>);
    }
  }, [preselectDefault, empty, defaultProfile.data, onChange]);
  const search = (text: string, signal: AbortSignal): Promise<PickerOption[]> =>
    getTenantProfileInfos(
      http,
      {
        pageSize: TENANT_PROFILE_SEARCH_PAGE_SIZE,
        page: 0,
        textSearch: text,
        sortOrder: { property: 'name', direction: 'ASC' },
      },
      { signal, ignoreLoading: true },
    )
      .then((page) => page.data.map((info) => ({ id: info.id.id, label: info.name })))
      .catch(() => []);
  return (
    <EntityAutocomplete<PickerOption>
      label={t('tenant-profiles.tenant-profile')}
      value={value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      queryKey={[...tenantProfileKeys.all, 'options']}
      search={search}
      required
      disabled={disabled}
      error={fieldState.error?.message ? t(fieldState.error.message) : undefined}
      noOptionsText={(text) =>
        text
          ? t('tenant-profiles.no-tenant-profiles-matching', { text })
          : t('tenant-profiles.no-tenant-profiles-text')
      }
      testId={testId}
    />
  );
}
