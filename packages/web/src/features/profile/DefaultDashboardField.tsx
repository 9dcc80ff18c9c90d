import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Control, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type DashboardScope, dashboardInfoQuery, dashboardSearchQuery } from '../../api/dashboards';
import { useServices } from '../../app/services/useServices';
import { DashboardAutocomplete, type DashboardOption } from '../../components/DashboardAutocomplete';
import { selectors } from '../../selectors';
import type { ProfileValues } from './profile-values';

export interface DefaultDashboardFieldProps {
  control: Control<ProfileValues>;
  scope: DashboardScope;
}

/** The profile's default dashboard: an autocomplete over the user's tenant or customer dashboards. */
export function DefaultDashboardField({ control, scope }: DefaultDashboardFieldProps) {
  const { t } = useTranslation();
  const { http } = useServices();
  const [searchText, setSearchText] = useState('');
  const [opened, setOpened] = useState(false);
  const { field } = useController({ control, name: 'defaultDashboardId' });
  const selectedId = field.value;
  const search = useQuery({ ...dashboardSearchQuery(http, scope, searchText), enabled: opened });
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
      label={t('profile.default-dashboard')}
      value={value}
      onChange={(next) => field.onChange(next ? next.id.id : null)}
      options={options}
      loading={search.isFetching}
      onSearchTextChange={setSearchText}
      onOpen={() => setOpened(true)}
      testId={selectors.profile.defaultDashboard}
    />
  );
}
