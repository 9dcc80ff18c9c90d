import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deviceCredentialsQuery } from '../../api/devices';
import { useServices } from '../../app/services/useServices';
import { CopyButton } from '../../components/entity-table/CopyButton';
import { selectors } from '../../selectors';

/** "Copy access token" on the device form, shown when the device authenticates with a token. */
export function CopyAccessTokenButton({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const { http } = useServices();
  const credentials = useQuery({ ...deviceCredentialsQuery(http, deviceId), staleTime: 30_000 });
  if (credentials.data?.credentialsType !== 'ACCESS_TOKEN') {
    return null;
  }
  return (
    <CopyButton
      variant="text"
      text={credentials.data.credentialsId}
      label={t('device.copy-access-token')}
      testId={selectors.devices.copyAccessToken}
    />
  );
}
