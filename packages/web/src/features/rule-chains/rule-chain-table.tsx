import type { RuleChain } from '@meridian/common';
import FileDownload from '@mui/icons-material/FileDownload';
import FileUpload from '@mui/icons-material/FileUpload';
import Flag from '@mui/icons-material/Flag';
import SettingsEthernet from '@mui/icons-material/SettingsEthernet';
import { type ReactNode, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { auditLogsTabSource } from '../../api/audit-logs';
import { eventsTabApi } from '../../api/events';
import { relationsTabApi } from '../../api/relations';
import {
  deleteRuleChain,
  getRuleChain,
  getRuleChainMetaData,
  getRuleChains,
  ruleChainKeys,
  saveRuleChain,
  setRootRuleChain,
} from '../../api/rule-chains';
import { useLiveAlarmsTabApi } from '../../api/ws/live-alarms';
import { useLiveTelemetryTabApi } from '../../api/ws/live-telemetry';
import { useServices } from '../../app/services/useServices';
import { downloadJson } from '../../components/entity-table/download';
import type { EntityTableConfig } from '../../components/entity-table/types';
import { entityDataTabs } from '../../components/entity-tabs/entity-data-tabs';
import { RELATION_TARGET_TYPES } from '../../components/entity-tabs/relations/types';
import { selectors } from '../../selectors';
import { stashImportedRuleChain } from './imported-rule-chain';
import { RuleChainForm } from './RuleChainForm';
import { IMPORTED_RULE_CHAIN_PATH, ruleChainEditorPath } from './rule-chain-paths';
import {
  exportedRuleChain,
  exportFileName,
  parseImportedRuleChain,
  type RuleChainValues,
  ruleChainOfValues,
  ruleChainValuesOf,
} from './rule-chain-values';

/** The core rule chains of the tenant (reference console §3.11). */
export function useRuleChainTable(): {
  config: EntityTableConfig<RuleChain, RuleChainValues>;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const { http, toasts } = useServices();
  const navigate = useNavigate();
  const telemetryTab = useLiveTelemetryTabApi();
  const alarmsTab = useLiveAlarmsTabApi();
  const fileInput = useRef<HTMLInputElement | null>(null);

  const config = useMemo(
    (): EntityTableConfig<RuleChain, RuleChainValues> => ({
      testId: 'rule-chains',
      title: t('rulechain.rulechains'),
      entityName: (c) => c.name,
      noEntitiesText: t('rule-chain.no-rule-chains-text'),
      queryKey: ruleChainKeys.all,
      fetchPage: (pageLink, signal) => getRuleChains(http, pageLink, { signal }),
      columns: [
        { key: 'createdTime', label: t('entity.created-time'), kind: 'date', value: (c) => c.createdTime },
        { key: 'name', label: t('rule-chain.name'), value: (c) => c.name },
        { key: 'root', label: t('rule-chain.root'), kind: 'boolean', value: (c) => c.root },
      ],
      addDialogTitle: t('rule-chain.add'),
      addActions: [
        {
          id: 'import',
          label: t('rule-chain.import'),
          icon: <FileUpload fontSize="small" />,
          onAction: () => fileInput.current?.click(),
        },
      ],
      rowActions: [
        {
          id: 'openRuleChain',
          label: t('rule-chain.open-rule-chain'),
          icon: <SettingsEthernet fontSize="small" />,
          onAction: (c) => navigate(ruleChainEditorPath(c.id.id)),
        },
        {
          id: 'export',
          label: t('rule-chain.export'),
          icon: <FileDownload fontSize="small" />,
          onAction: async (c) => {
            const [ruleChain, metadata] = await Promise.all([
              getRuleChain(http, c.id.id),
              getRuleChainMetaData(http, c.id.id),
            ]);
            downloadJson(exportFileName(ruleChain), exportedRuleChain(ruleChain, metadata));
          },
        },
        {
          id: 'makeRoot',
          label: t('rule-chain.set-root'),
          icon: <Flag fontSize="small" />,
          isVisible: (c) => !c.root,
          onAction: async (c, context) => {
            const confirmed = await context.confirm({
              title: t('rule-chain.set-root-title', { name: c.name }),
              message: t('rule-chain.set-root-text'),
            });
            if (confirmed) {
              await setRootRuleChain(http, c.id.id);
              context.refresh();
            }
          },
        },
      ],
      // The root chain is where every message starts: it can be neither selected nor deleted.
      isSelectable: (c) => !c.root,
      delete: {
        isEnabled: (c) => !c.root,
        run: (c) => deleteRuleChain(http, c.id.id),
        title: (c) => t('rule-chain.delete-title', { name: c.name }),
        message: t('rule-chain.delete-text'),
        bulkTitle: (count) => t('rule-chain.delete-rule-chains-title', { count }),
        bulkMessage: t('rule-chain.delete-rule-chains-text'),
      },
      details: {
        load: (ruleChainId, options) => getRuleChain(http, ruleChainId, options),
        toValues: ruleChainValuesOf,
        save: (values, ruleChain) => saveRuleChain(http, ruleChainOfValues(values, ruleChain)),
        render: (props) => <RuleChainForm {...props} />,
        copyIdLabel: t('rule-chain.copy-id'),
        tabs: entityDataTabs(t, {
          entityId: (c) => c.id,
          attributes: telemetryTab,
          alarms: alarmsTab,
          events: eventsTabApi(http),
          relations: { api: relationsTabApi(http), targetTypes: RELATION_TARGET_TYPES.TENANT_ADMIN },
          auditLogs: auditLogsTabSource(http, 'entity'),
        }),
      },
    }),
    [t, http, navigate, telemetryTab, alarmsTab],
  );

  // Import opens the chain in the editor; it is stored only when the user saves it there.
  const importInput = (
    <input
      ref={fileInput}
      type="file"
      accept=".json,application/json"
      hidden
      data-testid={selectors.ruleChains.importFile}
      onChange={async (event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (!file) return;
        const imported = parseImportedRuleChain(await file.text());
        if (!imported) {
          toasts.show({ message: t('rule-chain.invalid-rule-chain-file'), type: 'error' });
          return;
        }
        stashImportedRuleChain(imported);
        navigate(IMPORTED_RULE_CHAIN_PATH);
      }}
    />
  );
  return { config, dialogs: importInput };
}
