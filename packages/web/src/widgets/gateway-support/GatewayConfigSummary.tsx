import { useTranslation } from 'react-i18next';
import type { AliasEntity } from '../../dashboard/runtime/alias-resolution';
import { GatewayMessage, GatewaySummary } from './GatewaySummary';
import { type GatewayAttributes, readGateway } from './gateway-config-model';
import { useGatewayAttributes } from './useGatewayAttributes';

export interface GatewayConfigSummaryProps {
  gateway: AliasEntity;
  title: string;
  /** Values the widget's own data already has, newer than a read. */
  known?: GatewayAttributes;
}

/** Reads a gateway device's configuration attributes and shows their summary. */
export function GatewayConfigSummary({ gateway, title, known = {} }: GatewayConfigSummaryProps) {
  const { t } = useTranslation();
  const isDevice = gateway.id.entityType === 'DEVICE';
  const attributes = useGatewayAttributes(isDevice ? gateway.id : null);
  if (!isDevice) return <GatewayMessage>{t('gateway.not-a-device', { name: gateway.name })}</GatewayMessage>;
  if (attributes.isError)
    return <GatewayMessage>{t('gateway.read-failed', { name: gateway.name })}</GatewayMessage>;
  if (!attributes.data) return null;
  return (
    <GatewaySummary
      title={title}
      gatewayName={gateway.name}
      reading={readGateway({ ...attributes.data, ...known })}
    />
  );
}
