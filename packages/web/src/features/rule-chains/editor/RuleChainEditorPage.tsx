import type { RuleChain, RuleChainMetaData } from '@meridian/common';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  getRuleChain,
  getRuleChainMetaData,
  getRuleNodeComponents,
  ruleChainKeys,
  saveRuleChain,
  saveRuleChainMetaData,
} from '../../../api/rule-chains';
import { PageLoading } from '../../../app/layout/PageLoading';
import { useServices } from '../../../app/services/useServices';
import { selectors } from '../../../selectors';
import { importedRuleChain } from '../imported-rule-chain';
import { ruleChainEditorPath } from '../rule-chain-paths';
import { RuleChainEditor } from './RuleChainEditor';

/** The node classes of core chains, loaded once per session. */
function useCoreComponents() {
  const { http } = useServices();
  return useQuery({
    queryKey: ruleChainKeys.components('CORE'),
    queryFn: ({ signal }) => getRuleNodeComponents(http, 'CORE', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function NotFound({ text }: { text: string }) {
  return (
    <Box sx={{ p: 3 }} data-testid={selectors.ruleChains.notFound}>
      <Typography>{text}</Typography>
    </Box>
  );
}

/** /ruleChains/:ruleChainId: the stored chain in the editor. */
export function RuleChainEditorPage() {
  const { ruleChainId = '' } = useParams();
  const { t } = useTranslation();
  const { http, queryClient } = useServices();
  const components = useCoreComponents();
  const chain = useQuery({
    queryKey: ruleChainKeys.editor(ruleChainId),
    queryFn: async ({ signal }) => {
      const options = { signal, notFoundHandled: true };
      const [ruleChain, metadata] = await Promise.all([
        getRuleChain(http, ruleChainId, options),
        getRuleChainMetaData(http, ruleChainId, options),
      ]);
      return { ruleChain, metadata };
    },
    // The editor holds its own copy while open; a later visit loads the chain afresh.
    gcTime: 0,
    retry: false,
  });
  const save = useCallback(
    async (metadata: RuleChainMetaData) => {
      const saved = await saveRuleChainMetaData(http, metadata);
      void queryClient.invalidateQueries({ queryKey: ruleChainKeys.all });
      return saved;
    },
    [http, queryClient],
  );
  if (chain.isError) return <NotFound text={t('rule-chain.not-found')} />;
  if (!chain.data || !components.data) return <PageLoading />;
  return (
    <RuleChainEditor
      key={ruleChainId}
      ruleChain={chain.data.ruleChain}
      metadata={chain.data.metadata}
      descriptors={components.data}
      isNew={false}
      save={save}
    />
  );
}

/** /ruleChains/ruleChain/import: an imported chain in the editor; saving creates it. */
export function ImportedRuleChainEditorPage() {
  const { t } = useTranslation();
  const { http } = useServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const components = useCoreComponents();
  const imported = useRef(importedRuleChain()).current;
  // Once created, a failed metadata save is retried on the same chain rather than a second one.
  const created = useRef<RuleChain | null>(null);
  const save = useCallback(
    async (metadata: RuleChainMetaData) => {
      if (!imported) throw new Error('no imported rule chain');
      if (!created.current) {
        const {
          id: _id,
          tenantId: _tenant,
          createdTime: _created,
          firstRuleNodeId: _first,
          ...chain
        } = imported.ruleChain;
        created.current = await saveRuleChain(http, { ...chain, type: 'CORE', root: false });
      }
      const ruleChainId = created.current.id;
      const saved = await saveRuleChainMetaData(http, { ...metadata, ruleChainId });
      void queryClient.invalidateQueries({ queryKey: ruleChainKeys.all });
      // Replacing the address leaves the import page without asking about unsaved changes.
      navigate(ruleChainEditorPath(ruleChainId.id), { replace: true });
      return saved;
    },
    [http, imported, navigate, queryClient],
  );
  if (!imported) return <NotFound text={t('rule-chain.no-imported-rule-chain')} />;
  if (!components.data) return <PageLoading />;
  return (
    <RuleChainEditor
      ruleChain={imported.ruleChain}
      metadata={imported.metadata}
      descriptors={components.data}
      isNew
      save={save}
    />
  );
}
