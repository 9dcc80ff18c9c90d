import type { WidgetsBundle } from '@meridian/common';
import Box from '@mui/material/Box';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EntityNameField } from '../../components/entity-table/EntityNameField';
import { FormTextArea } from '../../components/entity-table/FormTextArea';
import type { EntityFormProps } from '../../components/entity-table/types';
import { ImageInput } from '../../components/image-input/ImageInput';
import { STORED_IMAGE_MAX_BYTES } from '../../components/image-input/stored-image';
import { widgetLibrarySelectors as S } from './widget-library-selectors';
import {
  WIDGETS_BUNDLE_DESCRIPTION_MAX_LENGTH,
  WIDGETS_BUNDLE_TITLE_MAX_LENGTH,
  type WidgetsBundleValues,
} from './widgets-bundle-values';

/** The widgets bundle form (reference console §3.13): Title*, Image, Description. */
export function WidgetsBundleForm({ form, editing }: EntityFormProps<WidgetsBundle, WidgetsBundleValues>) {
  const { t } = useTranslation();
  const { control } = form;
  return (
    <Box>
      <EntityNameField
        control={control}
        name="title"
        label={t('widgets-bundle.title')}
        editing={editing}
        maxLength={WIDGETS_BUNDLE_TITLE_MAX_LENGTH}
        messages={{ required: 'widgets-bundle.title-required', maxLength: 'widgets-bundle.title-max-length' }}
        testId={S.bundles.title}
      />
      <Controller
        control={control}
        name="image"
        render={({ field }) => (
          <ImageInput
            label={t('widgets-bundle.image')}
            value={field.value}
            onChange={field.onChange}
            disabled={!editing}
            maxSizeBytes={STORED_IMAGE_MAX_BYTES}
            testId={S.bundles.image}
          />
        )}
      />
      <FormTextArea
        control={control}
        name="description"
        label={t('widgets-bundle.description')}
        disabled={!editing}
        rules={{
          maxLength: {
            value: WIDGETS_BUNDLE_DESCRIPTION_MAX_LENGTH,
            message: 'widgets-bundle.description-max-length',
          },
        }}
        testId={S.bundles.description}
      />
    </Box>
  );
}
