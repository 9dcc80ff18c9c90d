import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { type Control, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { getRuleEngineQueues, ruleChainKeys } from '../../api/rule-chains';
import { useServices } from '../../app/services/useServices';
import { selectors } from '../../selectors';
import { RuleChainSelect } from '../rule-chains/editor/RuleChainSelect';
import type { DeviceProfileValues } from './device-profile-values';

/**
 * Where the profile's device messages go (reference console §3.7 "Form"): its own rule chain instead
 * of the tenant's root chain, and its rule engine queue instead of Main.
 */
export function RuleEngineFields({
  control,
  disabled,
}: {
  control: Control<DeviceProfileValues>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { http } = useServices();
  const chain = useController({ control, name: 'defaultRuleChainId' });
  const queue = useController({ control, name: 'defaultQueueName' });
  const queues = useQuery({
    queryKey: [...ruleChainKeys.all, 'queues'],
    queryFn: ({ signal }) => getRuleEngineQueues(http, { signal, ignoreLoading: true }),
  });
  const names = queues.data ?? [];
  return (
    <>
      <RuleChainSelect
        label={t('device-profile.default-rule-chain')}
        value={chain.field.value}
        onChange={chain.field.onChange}
        testId={selectors.deviceProfiles.ruleChain}
        disabled={disabled}
      />
      <TextField
        select
        label={t('device-profile.queue-name')}
        value={queue.field.value}
        onChange={(event) => queue.field.onChange(event.target.value)}
        fullWidth
        margin="dense"
        disabled={disabled}
        slotProps={{ htmlInput: { 'data-testid': selectors.deviceProfiles.queue } }}
      >
        <MenuItem value="">
          <em>{t('rulenode.no-rule-chain')}</em>
        </MenuItem>
        {queue.field.value !== '' && !names.includes(queue.field.value) && (
          <MenuItem value={queue.field.value}>{queue.field.value}</MenuItem>
        )}
        {names.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
