import type { JsonObject, JsonValue } from '@meridian/common';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeEditor } from '../code-editor/CodeEditor';
import { ColorInput } from '../color-input/ColorInput';
import { ImageInput } from '../image-input/ImageInput';
import { MaterialIconInput } from '../material-icon/MaterialIconInput';
import { ArrayField } from './ArrayField';
import { CheckboxesField } from './CheckboxesField';
import { DateField } from './DateField';
import { JsonField } from './JsonField';
import { type FormField, type SettingsForm, valueAt, withValueAt } from './json-form-model';
import { type FieldError, fieldErrorIn, fieldsAreValid } from './json-form-validation';

export { JsonField } from './JsonField';

/**
 * The JSON schema form (spec 3 "JSON form"): the fields of a settings schema bound to a model.
 * Empty text and non-numbers become undefined (the key is dropped), as the reference does; a
 * field shows its schema default without writing it, so an imported model stays as it was until
 * the user edits. `onValidityChange` reports whether every field keeps its schema rules and every
 * JSON and date field holds what it should.
 */
export function JsonSchemaForm({
  form,
  value,
  onChange,
  onValidityChange,
  testIdPrefix,
}: {
  form: SettingsForm;
  value: JsonObject;
  onChange: (value: JsonObject) => void;
  onValidityChange: (valid: boolean) => void;
  testIdPrefix: string;
}) {
  const [errors, setErrors] = useState<ReadonlySet<string>>(new Set());
  const rulesKept = useMemo(() => fieldsAreValid(form.fields, value), [form, value]);
  const report = useRef(onValidityChange);
  report.current = onValidityChange;
  const valid = errors.size === 0 && rulesKept;
  useEffect(() => report.current(valid), [valid]);
  const setError = (key: string, invalid: boolean) =>
    setErrors((current) => {
      if (current.has(key) === invalid) return current;
      const next = new Set(current);
      if (invalid) next.add(key);
      else next.delete(key);
      return next;
    });
  const context: FieldContext = { model: value, onChange, setError, testIdPrefix };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      {form.fields.map((field, index) => (
        <Field key={field.path.join('.') || index} field={field} context={context} />
      ))}
    </Box>
  );
}

interface FieldContext {
  model: JsonObject;
  onChange: (value: JsonObject) => void;
  setError: (key: string, invalid: boolean) => void;
  testIdPrefix: string;
}

/** An error as text: the field's own validationMessage, or the form's message for the rule. */
function useErrorText(error: FieldError | null): string | null {
  const { t } = useTranslation();
  if (!error) return null;
  return 'message' in error ? error.message : t(`json-form.${error.key}`, error.values);
}

/**
 * A key of its own in the form's error set for a field that can hold text that is not a value
 * yet (JSON, a date): dropped when the field goes, e.g. with its array item.
 */
function useOwnErrorKey(setError: (key: string, invalid: boolean) => void) {
  const key = useId();
  const latest = useRef(setError);
  latest.current = setError;
  useEffect(() => () => latest.current(key, false), [key]);
  return key;
}

