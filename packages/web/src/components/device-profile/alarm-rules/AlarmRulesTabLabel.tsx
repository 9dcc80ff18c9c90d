import { type Control, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AlarmRulesFormHost } from './alarm-rule-values';

/** "Alarm rules (N)": the tab's label counts the alarms in the form, edits included. */
export function AlarmRulesTabLabel({ control }: { control: Control<AlarmRulesFormHost> }) {
  const { t } = useTranslation();
  const alarms = useWatch({ control, name: 'alarms' });
  return <>{t('device-profile.alarm-rules.tab', { count: alarms?.length ?? 0 })}</>;
}
