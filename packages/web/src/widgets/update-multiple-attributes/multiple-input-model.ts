import type { DataKey, JsonObject, JsonValue } from '@meridian/common';
import type { AliasEntity } from '../../dashboard/runtime/alias-resolution';
import { booleanSetting } from '../control-support/rpc-command';
import { entityFieldsOf, labelWithEntityFields } from '../entity-label';
import { numberSetting, objectItems, stringSetting } from '../gauge-support/gauge-value';
import { dateInputText, epochOfDateInput } from '../input-support/date-input';
import {
  booleanOfValue,
  checkInput,
  type InputProblem,
  type InputRules,
  type ProblemMessages,
} from '../input-support/input-rules';
import { targetAllowed, type WriteTarget } from '../input-support/write-target';
import type { WidgetProps } from '../widget-definition';

/**
 * The reference's `update_multiple_attributes` as data: one group per entity of the datasources,
 * one field per data key with the key's settings, and the values the form edits and writes.
 */

export type FieldValueType =
  | 'string'
  | 'double'
  | 'integer'
  | 'booleanCheckbox'
  | 'booleanSwitch'
  | 'dateTime'
  | 'date'
  | 'time'
  | 'select'
  | 'JSON';

const VALUE_TYPES: readonly FieldValueType[] = [
  'string',
  'double',
  'integer',
  'booleanCheckbox',
  'booleanSwitch',
  'dateTime',
  'date',
  'time',
  'select',
  'JSON',
];

/** A field's value while edited: text in its input's own format, or a boolean. */
export type FieldValue = string | boolean;

export interface FieldSpec {
  /** `<group>.<key index>`: unique in the form. */
  id: string;
  keyName: string;
  keyIndex: number;
  label: string;
  target: WriteTarget;
  valueType: FieldValueType;
  /** `isEditable`: readonly fields show their value but cannot change it; disabled ones are greyed out. */
  editable: 'editable' | 'disabled' | 'readonly';
  hidden: boolean;
  /** The data key whose falsy value disables this field. */
  disabledOnDataKey?: string;
  rules: InputRules;
  step?: number;
  messages: ProblemMessages & { invalidDate?: string };
  selectOptions: { value: string; label: string }[];
  labelBefore: boolean;
  getValueFunction?: string;
  setValueFunction?: string;
}

export interface FieldGroup {
  id: string;
  entity: AliasEntity;
  title: string;
  fields: FieldSpec[];
  /** Latest value of each field's key as received (text), by field id. */
  received: Record<string, string | undefined>;
}

export interface MultipleInputSettings {
  showActionButtons: boolean;
  updateAllValues: boolean;
  saveButtonLabel?: string;
  resetButtonLabel?: string;
  showResultMessage: boolean;
  showGroupTitle: boolean;
  groupTitle: string;
  fieldsAlignment: 'row' | 'column';
  fieldsInRow: number;
}

/** The widget settings with the reference's defaults. */
export function multipleInputSettings(settings: JsonObject | undefined): MultipleInputSettings {
  const inRow = numberSetting(settings, 'fieldsInRow');
  return {
    showActionButtons: booleanSetting(settings, 'showActionButtons', true),
    updateAllValues: booleanSetting(settings, 'updateAllValues', false),
    saveButtonLabel: stringSetting(settings, 'saveButtonLabel'),
    resetButtonLabel: stringSetting(settings, 'resetButtonLabel'),
    showResultMessage: booleanSetting(settings, 'showResultMessage', true),
    showGroupTitle: booleanSetting(settings, 'showGroupTitle', false),
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the reference's entity name placeholder
    groupTitle: stringSetting(settings, 'groupTitle') ?? '${entityName}',
    fieldsAlignment: stringSetting(settings, 'fieldsAlignment') === 'column' ? 'column' : 'row',
    fieldsInRow: inRow !== undefined && inRow >= 1 ? Math.floor(inRow) : 2,
  };
}

