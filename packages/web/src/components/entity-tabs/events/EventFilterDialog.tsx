import type { EventType } from '@meridian/common';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../entity-table/DialogFrame';
import { entityTabsSelectors } from '../selectors';
import { FILTER_FIELDS } from './event-filter-fields';
import type { EventFilterFields } from './types';

const S = entityTabsSelectors.events;

export interface EventFilterDialogProps {
  type: EventType;
  value: EventFilterFields;
  onApply: (fields: EventFilterFields) => void;
  onClose: () => void;
}

/** "Events filter" (reference console §4.4): the fields of the shown event type; empty fields match anything. */
export function EventFilterDialog({ type, value, onApply, onClose }: EventFilterDialogProps) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<EventFilterFields>(value);
  const set = (name: string, next: EventFilterFields[string]) =>
    setFields((prev) => ({ ...prev, [name]: next }));
  const specs = FILTER_FIELDS[type].filter((spec) => !spec.dependsOn || fields[spec.dependsOn] === true);
  return (
    <DialogFrame
      title={t('event.events-filter')}
      onClose={onClose}
      maxWidth="sm"
      testId={S.filterDialog}
      onSubmit={(submit) => {
        submit.preventDefault();
        onApply(fields);
      }}
      actions={
        <>
          <Button onClick={onClose} data-testid={S.filterCancel}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" variant="contained" data-testid={S.filterApply}>
            {t('event.apply-filter')}
          </Button>
        </>
      }
    >
      {specs.map((spec) => {
        const current = fields[spec.name];
        if (spec.kind === 'flag') {
          return (
            <FormControlLabel
              key={spec.name}
              control={
                <Checkbox
                  checked={current === true}
                  onChange={(change) => set(spec.name, change.target.checked)}
                  slotProps={{ input: { 'data-testid': S.filterField(spec.name) } as object }}
                />
              }
              label={t(spec.label)}
            />
          );
        }
        if (spec.kind === 'select') {
          return (
            <TextField
              key={spec.name}
              select
              fullWidth
              margin="dense"
              label={t(spec.label)}
              value={typeof current === 'string' ? current : ''}
              onChange={(change) => set(spec.name, change.target.value)}
              slotProps={{
                select: { SelectDisplayProps: { 'data-testid': S.filterField(spec.name) } as object },
              }}
            >
              <MenuItem value="">{t('event.any')}</MenuItem>
              {spec.options?.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {t(option.label)}
                </MenuItem>
              ))}
            </TextField>
          );
        }
        return (
          <TextField
            key={spec.name}
            fullWidth
            margin="dense"
            type={spec.kind === 'count' ? 'number' : 'text'}
            label={t(spec.label)}
            value={current === undefined || current === null ? '' : String(current)}
            onChange={(change) => {
              const raw = change.target.value;
              if (spec.kind !== 'count') return set(spec.name, raw);
              const count = Number(raw);
              set(spec.name, raw === '' || !Number.isInteger(count) || count < 0 ? '' : count);
            }}
            slotProps={{
              htmlInput: {
                'data-testid': S.filterField(spec.name),
                ...(spec.kind === 'count' ? { min: 0, step: 1 } : {}),
              },
            }}
          />
        );
      })}
    </DialogFrame>
  );
}
