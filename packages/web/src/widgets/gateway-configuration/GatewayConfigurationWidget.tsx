import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { aliasResolutionQuery } from '../../api/dashboard-runtime';
import { useServices } from '../../app/services/useServices';
import { useDashboardRuntime } from '../../dashboard/dashboard-runtime-context';
import { GatewayConfigSummary } from '../gateway-support/GatewayConfigSummary';
import { GatewayMessage } from '../gateway-support/GatewaySummary';
import { text } from '../table-parts/table-model';
import type { WidgetProps } from '../widget-definition';

/**
 * The reference's `gateway_widgets.gateway_configuration`, read only. The reference lets the user
 * pick one of the tenant's gateways; a dashboard here names its gateway through its entity aliases:
 * the first device they resolve to, in alias order.
 */
export function GatewayConfigurationWidget({ config }: WidgetProps) {
  const { t } = useTranslation();
  const { http } = useServices();
  const { dashboardId, model, stateParams } = useDashboardRuntime();
  const settings = (config.settings ?? {}) as Record<string, unknown>;
  const aliases = Object.values(model.entityAliases);
  const resolutions = useQueries({
    queries: aliases.map((alias) => aliasResolutionQuery(http, dashboardId, alias, stateParams)),
  });
  if (aliases.length === 0) return <GatewayMessage>{t('gateway.no-aliases')}</GatewayMessage>;
  let gateway = null;
  for (const resolution of resolutions) {
    if (!resolution.data) {
      // An earlier alias still resolving may name the gateway: wait for it.
      if (resolution.isPending) return null;
      continue;
    }
    if (resolution.data.kind === 'entities') {
      gateway = resolution.data.entities.find((entity) => entity.id.entityType === 'DEVICE') ?? null;
      if (gateway) break;
    }
  }
  if (!gateway) {
    return (
      <GatewayMessage>
        {t('gateway.no-device-alias', { aliases: aliases.map((alias) => alias.alias).join(', ') })}
      </GatewayMessage>
    );
  }
  return (
    <GatewayConfigSummary gateway={gateway} title={text(settings.widgetTitle) ?? t('gateway.gateway')} />
  );
}
