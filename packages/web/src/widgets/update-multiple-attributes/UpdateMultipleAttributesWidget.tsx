import type { JsonValue } from '@meridian/common';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../input-support/input-rules';
import { ResultMessage } from '../input-support/ResultMessage';
import { useReadOnlyDashboard } from '../input-support/read-only';
import { inputSelectors as s } from '../input-support/selectors';
import { useWrites, type WriteRequest } from '../input-support/useWrites';
import type { WidgetProps } from '../widget-definition';
import { MultipleInputField } from './MultipleInputField';
import {
  checkField,
  type FieldGroup,
  type FieldProblem,
  type FieldSpec,
  type FieldValue,
  fieldAllowed,
  fieldGroups,
  fieldValueOf,
  multipleInputSettings,
  wireValueOfField,
} from './multiple-input-model';
import {
  convertedValues,
  receivedThroughFunctions,
  throughSetFunction,
  usesGetFunctions,
} from './value-functions';

function fieldError(t: TFunction, field: FieldSpec, problem: FieldProblem | null): string {
  if (!problem) return '';
  if (problem.kind === 'json') return t('input-widgets.invalid-json');
  if (problem.kind === 'date') return field.messages.invalidDate || t('input-widgets.invalid-date');
  return problemText(t, problem, field.messages);
}

/** A field's value as a condition (`disabledOnDataKey`): the reference's truthiness of the value. */
const truthy = (value: FieldValue | undefined) =>
  typeof value === 'boolean' ? value : value !== undefined && value !== '' && value !== 'false';

/**
 * The reference's `input_widgets.update_multiple_attributes`: a form with a group of fields per
 * entity of the datasources, one per data key, written to each key's attribute scope or time
 * series (one request per entity and target) with Save, or field by field without action buttons.
 */
