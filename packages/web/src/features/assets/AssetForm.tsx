import type { AssetInfo } from '@meridian/common';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { assetTypesQuery } from '../../api/assets';
import type { HttpClient } from '../../app/http/http-client';
import { useServices } from '../../app/services/useServices';
import { EntityNameField } from '../../components/entity-table/EntityNameField';
import { FormTextArea } from '../../components/entity-table/FormTextArea';
import { SubtypeField } from '../../components/entity-table/SubtypeField';
import type { EntityFormProps } from '../../components/entity-table/types';
import { FormTextField } from '../../components/FormTextField';
import { selectors } from '../../selectors';
import { ASSET_TEXT_MAX_LENGTH, type AssetValues } from './asset-values';

/** Asset types, shared by the form's type field and the table's type filter. */
export function assetSubtypes(http: HttpClient) {
  return { typesQuery: assetTypesQuery(http), one: 'asset', testIds: selectors.assets };
}

/** The asset form (reference console §3.5): name, asset type, label, description. */
export function AssetForm({ form, editing }: EntityFormProps<AssetInfo, AssetValues>) {
  const { t } = useTranslation();
  const { http } = useServices();
  const { control } = form;
  const disabled = !editing;
  return (
    <Box>
      <EntityNameField
        control={control}
        name="name"
        label={t('asset.name')}
        editing={editing}
        maxLength={ASSET_TEXT_MAX_LENGTH}
        messages={{ required: 'asset.name-required', maxLength: 'asset.name-max-length' }}
        testId={selectors.assets.name}
      />
      <SubtypeField control={control} name="type" source={assetSubtypes(http)} disabled={disabled} />
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
