import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { GatewayReading } from './gateway-config-model';
import { gatewaySummarySelectors as s } from './selectors';

/** A line in place of the summary: what is missing or could not be read. */
export function GatewayMessage({ children }: { children: string }) {
  return (
    <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', p: 2 }}>
      <Typography data-testid={s.message} sx={{ color: 'text.secondary', textAlign: 'center' }}>
        {children}
      </Typography>
    </Box>
  );
}

export interface GatewaySummaryProps {
  title: string;
  gatewayName: string;
  reading: GatewayReading;
}

/** The gateway's configuration as read: connection, security, storage, and its connectors. */
export function GatewaySummary({ title, gatewayName, reading }: GatewaySummaryProps) {
  const { t } = useTranslation();
  if (reading.kind === 'none') {
    return <GatewayMessage>{t('gateway.no-configuration', { name: gatewayName })}</GatewayMessage>;
  }
  if (reading.kind === 'invalid') {
    return (
      <GatewayMessage>
        {t('gateway.invalid-configuration', { name: gatewayName, attribute: reading.attribute })}
      </GatewayMessage>
    );
  }
  const { summary } = reading;
  const unset = t('gateway.not-set');
  const fields: { id: string; label: string; value: string }[] = [
    { id: 'host', label: t('gateway.host'), value: summary.host ?? unset },
    { id: 'port', label: t('gateway.port'), value: summary.port === null ? unset : String(summary.port) },
    {
      id: 'security',
      label: t('gateway.security-type'),
      value:
        summary.securityType === 'accessToken'
          ? t('gateway.access-token')
          : summary.securityType === 'tls'
            ? t('gateway.tls')
            : unset,
    },
    {
      id: 'storage',
      label: t('gateway.storage-type'),
      value:
        summary.storageType === 'memory'
          ? t('gateway.memory-storage')
          : summary.storageType === 'file'
            ? t('gateway.file-storage')
            : unset,
    },
    { id: 'logging', label: t('gateway.remote-logging-level'), value: summary.remoteLoggingLevel ?? unset },
  ];
  return (
    <Box data-testid={s.summary} sx={{ position: 'absolute', inset: 0, overflow: 'auto', p: 1 }}>
      <Typography variant="subtitle1" component="h3" data-testid={s.title}>
        {title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {gatewayName}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          mb: 1.5,
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          columnGap: 2,
          rowGap: 0.5,
        }}
      >
        {fields.map((field) => (
          <Box key={field.id} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {field.label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              data-testid={s.field(field.id)}
              sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}
            >
              {field.value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="subtitle2" component="h4">
        {t('gateway.connectors')}
      </Typography>
      {summary.connectors.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('gateway.no-connectors')}
        </Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('gateway.connector-name')}</TableCell>
              <TableCell>{t('gateway.connector-type')}</TableCell>
              <TableCell>{t('gateway.connector-state')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {summary.connectors.map((connector) => (
              <TableRow
                key={`${connector.enabled}:${connector.type}:${connector.name}`}
                data-testid={s.connector}
              >
                <TableCell>{connector.name}</TableCell>
                <TableCell>{connector.type}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={connector.enabled ? 'success' : 'default'}
                    label={connector.enabled ? t('gateway.enabled') : t('gateway.disabled')}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
