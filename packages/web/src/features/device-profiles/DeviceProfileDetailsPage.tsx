import { useParams } from 'react-router';
import { EntityDetailsPage } from '../../components/entity-table/EntityDetailsPage';
import { useDeviceProfileTable } from './device-profile-table';

/** /deviceProfiles/:deviceProfileId: one profile's details as a page. */
export function DeviceProfileDetailsPage() {
  const { deviceProfileId = '' } = useParams();
  const { config } = useDeviceProfileTable();
  return <EntityDetailsPage config={config} entityId={deviceProfileId} listPath="/deviceProfiles" />;
}
