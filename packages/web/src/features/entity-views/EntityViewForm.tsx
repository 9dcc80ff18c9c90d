import type { EntityViewInfo } from '@meridian/common';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { entityViewTypesQuery } from '../../api/entity-views';
import type { HttpClient } from '../../app/http/http-client';
import { useServices } from '../../app/services/useServices';
import { EntityNameField } from '../../components/entity-table/EntityNameField';
import { FormTextArea } from '../../components/entity-table/FormTextArea';
import { SubtypeField } from '../../components/entity-table/SubtypeField';
import type { EntityFormProps } from '../../components/entity-table/types';
import { FormDateTimeField } from '../../components/FormDateTimeField';
import { selectors } from '../../selectors';
import { EntityViewKeysFields } from './EntityViewKeysFields';
import { ENTITY_VIEW_NAME_MAX_LENGTH, type EntityViewValues, fromLocalDateTime } from './entity-view-values';
import { TargetEntityField } from './TargetEntityField';

/** Entity view types, shared by the form's type field and the table's type filter. */
export function entityViewSubtypes(http: HttpClient) {
  return { typesQuery: entityViewTypesQuery(http), one: 'entity-view', testIds: selectors.entityViews };
}

/**
 * The entity view form (reference console §3.9): name, entity view type, target entity, the keys
 * it exposes, start and end time, description.
 */
export function EntityViewForm({ form, editing }: EntityFormProps<EntityViewInfo, EntityViewValues>) {
  const { t } = useTranslation();
  const { http } = useServices();
  const { control } = form;
  const disabled = !editing;
  return (
    <Box>
      <EntityNameField
        control={control}
        name="name"
        label={t('entity-view.name')}
        editing={editing}
        maxLength={ENTITY_VIEW_NAME_MAX_LENGTH}
        messages={{ required: 'entity-view.name-required', maxLength: 'entity-view.name-max-length' }}
        testId={selectors.entityViews.name}
      />
      <SubtypeField control={control} name="type" source={entityViewSubtypes(http)} disabled={disabled} />
      <TargetEntityField control={control} disabled={disabled} />
      <EntityViewKeysFields control={control} disabled={disabled} />
      <Box sx={{ display: 'flex', gap: 2, mt: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <FormDateTimeField
          control={control}
          name="startTime"
          label={t('entity-view.start-time')}
          disabled={disabled}
          helperText={t('entity-view.time-unbounded')}
          rules={{ deps: ['endTime'] }}
          testId={selectors.entityViews.startTime}
        />
        <FormDateTimeField
          control={control}
          name="endTime"
          label={t('entity-view.end-time')}
          disabled={disabled}
          helperText={t('entity-view.time-unbounded')}
          rules={{
            validate: (value: string, values: EntityViewValues) => {
              const start = fromLocalDateTime(values.startTime);
              const end = fromLocalDateTime(value);
              return start === 0 || end === 0 || end >= start || 'entity-view.end-before-start';
            },
          }}
          testId={selectors.entityViews.endTime}
        />
      </Box>
      <FormTextArea
        control={control}
        name="description"
        label={t('entity-view.description')}
        disabled={disabled}
        testId={selectors.entityViews.description}
      />
    </Box>
  );
}
