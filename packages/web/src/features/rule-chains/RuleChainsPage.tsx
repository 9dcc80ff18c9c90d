import { usePageSearchText } from '../../app/search/usePageSearchText';
import { EntityTable } from '../../components/entity-table/EntityTable';
import { useRuleChainTable } from './rule-chain-table';

/** /ruleChains: the tenant's core rule chains; /ruleChains/:id is the chain's editor. */
export function RuleChainsPage() {
  const searchText = usePageSearchText();
  const { config, dialogs } = useRuleChainTable();
  return (
    <>
      <EntityTable config={config} searchText={searchText} />
      {dialogs}
    </>
  );
}
