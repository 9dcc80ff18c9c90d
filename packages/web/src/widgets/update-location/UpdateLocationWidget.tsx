import MyLocationIcon from '@mui/icons-material/MyLocation';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { type ComponentType, type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stringSetting } from '../gauge-support/gauge-value';
import { ApplyButtons } from '../input-support/ApplyButtons';
import { InputFrame, InputProblemText } from '../input-support/InputFrame';
import { checkInput, problemText } from '../input-support/input-rules';
import { ResultMessage } from '../input-support/ResultMessage';
import { useReadOnlyDashboard } from '../input-support/read-only';
import { inputSelectors as s } from '../input-support/selectors';
import { type LiveDraft, useLiveDraft } from '../input-support/useLiveDraft';
import { useWrites } from '../input-support/useWrites';
import { targetAllowed, type WriteTarget } from '../input-support/write-target';
import type { WidgetProps } from '../widget-definition';
import { type LocationSettings, latestOfKey, locationSettings } from './location-input';

/**
 * The reference's `update_server_location_attribute`, `update_shared_location_attribute` and
 * `update_location_timeseries`: latitude and longitude of the first entity, written together to
 * the `latKeyName` and `lngKeyName` keys, optionally filled in from the browser's location.
 */
const made = new Map<WriteTarget, ComponentType<WidgetProps>>();

export function updateLocationWidget(target: WriteTarget): ComponentType<WidgetProps> {
  let component = made.get(target);
  if (!component) {
    component = function UpdateLocationWidget(props: WidgetProps) {
      return <LocationWidget {...props} target={target} />;
    };
    made.set(target, component);
  }
  return component;
}

function LocationWidget({ config, data, target }: WidgetProps & { target: WriteTarget }) {
  const { t } = useTranslation();
  const settings = locationSettings(config.settings);
  const entity = data[0]?.entities[0]?.entity;
  const title = stringSetting(config.settings, 'widgetTitle');
  let body: ReactNode;
  if (!entity) body = <InputProblemText text={t('dashboard-viewer.no-entity-found')} />;
  else if (!targetAllowed(target, entity.id))
    body = <InputProblemText text={t('input-widgets.shared-device-only')} />;
  else body = <LocationForm entityId={entity.id} data={data} settings={settings} target={target} />;
  return <InputFrame title={title}>{body}</InputFrame>;
}

const LATITUDE = { min: -90, max: 90 };
const LONGITUDE = { min: -180, max: 180 };

function LocationForm({
  entityId,
  data,
  settings,
  target,
}: {
  entityId: NonNullable<WidgetProps['data'][number]['entities'][number]>['entity']['id'];
  data: WidgetProps['data'];
  settings: LocationSettings;
  target: WriteTarget;
}) {
  const { t } = useTranslation();
  const readOnly = useReadOnlyDashboard();
  const writes = useWrites(settings.showResultMessage);
  const lat = useLiveDraft(latestOfKey(data, settings.latKeyName) ?? '');
  const lng = useLiveDraft(latestOfKey(data, settings.lngKeyName) ?? '');
  const [locating, setLocating] = useState(false);
  const editing = lat.editing || lng.editing;
  // An optional coordinate left blank is not written; that is no problem here.
  const check = (draft: LiveDraft, required: boolean, range: typeof LATITUDE) => {
    const problem = editing ? checkInput(draft.text, 'double', { required, ...range }) : null;
    return problem?.kind === 'empty' ? null : problem;
  };
  const latProblem = check(lat, settings.latRequired, LATITUDE);
  const lngProblem = check(lng, settings.lngRequired, LONGITUDE);
  const disabled = readOnly || writes.pending;
  const apply = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!editing || latProblem || lngProblem || disabled) return;
    const values: Record<string, number> = {};
    if (lat.text.trim() !== '') values[settings.latKeyName] = Number(lat.text);
    if (lng.text.trim() !== '') values[settings.lngKeyName] = Number(lng.text);
    if (await writes.run([{ entityId, target, values }])) {
      lat.written();
      lng.written();
    }
  };
  const locate = () => {
    setLocating(true);
    writes.clearResult();
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        lat.change(String(position.coords.latitude));
        lng.change(String(position.coords.longitude));
      },
      (error) => {
        setLocating(false);
        writes.fail(new Error(error.message || t('input-widgets.location-failed')));
      },
      { enableHighAccuracy: settings.enableHighAccuracy },
    );
  };
  const field = (draft: LiveDraft, problem: typeof latProblem, label: string, testId: string) => (
    <TextField
      size="small"
      // No theme margin: the field lines up with its apply buttons.
      margin="none"
      fullWidth
      type="number"
      label={settings.showLabel ? label : undefined}
      value={draft.text}
      disabled={disabled}
      error={problem !== null}
      helperText={(problem && problemText(t, problem, { required: settings.requiredErrorMessage })) || ' '}
      onChange={(event) => {
        draft.change(event.target.value);
        writes.clearResult();
      }}
      slotProps={{ htmlInput: { 'data-testid': testId, 'aria-label': label, step: 'any' } }}
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
        <Box
          sx={{
            flex: 1,
            minWidth: 0,
            display: 'flex',
            flexDirection: settings.row ? 'row' : 'column',
            gap: 1,
          }}
        >
          {field(lat, latProblem, settings.latLabel ?? t('input-widgets.latitude'), s.latitude)}
          {field(lng, lngProblem, settings.lngLabel ?? t('input-widgets.longitude'), s.longitude)}
        </Box>
        {settings.showGetLocation && typeof navigator !== 'undefined' && 'geolocation' in navigator && (
          <IconButton
            disabled={disabled || locating}
            onClick={locate}
            aria-label={t('input-widgets.get-location')}
            title={t('input-widgets.get-location')}
          >
            <MyLocationIcon />
          </IconButton>
        )}
        <ApplyButtons
          canApply={!disabled && editing && !latProblem && !lngProblem}
          canDiscard={!disabled && editing}
          onDiscard={() => {
            lat.discard();
            lng.discard();
            writes.clearResult();
          }}
        />
      </Box>
      <ResultMessage result={writes.result} />
    </>
  );
}
