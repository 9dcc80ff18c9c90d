import { ALARM_SCHEDULE_TYPES, type AlarmSchedule, DAYS_OF_WEEK } from '@meridian/common';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { type Control, useController, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../../selectors';
import { FormCheckbox } from '../../FormCheckbox';
import { FormSelectField } from '../../FormSelectField';
import { FormTextField } from '../../FormTextField';
import { formRow } from '../../form-row';
import { RuleDialog } from './RuleDialog';
import {
  type ScheduleValues,
  scheduleOf,
  scheduleValuesOf,
  timeOfDayRule,
  timezoneRule,
} from './schedule-values';

const S = selectors.alarmRules;

/** Time zones the browser knows, for the time zone picker. */
function knownTimezones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

function TimezoneField({ control }: { control: Control<ScheduleValues> }) {
  const { t } = useTranslation();
  const zones = useMemo(knownTimezones, []);
  const { field, fieldState } = useController({
    control,
    name: 'timezone',
    rules: { validate: timezoneRule },
  });
  const error = fieldState.error?.message;
  return (
    <Autocomplete<string, false, false, true>
      freeSolo
      autoSelect
      options={zones}
      value={field.value}
      onChange={(_event, next) => field.onChange(next ?? '')}
      onInputChange={(_event, next, reason) => {
        if (reason === 'input') {
          field.onChange(next);
        }
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          required
          margin="dense"
          label={t('device-profile.alarm-rules.timezone')}
          error={error !== undefined}
          helperText={error ? t(error) : undefined}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': S.scheduleTimezone } }}
        />
      )}
    />
  );
}

/** From and to of a specific-time schedule, or of one day of a custom one. */
function TimeRange({
  control,
  from,
  to,
  disabled,
  testIds,
}: {
  control: Control<ScheduleValues>;
  from: 'startsOn' | `items.${number}.startsOn`;
  to: 'endsOn' | `items.${number}.endsOn`;
  disabled?: boolean;
  testIds: { from: string; to: string };
}) {
  const { t } = useTranslation();
  // A disabled day keeps whatever it holds; only days in use must have valid times.
  const rules = { validate: (value: string) => disabled || timeOfDayRule(value) };
  const ends = [
    { name: from, label: 'device-profile.alarm-rules.starts-on', testId: testIds.from },
    { name: to, label: 'device-profile.alarm-rules.ends-on', testId: testIds.to },
  ];
  return (
    <>
      {ends.map((end) => (
        <FormTextField
          key={end.label}
          control={control}
          name={end.name}
          type="time"
          label={t(end.label)}
          disabled={disabled}
          rules={rules}
          testId={end.testId}
        />
      ))}
    </>
  );
}

function CustomDay({ control, index }: { control: Control<ScheduleValues>; index: number }) {
  const { t } = useTranslation();
  const enabled = useWatch({ control, name: `items.${index}.enabled` });
  const day = DAYS_OF_WEEK[index] ?? 'MONDAY';
  return (
    <Box sx={{ ...formRow, alignItems: { sm: 'center' } }}>
      <Box sx={{ minWidth: 160 }}>
        <FormCheckbox
          control={control}
          name={`items.${index}.enabled`}
          label={t(`device-profile.alarm-rules.days.${day}`)}
          testId={S.customEnabled(index)}
        />
      </Box>
      <TimeRange
        control={control}
        from={`items.${index}.startsOn`}
        to={`items.${index}.endsOn`}
        disabled={!enabled}
        testIds={{ from: S.customStartsOn(index), to: S.customEndsOn(index) }}
      />
    </Box>
  );
}

export interface ScheduleDialogProps {
  schedule: AlarmSchedule;
  onSave: (schedule: AlarmSchedule) => void;
  onClose: () => void;
}

/**
 * Edits when an alarm rule is active (reference console §3.7): all the time; on chosen days between
 * two times of day; or per day of the week, each with its own times — in a time zone. An end at or
 * before the start wraps over midnight; 00:00 to 00:00 is the whole day.
 */
export function ScheduleDialog({ schedule, onSave, onClose }: ScheduleDialogProps) {
  const { t } = useTranslation();
  const form = useForm<ScheduleValues>({ defaultValues: scheduleValuesOf(schedule), mode: 'onChange' });
  const { control } = form;
  const type = useWatch({ control, name: 'type' });
  const days = useWatch({ control, name: 'days' });
  const noDays = type === 'SPECIFIC_TIME' && !days.some(Boolean);
  return (
    <RuleDialog
      title={t('device-profile.alarm-rules.edit-schedule')}
      onClose={onClose}
      onSubmit={(event) => void form.handleSubmit((values) => onSave(scheduleOf(values)))(event)}
      submitDisabled={noDays}
      testIds={{ dialog: S.scheduleDialog, cancel: S.scheduleCancel, submit: S.scheduleSave }}
    >
      <FormSelectField
        control={control}
        name="type"
        label={t('device-profile.alarm-rules.schedule-type')}
        options={ALARM_SCHEDULE_TYPES}
        optionLabel={(option) => t(`device-profile.alarm-rules.schedule-types.${option}`)}
        testId={S.scheduleType}
      />
      {type !== 'ANY_TIME' && <TimezoneField control={control} />}
      {type === 'SPECIFIC_TIME' && (
        <>
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            {t('device-profile.alarm-rules.days-of-week')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
            {DAYS_OF_WEEK.map((day, index) => (
              <FormCheckbox
                key={day}
                control={control}
                name={`days.${index}`}
                label={t(`device-profile.alarm-rules.days.${day}`)}
                testId={S.scheduleDay(index)}
              />
            ))}
          </Box>
          {noDays && <FormHelperText error>{t('device-profile.alarm-rules.days-required')}</FormHelperText>}
          <Box sx={formRow}>
            <TimeRange
              control={control}
              from="startsOn"
              to="endsOn"
              testIds={{ from: S.scheduleStartsOn, to: S.scheduleEndsOn }}
            />
          </Box>
        </>
      )}
      {type === 'CUSTOM' &&
        DAYS_OF_WEEK.map((day, index) => <CustomDay key={day} control={control} index={index} />)}
      {type !== 'ANY_TIME' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('device-profile.alarm-rules.schedule-hint')}
        </Typography>
      )}
    </RuleDialog>
  );
}
