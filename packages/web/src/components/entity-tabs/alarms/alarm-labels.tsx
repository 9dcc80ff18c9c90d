import {
  ALARM_SEVERITY_COLORS,
  type AlarmSearchStatus,
  type AlarmSeverity,
  type AlarmStatus,
  isAlarmAcknowledged,
  isAlarmActive,
} from '@meridian/common';
import { useTranslation } from 'react-i18next';
import { entityTabsSelectors } from '../selectors';

/** How alarms read in the Alarms tab and its dialog: translated codes, severity colours, what applies. */

export const SEARCH_STATUS_KEYS: Record<AlarmSearchStatus, string> = {
  ANY: 'alarm.search-status-any',
  ACTIVE: 'alarm.search-status-active',
  CLEARED: 'alarm.search-status-cleared',
  ACK: 'alarm.search-status-ack',
  UNACK: 'alarm.search-status-unack',
};

const SEVERITY_KEYS: Record<AlarmSeverity, string> = {
  CRITICAL: 'alarm.severity-critical',
  MAJOR: 'alarm.severity-major',
  MINOR: 'alarm.severity-minor',
  WARNING: 'alarm.severity-warning',
  INDETERMINATE: 'alarm.severity-indeterminate',
};

const STATUS_KEYS: Record<AlarmStatus, string> = {
  ACTIVE_UNACK: 'alarm.status-active-unack',
  ACTIVE_ACK: 'alarm.status-active-ack',
  CLEARED_UNACK: 'alarm.status-cleared-unack',
  CLEARED_ACK: 'alarm.status-cleared-ack',
};

type Translate = (key: string) => string;

/** Translated severity; a code the console does not know shows as it is. */
export function severityLabel(t: Translate, severity: string): string {
  const key = (SEVERITY_KEYS as Record<string, string | undefined>)[severity];
  return key ? t(key) : severity;
}

/** Translated status ("Active Unacknowledged"…); an unknown code shows as it is. */
export function statusLabel(t: Translate, status: string): string {
  const key = (STATUS_KEYS as Record<string, string | undefined>)[status];
  return key ? t(key) : status;
}

/** The display colour of a severity (spec 2 "Alarm"); inherited for an unknown one. */
export function severityColor(severity: string): string | undefined {
  return (ALARM_SEVERITY_COLORS as Record<string, string | undefined>)[severity];
}

/** Acknowledging applies to unacknowledged alarms, active or cleared. */
export const canAcknowledge = (alarm: { status: AlarmStatus }) => !isAlarmAcknowledged(alarm.status);

/** Clearing applies to active alarms, acknowledged or not. */
export const canClear = (alarm: { status: AlarmStatus }) => isAlarmActive(alarm.status);

/** A severity in its colour, bold, as the reference's alarm table shows it. */
export function SeverityText({ severity }: { severity: AlarmSeverity }) {
  const { t } = useTranslation();
  return (
    <span
      style={{ color: severityColor(severity), fontWeight: 'bold' }}
      data-testid={entityTabsSelectors.alarms.severity}
    >
      {severityLabel(t, severity)}
    </span>
  );
}
