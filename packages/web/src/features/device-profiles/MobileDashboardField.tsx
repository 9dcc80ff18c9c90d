import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Control, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dashboardInfoQuery, dashboardSearchQuery } from '../../api/dashboards';
import { useServices } from '../../app/services/useServices';
import { DashboardAutocomplete, type DashboardOption } from '../../components/DashboardAutocomplete';
import type { DeviceProfileValues } from './device-profile-values';

const TENANT_SCOPE = { kind: 'tenant' } as const;

/** The dashboard the mobile application opens for devices of the profile. */
export function MobileDashboardField({
  control,
  disabled,
}: {
  control: Control<DeviceProfileValues>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { http } = useServices();
  const [searchText, setSearchText] = useState('');
  const [opened, setOpened] = useState(false);
  const { field } = useController({ control, name: 'defaultDashboardId' });
  const selectedId = field.value;
  const search = useQuery({ ...dashboardSearchQuery(http, TENANT_SCOPE, searchText), enabled: opened });
  const options = search.data?.data ?? [];
  const known = options.find((dashboard) => dashboard.id.id === selectedId);
  const info = useQuery({
    ...dashboardInfoQuery(http, selectedId ?? ''),
    enabled: Boolean(selectedId) && !known,
  });
  let value: DashboardOption | null = null;
  if (selectedId) {
    value = known ??
      info.data ?? {
        id: { entityType: 'DASHBOARD', id: selectedId },
        title: t('dashboard.dashboard-id', { id: selectedId }),
      };
  }
  return (
    <DashboardAutocomplete
      label={t('device-profile.mobile-dashboard')}
      value={value}
      onChange={(next) => field.onChange(next ? next.id.id : null)}
      options={options}
      loading={search.isFetching}
      onSearchTextChange={setSearchText}
      onOpen={() => setOpened(true)}
      disabled={disabled}
    />
  );
}
