import {
  type AlarmConditionFilter,
  type DashboardFilter,
  keyFilterInfosToKeyFilters,
} from '@meridian/common';
import type { TFunction } from 'i18next';
import {
  type DateTimeText,
  filterText,
} from '../../../components/device-profile/alarm-rules/alarm-rule-summary';

/**
 * A filter's key filters in one line for the filters list, e.g. `temperature > 30 and name starts
 * with “Box”`, worded as the alarm rule summaries are.
 */
export function filterSummary(filter: DashboardFilter, t: TFunction, dateTime: DateTimeText): string {
  const keyFilters = keyFilterInfosToKeyFilters(filter.keyFilters ?? []);
  return keyFilters
    .map((keyFilter) =>
      // The summary reads only the key name, the value type and the predicate.
      filterText(keyFilter as unknown as AlarmConditionFilter, t, dateTime, keyFilters.length > 1),
    )
    .join(` ${t('device-profile.alarm-rules.complex-operations.AND')} `);
}
