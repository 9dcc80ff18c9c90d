import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { entityViewTypesQuery } from '../../api/entity-views';
import { useServices } from '../../app/services/useServices';
import { SubtypeFilter } from '../../components/entity-table/SubtypeFilter';
import { selectors } from '../../selectors';

/** The entity view type filter of the entity views table header; all types by default. */
export function EntityViewTypeFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  const { http } = useServices();
  const types = useQuery(entityViewTypesQuery(http));
  return (
    <SubtypeFilter
      label={t('entity-view.entity-view-type')}
      options={(types.data ?? []).map((item) => item.type)}
      value={value}
      onChange={onChange}
      testId={selectors.entityViews.typeFilter}
    />
  );
}
