import { useTranslation } from 'react-i18next';
import { GatewayConfigSummary } from '../gateway-support/GatewayConfigSummary';
import { GatewayMessage } from '../gateway-support/GatewaySummary';
import { GATEWAY_ATTRIBUTES, type GatewayAttributes } from '../gateway-support/gateway-config-model';
import { text } from '../table-parts/table-model';
import type { WidgetProps } from '../widget-definition';

/**
 * The reference's `gateway_widgets.config_form_latest` ("Gateway configuration (Single device)"),
 * read only: the configuration of the gateway device of its datasource, titled `gatewayTitle`.
 */
export function GatewayConfigLatestWidget({ config, data }: WidgetProps) {
  const { t } = useTranslation();
  const settings = (config.settings ?? {}) as Record<string, unknown>;
  const source = data[0];
  const values = source?.entities[0];
  if (!source || !values) return <GatewayMessage>{t('gateway.no-datasource-entity')}</GatewayMessage>;
  // The datasource may name the configuration keys itself: its live values win over a read.
  const known: GatewayAttributes = {};
  source.dataKeys.forEach((dataKey, index) => {
    const attribute = GATEWAY_ATTRIBUTES.find((item) => item.key === dataKey.name);
    const latest = values.latest[index];
    if (attribute && dataKey.type === 'attribute' && latest !== undefined)
      known[attribute.key] = latest.value;
  });
  return (
    <GatewayConfigSummary
      gateway={values.entity}
      title={text(settings.gatewayTitle) ?? t('gateway.gateway')}
      known={known}
    />
  );
}