function Field({ field, context }: { field: FormField; context: FieldContext }) {
  const { t } = useTranslation();
  const { model, onChange, testIdPrefix } = context;
  const ownErrorKey = useOwnErrorKey(context.setError);
  const testId = `${testIdPrefix}-${field.path.join('.')}`;
  // The schema's default shows until the user edits the field; from then on the field shows what
  // the user left there, so a cleared field stays empty instead of refilling with the default.
  const [edited, setEdited] = useState(false);
  const own = valueAt(model, field.path);
  const current = edited ? own : (own ?? field.defaultValue);
  const set = (next: JsonValue | undefined) => {
    setEdited(true);
    onChange(withValueAt(model, field.path, next));
  };
  const error = useErrorText(fieldErrorIn(field, model));
  const label = field.required ? `${field.title} *` : field.title;
  const disabled = field.readOnly === true;
  const helperText = error ?? field.description;
  switch (field.kind) {
    case 'fieldset':
      return (
        <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, my: 1, px: 1.5 }}>
          {field.title && (
            <Typography component="legend" variant="caption" sx={{ px: 0.5 }}>
              {field.title}
            </Typography>
          )}
          {(field.items ?? []).map((item, index) => (
            <Field key={item.path.join('.') || index} field={item} context={context} />
          ))}
        </Box>
      );
    case 'array': {
      const { item } = field;
      if (!item) return null;
      return (
        <ArrayField
          field={{ ...field, item }}
          items={Array.isArray(current) ? current : []}
          onChange={set}
          renderItem={(itemField) => <Field field={itemField} context={context} />}
          error={error}
          testId={testId}
        />
      );
    }
    case 'checkboxes':
      return <CheckboxesField field={field} value={current} onChange={set} error={error} testId={testId} />;
    case 'checkbox':
      // No value and no default shows unchecked (spec 3: false) without writing false.
      return (
        <FormControlLabel
          label={field.title}
          disabled={disabled}
          control={
            <Checkbox
              checked={current === true}
              onChange={(event) => set(event.target.checked)}
              slotProps={{ input: { 'data-testid': testId } as object }}
            />
          }
        />
      );
    case 'number':
      return (
        <NumberField
          label={label}
          value={typeof current === 'number' ? current : undefined}
          onChange={set}
          disabled={disabled}
          error={error}
          helperText={helperText}
          testId={testId}
        />
      );
    case 'select':
      return (
        <TextField
          select
          label={label}
          size="small"
          margin="dense"
          fullWidth
          disabled={disabled}
          error={error !== null}
          helperText={helperText}
          value={Math.max(
            -1,
            (field.options ?? []).findIndex((option) => option.value === current),
          )}
          onChange={(event) => set(field.options?.[Number(event.target.value)]?.value)}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}
        >
          <MenuItem value={-1}>
            <em>{t('widget-config.none')}</em>
          </MenuItem>
          {(field.options ?? []).map((option, index) => (
            <MenuItem key={String(option.value)} value={index}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'color':
      // The colour input shows only its own required message (and invalid colours).
      return (
        <ColorInput
          label={label}
          value={typeof current === 'string' ? current : ''}
          onChange={(color) => set(color || undefined)}
          required={field.required}
          requiredText={error ?? undefined}
          testId={testId}
        />
      );
    case 'image':
      return (
        <>
          <ImageInput
            label={label}
            value={typeof current === 'string' ? current : null}
            onChange={(image) => set(image ?? undefined)}
            disabled={disabled}
            testId={testId}
          />
          {error && <FormHelperText error>{error}</FormHelperText>}
        </>
      );
    case 'icon':
      return (
        <>
          <MaterialIconInput
            label={label}
            value={typeof current === 'string' ? current : ''}
            onChange={(name) => set(name || undefined)}
            testId={testId}
          />
          {error && <FormHelperText error>{error}</FormHelperText>}
        </>
      );
    case 'date':
      return (
        <DateField
          label={field.title}
          value={typeof current === 'number' ? current : undefined}
          onChange={set}
          onInvalid={(invalid) => context.setError(ownErrorKey, invalid)}
          disabled={disabled}
          required={field.required}
          error={error !== null}
          helperText={helperText}
          testId={testId}
        />
      );
    case 'text':
      return (
        <TextField
          label={label}
          size="small"
          margin="dense"
          fullWidth
          disabled={disabled}
          value={textOf(current)}
          error={error !== null}
          helperText={helperText}
          onChange={(event) => set(event.target.value === '' ? undefined : event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': testId } }}
        />
      );
    case 'code':
      return (
        <CodeEditor
          label={label}
          language={field.language ?? 'text'}
          minRows={3}
          value={textOf(current)}
          readOnly={disabled}
          error={error ?? undefined}
          helperText={field.description}
          onChange={(text) => set(text === '' ? undefined : text)}
          testId={testId}
        />
      );
    case 'json':
      return (
        <JsonField
          label={label}
          value={current}
          onChange={set}
          testId={testId}
          setError={context.setError}
          errorKey={ownErrorKey}
        />
      );
  }
}

const textOf = (value: JsonValue | undefined): string =>
  typeof value === 'string' ? value : value === undefined ? '' : String(value);

/**
 * A number input that keeps what is being typed ("-", "1.") while it is not a number yet; the model
 * gets the number, or undefined while there is none (spec 3: a non-numeric value becomes undefined).
 */
function NumberField({
  label,
  value,
  onChange,
  disabled,
  error,
  helperText,
  testId,
}: {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  disabled: boolean;
  error: string | null;
  helperText: string | undefined;
  testId: string;
}) {
  const [text, setText] = useState<string | null>(null);
  const parsed = text === null ? undefined : Number.parseFloat(text);
  // A value changed from outside (not from this text) shows as it is.
  const typed = text !== null && (Number.isFinite(parsed) ? parsed === value : value === undefined);
  return (
    <TextField
      label={label}
      type="number"
      size="small"
      margin="dense"
      fullWidth
      disabled={disabled}
      value={typed ? text : (value ?? '')}
      error={error !== null}
      helperText={helperText}
      onChange={(event) => {
        setText(event.target.value);
        const number = Number.parseFloat(event.target.value);
        onChange(Number.isFinite(number) ? number : undefined);
      }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    />
  );
}
