import { ENTITY_FIELDS, ENTITY_KEY_VALUE_TYPES, type EntityKeyValueType } from '@meridian/common';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../components/AddButton';
import {
  newComplexPredicate,
  newSimplePredicate,
  type PredicateValues,
  valueText,
} from '../../../components/device-profile/alarm-rules/condition-values';
import { PredicateEditor } from '../../../components/device-profile/alarm-rules/PredicateEditor';
import { RemoveItem } from '../../../components/device-profile/alarm-rules/RemoveItem';
import { RuleSelect } from '../../../components/device-profile/alarm-rules/RuleSelect';
import { ValueField } from '../../../components/device-profile/alarm-rules/ValueField';
import { formRow } from '../../../components/form-row';
import { entityFieldLabel } from './entity-field-labels';
import { filterSelectors as S } from './filter-selectors';
import {
  DASHBOARD_FILTER_KEY_TYPES,
  type DashboardFilterKeyType,
  FILTER_DYNAMIC_SOURCE_TYPES,
  type KeyFilterValues,
  keyFilterError,
  retypedPredicate,
} from './filter-values';
import { UserInfoFields } from './UserInfoFields';

/** Value type an entity field is compared as: the creation time is a date, the rest text. */
const entityFieldValueType = (field: string): EntityKeyValueType =>
  field === 'createdTime' ? 'DATE_TIME' : 'STRING';

export interface KeyFilterEditorProps {
  value: KeyFilterValues;
  onChange: (value: KeyFilterValues) => void;
  onRemove: () => void;
  index: number;
  showErrors: boolean;
}

/**
 * One key filter of a dashboard filter (reference console §5.3): the key (attribute of any scope,
 * time series, entity field or constant), the type its value is compared as, and its predicates,
 * all of which must hold; each simple predicate with its user info. The predicates are edited by
 * the alarm rules' predicate editor.
 */
export function KeyFilterEditor({ value, onChange, onRemove, index, showErrors }: KeyFilterEditorProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<KeyFilterValues>) => onChange({ ...value, ...patch });
  const changeValueType = (valueType: EntityKeyValueType, patch: Partial<KeyFilterValues> = {}) =>
    set({
      ...patch,
      valueType,
      constantValue: valueText(null, valueType),
      predicates: value.predicates.map((predicate) => retypedPredicate(predicate, valueType)),
    });
  const changeKeyType = (keyType: DashboardFilterKeyType) => {
    if (keyType === 'ENTITY_FIELD') changeValueType('STRING', { keyType, key: 'name' });
    else set({ keyType, key: value.keyType === 'ENTITY_FIELD' ? '' : value.key });
  };
  const setPredicates = (predicates: PredicateValues[]) => set({ predicates });
  const error = showErrors ? keyFilterError(value) : null;

  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 1.5 }} data-testid={S.keyFilter(index)}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ ...formRow, flex: 1, minWidth: 0 }}>
          <RuleSelect
            fullWidth
            label={t('device-profile.alarm-rules.key-type')}
            value={value.keyType}
            options={DASHBOARD_FILTER_KEY_TYPES}
            optionLabel={(type) => t(`dashboard-filters.key-types.${type}`)}
            onChange={changeKeyType}
            testId={S.keyType(index)}
          />
          {value.keyType === 'ENTITY_FIELD' ? (
            <RuleSelect
              fullWidth
              label={t('device-profile.alarm-rules.key-name')}
              value={value.key}
              options={
                (ENTITY_FIELDS as readonly string[]).includes(value.key)
                  ? ENTITY_FIELDS
                  : [...ENTITY_FIELDS, value.key]
              }
              optionLabel={(field) => entityFieldLabel(t, field)}
              onChange={(field) => changeValueType(entityFieldValueType(field), { key: field })}
              testId={S.key(index)}
            />
          ) : (
            <TextField
              fullWidth
              margin="dense"
              size="small"
              required
              label={t('device-profile.alarm-rules.key-name')}
              value={value.key}
              onChange={(event) => set({ key: event.target.value })}
              slotProps={{ htmlInput: { 'data-testid': S.key(index) } }}
            />
          )}
          <RuleSelect
            fullWidth
            label={t('device-profile.alarm-rules.value-type')}
            value={value.valueType}
            options={ENTITY_KEY_VALUE_TYPES}
            optionLabel={(type) => t(`device-profile.alarm-rules.value-types.${type}`)}
            onChange={(valueType) => changeValueType(valueType)}
            testId={S.valueType(index)}
          />
          {value.keyType === 'CONSTANT' && (
            <ValueField
              valueType={value.valueType}
              label={t('device-profile.alarm-rules.constant-value')}
              value={value.constantValue}
              onChange={(constantValue) => set({ constantValue })}
              required={value.valueType !== 'STRING'}
              testId={S.constant(index)}
            />
          )}
        </Box>
        <RemoveItem
          sx={{ pt: 1 }}
          label={t('device-profile.alarm-rules.remove-filter')}
          onClick={onRemove}
          testId={S.removeKeyFilter(index)}
        />
      </Box>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {t('dashboard-filters.predicates')}
      </Typography>
      {value.predicates.map((predicate, position) => (
        <Box
          // Predicates have no identity of their own; a removal re-renders the rest in place.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={position}
          sx={{ borderTop: position > 0 ? 1 : 0, borderColor: 'divider', pt: position > 0 ? 1 : 0 }}
        >
          <PredicateEditor
            value={predicate}
            onChange={(next) =>
              setPredicates(value.predicates.map((item, i) => (i === position ? next : item)))
            }
            valueType={value.valueType}
            disabled={false}
            showErrors={showErrors}
            path={`filter-${index}-${position}`}
            onRemove={() => setPredicates(value.predicates.filter((_item, i) => i !== position))}
            sourceTypes={FILTER_DYNAMIC_SOURCE_TYPES}
            renderExtra={(simple, change, path) => (
              <UserInfoFields value={simple} onChange={change} path={path} />
            )}
          />
        </Box>
      ))}
      {error && (
        <FormHelperText error data-testid={S.keyFilterError(index)}>
          {t(error)}
        </FormHelperText>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <AddButton
          label={t('device-profile.alarm-rules.add-predicate')}
          onClick={() => setPredicates([...value.predicates, newSimplePredicate(value.valueType)])}
          testId={S.addPredicate(index)}
        />
        <AddButton
          label={t('device-profile.alarm-rules.add-complex-predicate')}
          onClick={() => setPredicates([...value.predicates, newComplexPredicate(value.valueType)])}
          testId={S.addComplexPredicate(index)}
        />
      </Box>
    </Paper>
  );
}
