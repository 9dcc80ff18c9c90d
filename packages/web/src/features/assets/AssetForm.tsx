import type { AssetInfo } from '@meridian/common';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { FormTextArea } from '../../components/entity-table/FormTextArea';
import type { EntityFormProps } from '../../components/entity-table/types';
import { FormTextField } from '../../components/FormTextField';
import { selectors } from '../../selectors';
import { AssetTypeField } from './AssetTypeField';
import { ASSET_TEXT_MAX_LENGTH, type AssetValues } from './asset-values';

/** The asset form (reference console §3.5): name, asset type, label, description. */
export function AssetForm({ form, editing }: EntityFormProps<AssetInfo, AssetValues>) {
  const { t } = useTranslation();
  const { control } = form;
  const disabled = !editing;
  return (
    <Box>
      <FormTextField
        control={control}
        name="name"
        label={t('asset.name')}
        required
        disabled={disabled}
        autoFocus={editing}
        rules={{
          validate: (value: string) =>
            value.trim().length === 0
              ? 'asset.name-required'
              : value.length > ASSET_TEXT_MAX_LENGTH
                ? 'asset.name-max-length'
                : true,
        }}
        testId={selectors.assets.name}
      />
      <AssetTypeField control={control} disabled={disabled} />
      <FormTextField
        control={control}
        name="label"
        label={t('asset.label')}
        disabled={disabled}
        rules={{
          validate: (value: string) => value.length <= ASSET_TEXT_MAX_LENGTH || 'entity.label-max-length',
        }}
        testId={selectors.assets.label}
      />
      <FormTextArea
        control={control}
        name="description"
        label={t('asset.description')}
        disabled={disabled}
        testId={selectors.assets.description}
      />
    </Box>
  );
}
