import type { DeviceCredentials, DeviceInfo } from '@meridian/common';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceCredentialsQuery } from '../../../api/devices';
import { useServices } from '../../../app/services/useServices';
import { CodeBlock } from '../../../components/CodeBlock';
import { CopyButton } from '../../../components/entity-table/CopyButton';
import {
  type ConnectivityCommand,
  connectivityCommand,
  TRANSPORTS,
  type Transport,
} from './connectivity-commands';
import { DeviceLiveStatus } from './DeviceLiveStatus';
import { connectivitySelectors as S } from './selectors';
import { type SystemInfo, systemInfoQuery } from './system-info';

const TRANSPORT_LABELS: Record<Transport, string> = {
  mqtt: 'connectivity.mqtt',
  http: 'connectivity.http',
  coap: 'connectivity.coap',
};

/** The command of a tab, or why there is none (the server did not say where MQTT or CoAP listen). */
function commandFor(
  transport: Transport,
  credentials: DeviceCredentials,
  info: SystemInfo,
): ConnectivityCommand {
  const port = transport === 'mqtt' ? info.mqttPort : transport === 'coap' ? info.coapPort : 0;
  if (port === undefined) {
    return { kind: 'unavailable', reasonKey: 'connectivity.port-unknown' };
  }
  return connectivityCommand(transport, credentials, {
    hostname: window.location.hostname,
    origin: window.location.origin,
    mqttPort: info.mqttPort ?? 0,
    coapPort: info.coapPort ?? 0,
    mqttSslPort: info.mqttSslPort ?? null,
  });
}

function CommandView({ command }: { command: ConnectivityCommand }) {
  const { t } = useTranslation();
  if (command.kind === 'unavailable') {
    return (
      <Alert severity="info" data-testid={S.unavailable}>
        {t(command.reasonKey)}
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {command.noteKey && <Typography variant="body2">{t(command.noteKey)}</Typography>}
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <CodeBlock testId={S.command}>{command.text}</CodeBlock>
        <CopyButton text={command.text} label={t('connectivity.copy-command')} testId={S.copyCommand} />
      </Box>
    </Box>
  );
}

/**
 * Check connectivity of a device: commands that post a telemetry value over MQTT, HTTP or CoAP
 * with this device's credentials, and the device's state and newest telemetry as they arrive, so
 * the user sees the effect of running one.
 */
export function ConnectivityDialog({ device, onClose }: { device: DeviceInfo; onClose: () => void }) {
  const { t } = useTranslation();
  const { http } = useServices();
  const titleId = useId();
  const [transport, setTransport] = useState<Transport>('mqtt');
  const credentials = useQuery(deviceCredentialsQuery(http, device.id.id));
  const info = useQuery(systemInfoQuery(http));
  const loaded = credentials.data && info.data ? { credentials: credentials.data, info: info.data } : null;
  const profileTransport = device.deviceData?.transportConfiguration?.type ?? 'DEFAULT';
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth data-testid={S.dialog}>
      <DialogTitle id={titleId}>{t('connectivity.title', { name: device.name })}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box>
          <Tabs value={transport} onChange={(_event, value: Transport) => setTransport(value)}>
            {TRANSPORTS.map((item) => (
              <Tab key={item} value={item} label={t(TRANSPORT_LABELS[item])} data-testid={S.tab(item)} />
            ))}
          </Tabs>
          <Box sx={{ pt: 2 }}>
            {loaded ? (
              <>
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {t(`connectivity.${transport}-hint`)}
                </Typography>
                <CommandView command={commandFor(transport, loaded.credentials, loaded.info)} />
                {profileTransport !== 'DEFAULT' && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {t('connectivity.profile-transport-note', { transport: profileTransport })}
                  </Typography>
                )}
              </>
            ) : credentials.isError || info.isError ? (
              <Typography color="error">{t('app.load-failed')}</Typography>
            ) : (
              <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
                <CircularProgress aria-label={t('app.loading')} />
              </Box>
            )}
          </Box>
        </Box>
        <DeviceLiveStatus deviceId={device.id.id} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={S.close}>
          {t('action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