function fieldSpec(key: DataKey, keyIndex: number, groupId: string): FieldSpec {
  const settings = (key.settings ?? {}) as JsonObject;
  const type = stringSetting(settings, 'dataKeyType');
  const valueType = stringSetting(settings, 'dataKeyValueType') as FieldValueType | undefined;
  const editable = stringSetting(settings, 'isEditable');
  const rules: InputRules = { required: booleanSetting(settings, 'required', false) };
  const min = numberSetting(settings, 'minValue');
  const max = numberSetting(settings, 'maxValue');
  if (min !== undefined) rules.min = min;
  if (max !== undefined) rules.max = max;
  const step = numberSetting(settings, 'step');
  return {
    id: `${groupId}.${keyIndex}`,
    keyName: key.name,
    keyIndex,
    // The reference shows a key's units after its label.
    label: key.units ? `${key.label || key.name} (${key.units})` : key.label || key.name,
    target: type === 'shared' ? 'shared' : type === 'timeseries' ? 'timeseries' : 'server',
    valueType: valueType && VALUE_TYPES.includes(valueType) ? valueType : 'string',
    editable: editable === 'disabled' || editable === 'readonly' ? editable : 'editable',
    hidden: booleanSetting(settings, 'dataKeyHidden', false),
    ...(stringSetting(settings, 'disabledOnDataKey')
      ? { disabledOnDataKey: stringSetting(settings, 'disabledOnDataKey') }
      : {}),
    rules,
    ...(step !== undefined && step > 0 ? { step } : {}),
    messages: {
      required: stringSetting(settings, 'requiredErrorMessage'),
      min: stringSetting(settings, 'minValueErrorMessage'),
      max: stringSetting(settings, 'maxValueErrorMessage'),
      invalidDate: stringSetting(settings, 'invalidDateErrorMessage'),
    },
    selectOptions: objectItems(settings, 'selectOptions').flatMap((option) => {
      const value = option.value;
      if (value === undefined || value === null) return [];
      const text = String(value);
      return [{ value: text, label: typeof option.label === 'string' && option.label ? option.label : text }];
    }),
    labelBefore: stringSetting(settings, 'slideToggleLabelPosition') === 'before',
    ...(booleanSetting(settings, 'useGetValueFunction', false) &&
    stringSetting(settings, 'getValueFunctionBody')
      ? { getValueFunction: stringSetting(settings, 'getValueFunctionBody') }
      : {}),
    ...(booleanSetting(settings, 'useSetValueFunction', false) &&
    stringSetting(settings, 'setValueFunctionBody')
      ? { setValueFunction: stringSetting(settings, 'setValueFunctionBody') }
      : {}),
  };
}

/** One group per entity of every datasource, its title filled in with the entity's fields. */
export function fieldGroups(data: WidgetProps['data'], settings: MultipleInputSettings): FieldGroup[] {
  return data.flatMap((source, sourceIndex) =>
    source.entities.map((values, entityIndex) => {
      const id = `${sourceIndex}-${entityIndex}`;
      const fields = source.dataKeys.map((key, keyIndex) => fieldSpec(key, keyIndex, id));
      const received: Record<string, string | undefined> = {};
      for (const field of fields) received[field.id] = values.latest[field.keyIndex]?.value;
      return {
        id,
        entity: values.entity,
        title: labelWithEntityFields(settings.groupTitle, entityFieldsOf(values.entity)),
        fields,
        received,
      };
    }),
  );
}

/** Whether the field's key can be written for this entity (shared attributes: devices only). */
export function fieldAllowed(field: FieldSpec, entity: AliasEntity): boolean {
  return targetAllowed(field.target, entity.id);
}

export const isBooleanField = (field: FieldSpec) =>
  field.valueType === 'booleanCheckbox' || field.valueType === 'booleanSwitch';

/** A received value (after the get function, if any) as the field's edit value. */
export function fieldValueOf(field: FieldSpec, value: unknown): FieldValue {
  if (isBooleanField(field)) return typeof value === 'boolean' ? value : booleanOfValue(textOf(value));
  if (value === undefined || value === null) return '';
  if (field.valueType === 'dateTime' || field.valueType === 'date' || field.valueType === 'time') {
    const ms = Number(value);
    if (!Number.isFinite(ms) || textOf(value) === '') return '';
    // The reference keeps a time as milliseconds since midnight, dates as epoch milliseconds.
    return dateInputText(field.valueType, field.valueType === 'time' ? startOfToday() + ms : ms);
  }
  if (field.valueType === 'JSON' && typeof value === 'object') return JSON.stringify(value);
  return textOf(value);
}

function startOfToday(): number {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
}

function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** What is wrong with a field's value, or null. */
export type FieldProblem = InputProblem | { kind: 'json' } | { kind: 'date' };

export function checkField(field: FieldSpec, value: FieldValue): FieldProblem | null {
  if (typeof value === 'boolean') return null;
  switch (field.valueType) {
    case 'double':
    case 'integer':
      return checkInput(value, field.valueType, field.rules);
    case 'JSON':
      if (value.trim() === '') return field.rules.required ? { kind: 'required' } : null;
      try {
        JSON.parse(value);
        return null;
      } catch {
        return { kind: 'json' };
      }
    case 'dateTime':
    case 'date':
    case 'time':
      if (value === '') return field.rules.required ? { kind: 'required' } : null;
      return epochOfDateInput(field.valueType, value) === null ? { kind: 'date' } : null;
    default:
      return checkInput(value, 'string', { required: field.rules.required });
  }
}

/**
 * The value a field writes (before the set function), or undefined when there is nothing to write
 * (an empty optional number, date or JSON).
 */
export function wireValueOfField(field: FieldSpec, value: FieldValue): JsonValue | undefined {
  if (typeof value === 'boolean') return value;
  switch (field.valueType) {
    case 'double':
    case 'integer':
      return value.trim() === '' ? undefined : Number(value);
    case 'JSON':
      return value.trim() === '' ? undefined : (JSON.parse(value) as JsonValue);
    case 'dateTime':
    case 'date':
      return value === '' ? undefined : (epochOfDateInput(field.valueType, value) ?? undefined);
    case 'time': {
      if (value === '') return undefined;
      const today = startOfToday();
      const epoch = epochOfDateInput('time', value, today);
      return epoch === null ? undefined : epoch - today;
    }
    default:
      return value;
  }
}
