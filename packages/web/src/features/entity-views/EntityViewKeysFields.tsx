import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type EntityViewKeyKind, entityViewKeys, getTargetKeys } from '../../api/entity-views';
import { useServices } from '../../app/services/useServices';
import { KeysListInput } from '../../components/KeysListInput';
import { selectors } from '../../selectors';
import type { EntityViewValues } from './entity-view-values';

type KeysFieldName = 'clientAttributes' | 'sharedAttributes' | 'serverAttributes' | 'timeseries';

const ATTRIBUTE_LISTS: { name: KeysFieldName; kind: EntityViewKeyKind; label: string }[] = [
  { name: 'clientAttributes', kind: 'CLIENT_SCOPE', label: 'entity-view.client-attributes' },
  { name: 'sharedAttributes', kind: 'SHARED_SCOPE', label: 'entity-view.shared-attributes' },
  { name: 'serverAttributes', kind: 'SERVER_SCOPE', label: 'entity-view.server-attributes' },
];

/**
 * The keys an entity view exposes (reference console §3.9): attribute keys per scope
 * ("Attributes propagation") and time-series keys, each a key list suggesting the keys the target
 * entity has.
 */
export function EntityViewKeysFields({
  control,
  disabled,
}: {
  control: Control<EntityViewValues>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { http } = useServices();
  const [targetType, target] = useWatch({ control, name: ['targetType', 'target'] });

  const keysList = (name: KeysFieldName, kind: EntityViewKeyKind, label: string) => (
    <Controller
      key={name}
      control={control}
      name={name}
      render={({ field }) => (
        <KeysListInput
          label={label}
          value={field.value}
          onChange={field.onChange}
          disabled={disabled}
          placeholder={t('entity-view.keys-placeholder')}
          suggestions={
            target
              ? {
                  queryKey: [...entityViewKeys.all, 'target-keys', targetType, target.id, kind],
                  load: (signal) =>
                    getTargetKeys(http, { entityType: targetType, id: target.id }, kind, signal),
                }
              : undefined
          }
          testId={selectors.entityViews.keys(name)}
        />
      )}
    />
  );

  return (
    <>
      <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, mt: 2, px: 2 }}>
        <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
          {t('entity-view.attributes-propagation')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('entity-view.attributes-propagation-hint')}
        </Typography>
        {ATTRIBUTE_LISTS.map((list) => keysList(list.name, list.kind, t(list.label)))}
      </Box>
      <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, mt: 2, px: 2 }}>
        <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
          {t('entity-view.timeseries-data')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('entity-view.timeseries-data-hint')}
        </Typography>
        {keysList('timeseries', 'timeseries', t('entity-view.timeseries'))}
      </Box>
    </>
  );
}
