import type { PageLink } from '@meridian/common';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { type Control, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { assetKeys, getAssetInfo, getAssetInfos } from '../../api/assets';
import { deviceKeys, getDeviceInfo, getDeviceInfos } from '../../api/devices';
import { useServices } from '../../app/services/useServices';
import { EntityAutocomplete, type PickerOption } from '../../components/entity-table/EntityAutocomplete';
import { selectors } from '../../selectors';
import { type EntityViewValues, TARGET_TYPES, type TargetType } from './entity-view-values';

/** Page size of target searches (spec 3 §9: entity autocomplete 50). */
const TARGET_SEARCH_PAGE_SIZE = 50;

const searchLink = (text: string): PageLink => ({
  pageSize: TARGET_SEARCH_PAGE_SIZE,
  page: 0,
  textSearch: text,
  sortOrder: { property: 'name', direction: 'ASC' },
});

/**
 * The entity an entity view looks at (reference console §3.9 "Target entity"): the entity type
 * (device or asset) and one of the tenant's entities of that type. Changing the type clears the
 * entity (spec 3 §4).
 */
export function TargetEntityField({
  control,
  disabled,
}: {
  control: Control<EntityViewValues>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { http } = useServices();
  const typeField = useController({ control, name: 'targetType' });
  const targetField = useController({
    control,
    name: 'target',
    rules: {
      validate: (value: PickerOption | null) => value !== null || 'entity-view.target-entity-required',
    },
  });
  const targetType = typeField.field.value;
  const target = targetField.field.value;
  const keys = targetType === 'DEVICE' ? deviceKeys : assetKeys;

  // A stored view names its target by id only: the name is looked up. Errors stay silent and leave
  // the name empty (spec 3 §7), e.g. for a customer user whose customer does not own the target.
  const named = useQuery({
    queryKey: [...keys.all, 'name', target?.id ?? ''],
    queryFn: ({ signal }) => {
      const options = { signal, ignoreErrors: true, ignoreLoading: true };
      const id = target?.id ?? '';
      return (
        targetType === 'DEVICE' ? getDeviceInfo(http, id, options) : getAssetInfo(http, id, options)
      ).then((entity) => entity.name);
    },
    enabled: target !== null && target.label === '',
    retry: false,
  });
  const value = target && target.label === '' ? { id: target.id, label: named.data ?? '' } : target;

  const search = (text: string, signal: AbortSignal): Promise<PickerOption[]> => {
    const options = { signal, ignoreLoading: true };
    const page =
      targetType === 'DEVICE'
        ? getDeviceInfos(http, { kind: 'tenant' }, {}, searchLink(text), options)
        : getAssetInfos(http, { kind: 'tenant' }, null, searchLink(text), options);
    return page.then((result) => result.data.map((e) => ({ id: e.id.id, label: e.name }))).catch(() => []);
  };
  const error = targetField.fieldState.error?.message;

  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <TextField
        select
        margin="dense"
        label={t('entity-view.target-entity-type')}
        value={targetType}
        disabled={disabled}
        onChange={(event) => {
          typeField.field.onChange(event.target.value as TargetType);
          targetField.field.onChange(null);
        }}
        sx={{ width: { xs: '100%', sm: 200 }, flex: 'none' }}
        slotProps={{
          select: { SelectDisplayProps: { 'data-testid': selectors.entityViews.targetType } as object },
        }}
      >
        {TARGET_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`entity-view.target-types.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <EntityAutocomplete
          label={targetType === 'DEVICE' ? t('entity-view.target-device') : t('entity-view.target-asset')}
          value={value}
          onChange={targetField.field.onChange}
          onBlur={targetField.field.onBlur}
          queryKey={[...keys.all, 'entity-view-target']}
          search={search}
          required
          disabled={disabled}
          error={error ? t(error) : undefined}
          noOptionsText={(text) =>
            targetType === 'DEVICE'
              ? text
                ? t('device.no-devices-matching', { text })
                : t('device.no-devices-text')
              : text
                ? t('asset.no-assets-matching', { text })
                : t('asset.no-assets-text')
          }
          testId={selectors.entityViews.targetEntity}
        />
      </Box>
    </Box>
  );
}
