import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { deviceProfileKeys } from '../../api/device-profiles';
import { EntityAutocomplete } from '../../components/entity-table/EntityAutocomplete';
import { selectors } from '../../selectors';
import { useSearchProfiles } from './DeviceProfileField';
import type { ProfileOption } from './device-values';

/** The device profile filter in the devices table header; empty means all profiles. */
export function DeviceProfileFilter({
  value,
  onChange,
}: {
  value: ProfileOption | null;
  onChange: (value: ProfileOption | null) => void;
}) {
  const { t } = useTranslation();
  const search = useSearchProfiles();
  return (
    <Box sx={{ width: 260, maxWidth: '100%' }}>
      <EntityAutocomplete<ProfileOption>
        label={t('device.device-profile')}
        placeholder={t('entity.all')}
        value={value}
        onChange={onChange}
        queryKey={[...deviceProfileKeys.all, 'options']}
        search={search}
        noOptionsText={(text) =>
          text
            ? t('device-profile.no-device-profiles-matching', { text })
            : t('device-profile.no-device-profiles-text')
        }
        testId={selectors.devices.profileFilter}
        size="small"
      />
    </Box>
  );
}
