import { usePageSearchText } from '../../app/search/usePageSearchText';
import { EntityTable } from '../../components/entity-table/EntityTable';
import { useDeviceProfileTable } from './device-profile-table';

/** /deviceProfiles: the tenant's device profiles. */
export function DeviceProfilesPage() {
  const searchText = usePageSearchText();
  const { config, dialogs } = useDeviceProfileTable();
  return (
    <>
      <EntityTable config={config} searchText={searchText} />
      {dialogs}
    </>
  );
}
