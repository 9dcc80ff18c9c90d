import type { RuleChain } from '@meridian/common';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { EntityNameField } from '../../components/entity-table/EntityNameField';
import { FormTextArea } from '../../components/entity-table/FormTextArea';
import type { EntityFormProps } from '../../components/entity-table/types';
import { FormCheckbox } from '../../components/FormCheckbox';
import { selectors } from '../../selectors';
import { RULE_CHAIN_NAME_MAX_LENGTH, type RuleChainValues } from './rule-chain-values';

/** The rule chain form (reference console §3.11): Name*, Debug mode, Description. */
export function RuleChainForm({ form, editing }: EntityFormProps<RuleChain, RuleChainValues>) {
  const { t } = useTranslation();
  const { control } = form;
  return (
    <Box>
      <EntityNameField
        control={control}
        name="name"
        label={t('rule-chain.name')}
        editing={editing}
        maxLength={RULE_CHAIN_NAME_MAX_LENGTH}
        messages={{ required: 'rule-chain.name-required', maxLength: 'rule-chain.name-max-length' }}
        testId={selectors.ruleChains.name}
      />
      <FormCheckbox
        control={control}
        name="debugMode"
        label={t('rule-chain.debug-mode')}
        disabled={!editing}
        testId={selectors.ruleChains.debugMode}
      />
      <FormTextArea
        control={control}
        name="description"
        label={t('rule-chain.description')}
        disabled={!editing}
        testId={selectors.ruleChains.description}
      />
    </Box>
  );
}
