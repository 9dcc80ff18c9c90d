import { COMPLEX_OPERATIONS, type EntityKeyValueType } from '@meridian/common';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../../selectors';
import { formRow } from '../../form-row';
import { RemoveButton } from '../RemoveButton';
import {
  type ComplexPredicateValues,
  newComplexPredicate,
  newSimplePredicate,
  operationsOf,
  type PredicateValues,
  type SimplePredicateValues,
} from './condition-values';
import { OperandFields } from './OperandFields';

const S = selectors.alarmRules;

export interface PredicateEditorProps<P extends PredicateValues = PredicateValues> {
  value: P;
  onChange: (value: PredicateValues) => void;
  valueType: EntityKeyValueType;
  disabled: boolean;
  showErrors: boolean;
  /** Test-id path of this predicate: the filter's index, then the index at each nesting level. */
  path: string;
  /** Removes this predicate from its group; absent for the filter's own predicate. */
  onRemove?: () => void;
}

function SimplePredicateEditor({
  value,
  onChange,
  valueType,
  disabled,
  showErrors,
  path,
  onRemove,
}: PredicateEditorProps<SimplePredicateValues>) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ ...formRow, alignItems: { sm: 'center' } }}>
          <TextField
            select
            margin="dense"
            size="small"
            label={t('device-profile.alarm-rules.operation')}
            value={value.operation}
            onChange={(event) => onChange({ ...value, operation: event.target.value })}
            disabled={disabled}
            sx={{ minWidth: 200 }}
            slotProps={{
              select: { SelectDisplayProps: { 'data-testid': S.predicateOperation(path) } as object },
            }}
          >
            {operationsOf(valueType).map((operation) => (
              <MenuItem key={operation} value={operation}>
                {t(`device-profile.alarm-rules.operations.${operation}`)}
              </MenuItem>
            ))}
          </TextField>
          {valueType === 'STRING' && (
            <FormControlLabel
              control={
                <Checkbox
                  size="small"
                  checked={value.ignoreCase}
                  onChange={(_event, checked) => onChange({ ...value, ignoreCase: checked })}
                  disabled={disabled}
                  slotProps={{ input: { 'data-testid': S.predicateIgnoreCase(path) } as object }}
                />
              }
              label={t('device-profile.alarm-rules.ignore-case')}
            />
          )}
        </Box>
        <OperandFields
          value={value.operand}
          onChange={(operand) => onChange({ ...value, operand })}
          valueType={valueType}
          label={t('device-profile.alarm-rules.value')}
          disabled={disabled}
          showErrors={showErrors}
          testIds={{
            value: S.predicateValue(path),
            source: S.predicateSource(path),
            sourceAttribute: S.predicateSourceAttribute(path),
            inherit: S.predicateInherit(path),
          }}
        />
      </Box>
      {onRemove && !disabled && (
        <Box sx={{ pt: 1 }} data-testid={S.removePredicate(path)}>
          <RemoveButton label={t('device-profile.alarm-rules.remove-predicate')} onClick={onRemove} />
        </Box>
      )}
    </Box>
  );
}

function ComplexPredicateEditor({
  value,
  onChange,
  valueType,
  disabled,
  showErrors,
  path,
  onRemove,
}: PredicateEditorProps<ComplexPredicateValues>) {
  const { t } = useTranslation();
  const setChildren = (predicates: PredicateValues[]) => onChange({ ...value, predicates });
  return (
    <Paper variant="outlined" sx={{ p: 1.5, my: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <TextField
          select
          margin="dense"
          size="small"
          label={t('device-profile.alarm-rules.complex-operation')}
          value={value.operation}
          onChange={(event) =>
            onChange({ ...value, operation: event.target.value as ComplexPredicateValues['operation'] })
          }
          disabled={disabled}
          sx={{ minWidth: 240 }}
          slotProps={{
            select: { SelectDisplayProps: { 'data-testid': S.predicateOperation(path) } as object },
          }}
        >
          {COMPLEX_OPERATIONS.map((operation) => (
            <MenuItem key={operation} value={operation}>
              {t(`device-profile.alarm-rules.complex-operation-labels.${operation}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        {onRemove && !disabled && (
          <Box data-testid={S.removePredicate(path)}>
            <RemoveButton label={t('device-profile.alarm-rules.remove-predicate')} onClick={onRemove} />
          </Box>
        )}
      </Box>
      <Box sx={{ pl: 2, borderLeft: 2, borderColor: 'divider' }}>
        {value.predicates.map((child, index) => (
          <PredicateEditor
            // Predicates have no identity of their own; a removal re-renders the rest in place.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            value={child}
            onChange={(next) => setChildren(value.predicates.map((item, i) => (i === index ? next : item)))}
            valueType={valueType}
            disabled={disabled}
            showErrors={showErrors}
            path={`${path}-${index}`}
            onRemove={() => setChildren(value.predicates.filter((_item, i) => i !== index))}
          />
        ))}
        {showErrors && value.predicates.length === 0 && (
          <FormHelperText error>{t('device-profile.alarm-rules.complex-empty')}</FormHelperText>
        )}
        {!disabled && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              size="small"
              startIcon={<Add />}
              onClick={() => setChildren([...value.predicates, newSimplePredicate(valueType)])}
              data-testid={S.addPredicate(path)}
            >
              {t('device-profile.alarm-rules.add-predicate')}
            </Button>
            <Button
              size="small"
              startIcon={<Add />}
              onClick={() => setChildren([...value.predicates, newComplexPredicate(valueType)])}
              data-testid={S.addComplexPredicate(path)}
            >
              {t('device-profile.alarm-rules.add-complex-predicate')}
            </Button>
          </Box>
        )}
      </Box>
    </Paper>
  );
}

/**
 * A key filter's predicate (reference §3.4 KeyFilterPredicate): an operation and an operand, or a
 * group of predicates that must all (AND) or any (OR) hold, nested to any depth.
 */
export function PredicateEditor(props: PredicateEditorProps) {
  const { value } = props;
  return value.kind === 'COMPLEX' ? (
    <ComplexPredicateEditor {...props} value={value} />
  ) : (
    <SimplePredicateEditor {...props} value={value} />
  );
}
