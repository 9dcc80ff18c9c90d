import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ComponentType, type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stringSetting } from '../gauge-support/gauge-value';
import {
  booleanOfValue,
  checkInput,
  problemText,
  type TextValueType,
  textOfValue,
  wireValueOf,
} from '../input-support/input-rules';
import { ResultMessage } from '../input-support/ResultMessage';
import { useReadOnlyDashboard } from '../input-support/read-only';
import { inputSelectors as s } from '../input-support/selectors';
import { useWrites } from '../input-support/useWrites';
import { targetAllowed, type WriteTarget } from '../input-support/write-target';
import type { WidgetProps } from '../widget-definition';
import {
  type SingleInputSettings,
  type SingleInputTarget,
  type SingleValueType,
  singleInputSettings,
  singleInputTarget,
} from './single-input';

type Edited = NonNullable<SingleInputTarget['entity']>;

/**
 * The reference's single-value update widgets (`input_widgets.update_*_attribute`,
 * `update_*_timeseries`): the latest value of the first key of the first entity in a field, written
 * to the attribute scope or the time series of the type when applied. One component per type, made
 * once, so the registry can hand each type its own.
 */
const made = new Map<string, ComponentType<WidgetProps>>();

export function updateAttributeWidget(
  target: WriteTarget,
  valueType: SingleValueType,
): ComponentType<WidgetProps> {
  const id = `${target}:${valueType}`;
  let component = made.get(id);
  if (!component) {
    component = function UpdateAttributeWidget(props: WidgetProps) {
      return <SingleInput {...props} target={target} valueType={valueType} />;
    };
    made.set(id, component);
  }
  return component;
}

function SingleInput({
  config,
  data,
  target,
  valueType,
}: WidgetProps & { target: WriteTarget; valueType: SingleValueType }) {
  const { t } = useTranslation();
  const settings = singleInputSettings(config.settings);
  const edited = singleInputTarget(data);
  const title = stringSetting(config.settings, 'widgetTitle');
  let body: ReactNode;
  if (!edited.entity) body = <Problem text={t('dashboard-viewer.no-entity-found')} />;
  else if (!edited.keyName) body = <Problem text={t('input-widgets.no-data-key')} />;
  else if (!targetAllowed(target, edited.entity.id))
    body = <Problem text={t('input-widgets.shared-device-only')} />;
  else if (valueType === 'boolean')
    body = (
      <BooleanInput
        entity={edited.entity}
        keyName={edited.keyName}
        edited={edited}
        settings={settings}
        target={target}
      />
    );
  else
    body = (
      <TextInput
        entity={edited.entity}
        keyName={edited.keyName}
        edited={edited}
        settings={settings}
        target={target}
        valueType={valueType}
      />
    );
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        overflow: 'auto',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        px: 1.5,
        py: 1,
        gap: 0.5,
      }}
    >
      {title && (
        <Typography variant="subtitle1" component="div" noWrap sx={{ fontWeight: 500 }}>
          {title}
        </Typography>
      )}
      {body}
    </Box>
  );
}

function Problem({ text }: { text: string }) {
  return (
    <Typography variant="body2" color="text.secondary" data-testid={s.problem} sx={{ textAlign: 'center' }}>
      {text}
    </Typography>
  );
}

interface InputProps {
  entity: Edited;
  keyName: string;
  edited: SingleInputTarget;
  settings: SingleInputSettings;
  target: WriteTarget;
}

function TextInput({
  entity,
  keyName,
  edited,
  settings,
  target,
  valueType,
}: InputProps & { valueType: TextValueType }) {
  const { t } = useTranslation();
  const readOnly = useReadOnlyDashboard();
  const writes = useWrites(settings.showResultMessage);
  const current = textOfValue(edited.value);
  // The user's text; null while the field follows the live value.
  const [draft, setDraft] = useState<string | null>(null);
  // A written draft gives way to the live value once that changes (the write coming back).
  const [written, setWritten] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the live value changes
  useEffect(() => {
    if (written) {
      setDraft(null);
      setWritten(false);
    }
  }, [current]);
  const text = draft ?? current;
  const problem = draft === null || written ? null : checkInput(text, valueType, settings.rules);
  const dirty = draft !== null && !written && draft !== current;
  const message = problem ? problemText(t, problem, { required: settings.requiredErrorMessage }) : '';
  const disabled = readOnly || writes.pending;
  const apply = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!dirty || problem || disabled) return;
    const ok = await writes.run([
      { entityId: entity.id, target, values: { [keyName]: wireValueOf(text, valueType) } },
    ]);
    if (ok) setWritten(true);
  };
  const label = settings.showLabel ? settings.labelValue || edited.keyLabel : undefined;
  return (
    <>
      <Box
        component="form"
        noValidate
        onSubmit={apply}
        sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, width: '100%' }}
      >
        <TextField
          size="small"
          fullWidth
          label={label}
          value={text}
          type={valueType === 'string' ? 'text' : 'number'}
          required={settings.rules.required}
          disabled={disabled}
          error={message !== ''}
          helperText={message || ' '}
          onChange={(event) => {
            setWritten(false);
            setDraft(event.target.value);
            writes.clearResult();
          }}
          slotProps={{
            htmlInput: {
              'data-testid': s.field,
              'aria-label': label ? undefined : edited.keyLabel,
              ...(valueType === 'string' ? {} : { step: valueType === 'integer' ? 1 : 'any' }),
            },
          }}
        />
        <IconButton
          type="submit"
          color="primary"
          disabled={disabled || !dirty || problem !== null}
          aria-label={t('input-widgets.apply')}
          title={t('input-widgets.apply')}
          data-testid={s.apply}
        >
          <CheckIcon />
        </IconButton>
        <IconButton
          disabled={disabled || !dirty}
          aria-label={t('input-widgets.discard')}
          title={t('input-widgets.discard')}
          onClick={() => {
            setDraft(null);
            writes.clearResult();
          }}
          data-testid={s.discard}
        >
          <CloseIcon />
        </IconButton>
      </Box>
      <ResultMessage result={writes.result} />
    </>
  );
}

function BooleanInput({ entity, keyName, edited, settings, target }: InputProps) {
  const { t } = useTranslation();
  const readOnly = useReadOnlyDashboard();
  const writes = useWrites(settings.showResultMessage);
  const current = booleanOfValue(edited.value);
  // The state just written, shown until the live value follows.
  const [sent, setSent] = useState<boolean | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the live value changes
  useEffect(() => setSent(null), [edited.value]);
  const checked = sent ?? current;
  const change = async (next: boolean) => {
    setSent(next);
    const ok = await writes.run([{ entityId: entity.id, target, values: { [keyName]: next } }]);
    if (!ok) setSent(null);
  };
  const label = checked
    ? (settings.trueValue ?? t('input-widgets.true'))
    : (settings.falseValue ?? t('input-widgets.false'));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
      <FormControlLabel
        label={label}
        control={
          <Checkbox
            checked={checked}
            disabled={readOnly || writes.pending}
            onChange={(event) => void change(event.target.checked)}
            slotProps={{ input: { 'data-testid': s.field } as object }}
          />
        }
      />
      <ResultMessage result={writes.result} />
    </Box>
  );
}
