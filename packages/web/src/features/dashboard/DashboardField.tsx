import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Control, type FieldValues, type Path, type PathValue, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type DashboardScope, dashboardInfoQuery, dashboardSearchQuery } from '../../api/dashboards';
import { useServices } from '../../app/services/useServices';
import { DashboardAutocomplete, type DashboardOption } from '../../components/DashboardAutocomplete';

export interface DashboardFieldProps<V extends FieldValues> {
  control: Control<V>;
  /** A form field holding a dashboard id or null. */
  name: Path<V>;
  label: string;
  /** Whose dashboards are offered. */
  scope: DashboardScope;
  disabled?: boolean;
  testId?: string;
}

/**
 * A dashboard picker bound to a form field holding the dashboard id: searches the scope's dashboards
 * by title once opened and shows the stored dashboard's title (its id while the title is unknown).
 */
export function DashboardField<V extends FieldValues>({
  control,
  name,
  label,
  scope,
  disabled,
  testId,
}: DashboardFieldProps<V>) {
  const { t } = useTranslation();
  const { http } = useServices();
  const [searchText, setSearchText] = useState('');
  const [opened, setOpened] = useState(false);
  const { field } = useController({ control, name });
  const selectedId = (field.value as string | null | undefined) ?? null;
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
      label={label}
      value={value}
      onChange={(next) => field.onChange((next ? next.id.id : null) as PathValue<V, Path<V>>)}
      options={options}
      loading={search.isFetching}
      onSearchTextChange={setSearchText}
      onOpen={() => setOpened(true)}
      disabled={disabled}
      testId={testId}
    />
  );
}