export function UpdateMultipleAttributesWidget({ config, data }: WidgetProps) {
  const { t } = useTranslation();
  const readOnly = useReadOnlyDashboard();
  const settings = useMemo(() => multipleInputSettings(config.settings), [config.settings]);
  const groups = useMemo(() => fieldGroups(data, settings), [data, settings]);
  const writes = useWrites(settings.showResultMessage);
  const { raw, received } = useReceived(groups);
  // The user's values by field id, and for written ones the value they replaced: a written value
  // stays until the live one changes (the write coming back).
  const [drafts, setDrafts] = useState<Record<string, FieldValue>>({});
  const [written, setWritten] = useState<Record<string, FieldValue>>({});

  const fields = groups.flatMap((group) => group.fields.map((field) => ({ group, field })));
  const base = (field: FieldSpec) => fieldValueOf(field, received[field.id]);
  const shownValue = (field: FieldSpec) => drafts[field.id] ?? base(field);
  const isDirty = (field: FieldSpec) =>
    field.id in drafts && !(field.id in written) && drafts[field.id] !== base(field);

  const baseKey = JSON.stringify(fields.map(({ field }) => base(field)));
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a received value changes
  useEffect(() => {
    const arrived = Object.keys(written).filter((id) => {
      const entry = fields.find(({ field }) => field.id === id);
      return !entry || base(entry.field) !== written[id];
    });
    if (arrived.length === 0) return;
    setDrafts((current) => omit(current, arrived));
    setWritten((current) => omit(current, arrived));
  }, [baseKey]);

  const isDisabled = (group: FieldGroup, field: FieldSpec) => {
    if (readOnly || field.editable === 'disabled' || !fieldAllowed(field, group.entity)) return true;
    // The condition applies to editable fields only, as in the reference.
    if (!field.disabledOnDataKey || field.editable !== 'editable') return false;
    const condition = group.fields.find((other) => other.keyName === field.disabledOnDataKey);
    if (condition) return !truthy(shownValue(condition));
    return true;
  };
  const active = fields.filter(({ group, field }) => !field.hidden && !isDisabled(group, field));
  const problemOf = (field: FieldSpec, value = shownValue(field)) =>
    field.editable === 'readonly' ? null : checkField(field, value);
  const invalid = active.some(({ field }) => isDirty(field) && problemOf(field) !== null);
  const dirty = active.some(({ field }) => isDirty(field));

  /** Writes the changed (or all) active fields, or only `only` with its new value. */
  const save = async (only?: { field: FieldSpec; value: FieldValue }) => {
    const picked = active.filter(({ field }) =>
      only ? field.id === only.field.id : settings.updateAllValues || isDirty(field),
    );
    const requests = new Map<string, WriteRequest>();
    const sent: Record<string, FieldValue> = {};
    for (const { group, field } of picked) {
      if (field.editable === 'readonly') continue;
      const value = only?.value ?? shownValue(field);
      if (problemOf(field, value)) return;
      const wire = wireValueOfField(field, value);
      if (wire === undefined) continue;
      let mapped: JsonValue;
      try {
        // The set function gets the value as received, before any get function (reference `originValue`).
        mapped = await throughSetFunction(field.setValueFunction, wire, raw[field.id]);
      } catch (error) {
        writes.fail(error);
        return;
      }
      const id = `${group.id}:${field.target}`;
      const request = requests.get(id) ?? { entityId: group.entity.id, target: field.target, values: {} };
      request.values[field.keyName] = mapped;
      requests.set(id, request);
      sent[field.id] = base(field);
    }
    if (requests.size === 0) return;
    if (await writes.run([...requests.values()])) setWritten((current) => ({ ...current, ...sent }));
  };

  const change = (field: FieldSpec, value: FieldValue) => {
    writes.clearResult();
    setWritten((current) => omit(current, [field.id]));
    setDrafts((current) => ({ ...current, [field.id]: value }));
  };
  const commit = (field: FieldSpec, value: FieldValue) => {
    if (settings.showActionButtons || readOnly) return;
    if (value === base(field) && !(field.id in written)) return;
    void save({ field, value });
  };
  const undo = () => {
    writes.clearResult();
    setDrafts((current) =>
      omit(
        current,
        Object.keys(current).filter((id) => !(id in written)),
      ),
    );
  };

  const width =
    settings.fieldsAlignment === 'column'
      ? '100%'
      : `calc(${100 / settings.fieldsInRow}% - ${((settings.fieldsInRow - 1) * 16) / settings.fieldsInRow}px)`;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (settings.showActionButtons && dirty && !invalid && !readOnly) void save();
      }}
      sx={{
        position: 'absolute',
        inset: 0,
        overflow: 'auto',
        display: 'flex',
        flexDirection: 'column',
        p: 1.5,
      }}
    >
      {groups.map((group) => (
        <Box key={group.id} component="fieldset" data-testid={s.group} sx={{ border: 0, m: 0, p: 0, mb: 1 }}>
          {settings.showGroupTitle && (
            <Typography
              component="legend"
              variant="subtitle1"
              data-testid={s.groupTitle}
              sx={{ fontWeight: 500, mb: 1.5, p: 0 }}
            >
              {group.title}
            </Typography>
          )}
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              columnGap: 2,
              rowGap: 1,
              pt: settings.showGroupTitle ? 0 : 1,
            }}
          >
            {group.fields
              .filter((field) => !field.hidden)
              .map((field) => (
                <Box key={field.id} sx={{ width, minWidth: 0 }}>
                  <MultipleInputField
                    field={field}
                    value={shownValue(field)}
                    error={isDirty(field) ? fieldError(t, field, problemOf(field)) : ''}
                    note={
                      fieldAllowed(field, group.entity) ? undefined : t('input-widgets.shared-device-only')
                    }
                    disabled={isDisabled(group, field)}
                    onChange={(value) => change(field, value)}
                    onCommit={(value) => commit(field, value)}
                  />
                </Box>
              ))}
          </Box>
        </Box>
      ))}
      <Box sx={{ flex: 1 }} />
      <ResultMessage result={writes.result} />
      {settings.showActionButtons && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, pt: 1 }}>
          <Button disabled={readOnly || writes.pending || !dirty} onClick={undo} data-testid={s.undo}>
            {settings.resetButtonLabel ?? t('input-widgets.undo')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={readOnly || writes.pending || !dirty || invalid}
            data-testid={s.save}
          >
            {settings.saveButtonLabel ?? t('input-widgets.save')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** The received values as they came (`raw`) and through the fields' get functions (in the tenant script worker). */
function useReceived(groups: readonly FieldGroup[]): {
  raw: Record<string, unknown>;
  received: Record<string, unknown>;
} {
  const direct = useMemo(() => convertedValues(groups), [groups]);
  const withFunctions = usesGetFunctions(groups);
  const [mapped, setMapped] = useState<{
    groups: readonly FieldGroup[];
    values: Record<string, unknown>;
  } | null>(null);
  useEffect(() => {
    if (!withFunctions) return;
    let live = true;
    void receivedThroughFunctions(groups).then((values) => {
      if (live) setMapped({ groups, values });
    });
    return () => {
      live = false;
    };
  }, [groups, withFunctions]);
  if (!withFunctions) return { raw: direct, received: direct };
  // Until the worker answers for these values, the last mapped ones stand (or the received ones).
  return { raw: direct, received: mapped?.values ?? direct };
}

function omit<T>(record: Record<string, T>, ids: readonly string[]): Record<string, T> {
  if (!ids.some((id) => id in record)) return record;
  const next = { ...record };
  for (const id of ids) delete next[id];
  return next;
}
