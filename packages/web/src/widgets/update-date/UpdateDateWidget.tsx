import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { ComponentType, FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { booleanSetting } from '../control-support/rpc-command';
import { stringSetting } from '../gauge-support/gauge-value';
import { ApplyButtons } from '../input-support/ApplyButtons';
import { dateInputText, epochOfDateInput } from '../input-support/date-input';
import { InputFrame, InputProblemText } from '../input-support/InputFrame';
import { ResultMessage } from '../input-support/ResultMessage';
import { useReadOnlyDashboard } from '../input-support/read-only';
import { inputSelectors as s } from '../input-support/selectors';
import { type LiveDraft, useLiveDraft } from '../input-support/useLiveDraft';
import { useWrites } from '../input-support/useWrites';
import { targetAllowed, type WriteTarget } from '../input-support/write-target';
import { singleInputTarget } from '../update-attribute/single-input';
import type { WidgetProps } from '../widget-definition';

/**
 * The reference's `update_server_date_attribute` and `update_shared_date_attribute`: the first
 * key of the first entity as a date (and a time, `showTimeInput`), written as epoch milliseconds.
 */
const made = new Map<WriteTarget, ComponentType<WidgetProps>>();

export function updateDateWidget(target: WriteTarget): ComponentType<WidgetProps> {
  let component = made.get(target);
  if (!component) {
    component = function UpdateDateWidget(props: WidgetProps) {
      return <DateWidget {...props} target={target} />;
    };
    made.set(target, component);
  }
  return component;
}

function DateWidget({ config, data, target }: WidgetProps & { target: WriteTarget }) {
  const { t } = useTranslation();
  const edited = singleInputTarget(data);
  let body: ReactNode;
  if (!edited.entity) body = <InputProblemText text={t('dashboard-viewer.no-entity-found')} />;
  else if (!edited.keyName) body = <InputProblemText text={t('input-widgets.no-data-key')} />;
  else if (!targetAllowed(target, edited.entity.id))
    body = <InputProblemText text={t('input-widgets.shared-device-only')} />;
  else
    body = (
      <DateForm
        entityId={edited.entity.id}
        keyName={edited.keyName}
        value={edited.value}
        settings={config.settings}
        target={target}
      />
    );
  return <InputFrame title={stringSetting(config.settings, 'widgetTitle')}>{body}</InputFrame>;
}

/** The received value (epoch ms as text) in the date and time inputs' formats, or blanks. */
function partsOf(value: string | undefined): { date: string; time: string } {
  const epoch = Number(value);
  if (value === undefined || value.trim() === '' || !Number.isFinite(epoch)) return { date: '', time: '' };
  return { date: dateInputText('date', epoch), time: dateInputText('time', epoch) };
}

function DateForm({
  entityId,
  keyName,
  value,
  settings,
  target,
}: {
  entityId: NonNullable<ReturnType<typeof singleInputTarget>['entity']>['id'];
  keyName: string;
  value: string | undefined;
  settings: WidgetProps['config']['settings'];
  target: WriteTarget;
}) {
  const { t } = useTranslation();
  const readOnly = useReadOnlyDashboard();
  const showTime = booleanSetting(settings, 'showTimeInput', true);
  const showLabel = booleanSetting(settings, 'showLabel', true);
  const required = booleanSetting(settings, 'isRequired', true);
  const row = stringSetting(settings, 'inputFieldsAlignment') === 'row';
  const writes = useWrites(booleanSetting(settings, 'showResultMessage', true));
  const current = partsOf(value);
  const date = useLiveDraft(current.date);
  const time = useLiveDraft(current.time);
  const editing = date.editing || (showTime && time.editing);
  const epoch =
    date.text === ''
      ? null
      : showTime && time.text !== ''
        ? epochOfDateInput('dateTime', `${date.text}T${time.text}`)
        : epochOfDateInput('date', date.text);
  let problem = '';
  if (editing && date.text === '') {
    if (required) problem = stringSetting(settings, 'requiredErrorMessage') ?? t('input-widgets.required');
  } else if (editing && epoch === null) problem = t('input-widgets.invalid-date');
  const disabled = readOnly || writes.pending;
  const canApply = !disabled && editing && problem === '' && epoch !== null;
  const apply = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canApply || epoch === null) return;
    if (await writes.run([{ entityId, target, values: { [keyName]: epoch } }])) {
      date.written();
      time.written();
    }
  };
  const field = (draft: LiveDraft, type: 'date' | 'time', label: string, testId: string, error: string) => (
    <TextField
      size="small"
      // No theme margin: the field lines up with its apply buttons.
      margin="none"
      fullWidth
      type={type}
      label={showLabel ? label : undefined}
      value={draft.text}
      disabled={disabled}
      error={error !== ''}
      helperText={error || ' '}
      onChange={(event) => {
        draft.change(event.target.value);
        writes.clearResult();
      }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId, 'aria-label': label } }}
    />
  );
  return (
    <>
      <Box
        component="form"
        noValidate
        onSubmit={apply}
        sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}
      >
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: row ? 'row' : 'column', gap: 1 }}>
          {field(date, 'date', t('input-widgets.date'), s.date, problem)}
          {showTime && field(time, 'time', t('input-widgets.time'), s.time, '')}
        </Box>
        <ApplyButtons
          canApply={canApply}
          canDiscard={!disabled && editing}
          onDiscard={() => {
            date.discard();
            time.discard();
            writes.clearResult();
          }}
        />
      </Box>
      <ResultMessage result={writes.result} />
    </>
  );
}
