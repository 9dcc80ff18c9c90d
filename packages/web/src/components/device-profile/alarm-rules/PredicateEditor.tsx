import { COMPLEX_OPERATIONS, type DynamicValueSourceType, type EntityKeyValueType } from '@meridian/common';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../../selectors';
import { AddButton } from '../../AddButton';
import { formRow } from '../../form-row';
import {
  type ComplexPredicateValues,
  newComplexPredicate,
  newSimplePredicate,
  operationsOf,
  type PredicateValues,
  type SimplePredicateValues,
} from './condition-values';
import { OperandFields } from './OperandFields';
import { RemoveItem, type RemoveItemProps } from './RemoveItem';
import { RuleSelect } from './RuleSelect';

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
  /** Dynamic sources operands may be read from; the alarm rules' ones unless given. */
  sourceTypes?: readonly DynamicValueSourceType[];
  /** Extra fields under each simple predicate (the user info of dashboard filters). */
  renderExtra?: (
    value: SimplePredicateValues,
    onChange: (value: SimplePredicateValues) => void,
    path: string,
  ) => ReactNode;
}

/** What a group offers to add: a simple predicate or a nested group. */
const ADD_PREDICATE_BUTTONS = [
  { make: newSimplePredicate, label: 'device-profile.alarm-rules.add-predicate', testId: S.addPredicate },
  {
    make: newComplexPredicate,
    label: 'device-profile.alarm-rules.add-complex-predicate',
    testId: S.addComplexPredicate,
  },
] as const;

/** Removes a predicate from its group; the filter's own predicate and a read-only one have none. */
function RemovePredicate({
  path,
  onRemove,
  disabled,
  sx,
}: Pick<PredicateEditorProps, 'path' | 'onRemove' | 'disabled'> & Pick<RemoveItemProps, 'sx'>) {
  const { t } = useTranslation();
  return onRemove && !disabled ? (
    <RemoveItem
      sx={sx}
      label={t('device-profile.alarm-rules.remove-predicate')}
      onClick={onRemove}
      testId={S.removePredicate(path)}
    />
  ) : null;
}

function SimplePredicateEditor(props: PredicateEditorProps<SimplePredicateValues>) {
  const { value, onChange, valueType, disabled, showErrors, path, sourceTypes, renderExtra } = props;
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ ...formRow, alignItems: { sm: 'center' } }}>
          <RuleSelect
            label={t('device-profile.alarm-rules.operation')}
            value={value.operation}
            options={operationsOf(valueType)}
            optionLabel={(operation) => t(`device-profile.alarm-rules.operations.${operation}`)}
            onChange={(operation) => onChange({ ...value, operation })}
            disabled={disabled}
            minWidth={200}
            testId={S.predicateOperation(path)}
          />
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
          sourceTypes={sourceTypes}
        />
        {renderExtra?.(value, onChange, path)}
      </Box>
      <RemovePredicate {...props} sx={{ pt: 1 }} />
    </Box>
  );
}

function ComplexPredicateEditor(props: PredicateEditorProps<ComplexPredicateValues>) {
  const { value, onChange, valueType, disabled, showErrors, path } = props;
  const { t } = useTranslation();
  const setChildren = (predicates: PredicateValues[]) => onChange({ ...value, predicates });
  return (
    <Paper variant="outlined" sx={{ p: 1.5, my: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <RuleSelect
          label={t('device-profile.alarm-rules.complex-operation')}
          value={value.operation}
          options={COMPLEX_OPERATIONS}
          optionLabel={(operation) => t(`device-profile.alarm-rules.complex-operation-labels.${operation}`)}
          onChange={(operation) => onChange({ ...value, operation })}
          disabled={disabled}
          minWidth={240}
          testId={S.predicateOperation(path)}
        />
        <Box sx={{ flex: 1 }} />
        <RemovePredicate {...props} />
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
            sourceTypes={props.sourceTypes}
            renderExtra={props.renderExtra}
            onRemove={() => setChildren(value.predicates.filter((_item, i) => i !== index))}
          />
        ))}
        {showErrors && value.predicates.length === 0 && (
          <FormHelperText error>{t('device-profile.alarm-rules.complex-empty')}</FormHelperText>
        )}
        {!disabled && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {ADD_PREDICATE_BUTTONS.map(({ make, label, testId }) => (
              <AddButton
                key={label}
                label={t(label)}
                onClick={() => setChildren([...value.predicates, make(valueType)])}
                testId={testId(path)}
              />
            ))}
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
