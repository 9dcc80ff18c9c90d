import type { DashboardInfo } from '@meridian/common';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CopyableLink } from '../../components/entity-table/CopyableLink';
import { EntityNameField } from '../../components/entity-table/EntityNameField';
import { FormTextArea } from '../../components/entity-table/FormTextArea';
import type { EntityFormProps } from '../../components/entity-table/types';
import { FormCheckbox } from '../../components/FormCheckbox';
import { FormTextField } from '../../components/FormTextField';
import { ImageInput } from '../../components/image-input/ImageInput';
import { STORED_IMAGE_MAX_BYTES } from '../../components/image-input/stored-image';
import { selectors } from '../../selectors';
import {
  DASHBOARD_TITLE_MAX_LENGTH,
  type DashboardValues,
  isMobileOrder,
  publicLinkOf,
} from './dashboard-values';

export interface DashboardFormProps extends EntityFormProps<DashboardInfo, DashboardValues> {
  /** The public link is shown to tenant administrators only. */
  showPublicLink: boolean;
}

/**
 * The dashboard form (reference console §3.12): title and description; in the details also the
 * mobile application settings and, for a public dashboard, its public link; the dashboard image (a
 * thumbnail users pick here or take from the viewer with "Update dashboard image").
 */
export function DashboardForm({ form, entity, editing, isAdd, showPublicLink }: DashboardFormProps) {
  const { t } = useTranslation();
  const { control } = form;
  const disabled = !editing;
  const publicLink =
    entity && showPublicLink && !editing ? publicLinkOf(entity, window.location.origin) : null;
  return (
    <Box>
      {publicLink && (
        <Box sx={{ mb: 1 }}>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
            {t('dashboards.public-link')}
          </Typography>
          <CopyableLink
            link={publicLink}
            copyLabel={t('dashboards.copy-public-link')}
            testIds={{ link: selectors.dashboards.publicLink, copy: selectors.dashboards.copyPublicLink }}
          />
        </Box>
      )}
      <EntityNameField
        control={control}
        name="title"
        label={t('dashboards.title')}
        editing={editing}
        maxLength={DASHBOARD_TITLE_MAX_LENGTH}
        messages={{ required: 'dashboards.title-required', maxLength: 'dashboards.title-max-length' }}
        testId={selectors.dashboards.title}
      />
      {!isAdd && (
        <>
          <FormCheckbox
            control={control}
            name="mobileHide"
            label={t('dashboards.mobile-hide')}
            disabled={disabled}
            testId={selectors.dashboards.mobileHide}
          />
          <FormTextField
            control={control}
            name="mobileOrder"
            numeric
            label={t('dashboards.mobile-order')}
            disabled={disabled}
            rules={{
              validate: (value: number | null) => isMobileOrder(value) || 'dashboards.mobile-order-integer',
            }}
            testId={selectors.dashboards.mobileOrder}
          />
        </>
      )}
      <FormTextArea
        control={control}
        name="description"
        label={t('dashboards.description')}
        disabled={disabled}
        testId={selectors.dashboards.description}
      />
      <Controller
        control={control}
        name="image"
        render={({ field }) => (
          <ImageInput
            label={t('dashboards.image')}
            value={field.value}
            onChange={field.onChange}
            disabled={disabled}
            maxSizeBytes={STORED_IMAGE_MAX_BYTES}
            testId={selectors.dashboards.image}
          />
        )}
      />
    </Box>
  );
}
