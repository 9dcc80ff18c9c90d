import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { type ComponentType, type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stringSetting } from '../gauge-support/gauge-value';
import { ApplyButtons } from '../input-support/ApplyButtons';
import { InputFrame, InputProblemText } from '../input-support/InputFrame';
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
import { useLiveDraft } from '../input-support/useLiveDraft';
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
  if (!edited.entity) body = <InputProblemText text={t('dashboard-viewer.no-entity-found')} />;
  else if (!edited.keyName) body = <InputProblemText text={t('input-widgets.no-data-key')} />;
  else if (!targetAllowed(target, edited.entity.id))
    body = <InputProblemText text={t('input-widgets.shared-device-only')} />;
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
  return <InputFrame title={title}>{body}</InputFrame>;
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
  const readOnly = useReadOnlyDashboard();
  const { t } = useTranslation();
  const writes = useWrites(settings.showResultMessage);
  const draft = useLiveDraft(textOfValue(edited.value));
  const problem = draft.editing ? checkInput(draft.text, valueType, settings.rules) : null;
  const message = problem ? problemText(t, problem, { required: settings.requiredErrorMessage }) : '';
  const disabled = readOnly || writes.pending;
  const apply = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!draft.editing || problem || disabled) return;
    const values = { [keyName]: wireValueOf(draft.text, valueType) };
    if (await writes.run([{ entityId: entity.id, target, values }])) draft.written();
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
          // No theme margin: the field lines up with its apply buttons.
          margin="none"
          fullWidth
          label={label}
          value={draft.text}
          type={valueType === 'string' ? 'text' : 'number'}
          required={settings.rules.required}
          disabled={disabled}
          error={message !== ''}
          helperText={message || ' '}
          onChange={(event) => {
            draft.change(event.target.value);
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
        <ApplyButtons
          canApply={!disabled && draft.editing && problem === null}
          canDiscard={!disabled && draft.editing}
          onDiscard={() => {
            draft.discard();
            writes.clearResult();
          }}
        />
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
