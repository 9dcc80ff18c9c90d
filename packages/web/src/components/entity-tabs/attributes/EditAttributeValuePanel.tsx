import type { JsonValue } from '@meridian/common';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entityTabsSelectors } from '../selectors';
import { useContainedSubmit } from '../useContainedSubmit';
import { ValueInput } from './ValueInput';
import { type ValueDraft, valueDraftOf, valueOfDraft } from './value-input';

const S = entityTabsSelectors.attributes;

export interface EditAttributeValuePanelProps {
  anchor: HTMLElement;
  attributeKey: string;
  value: JsonValue;
  onClose: () => void;
  /** Saves the new value; rejects when the server refuses it (the panel stays open). */
  onSave: (value: JsonValue) => Promise<unknown>;
}

/**
 * The inline value editor of an attribute (reference console §4.2): a popover at the clicked value
 * with the value input, Cancel and Update. Update needs a valid, changed value.
 */
export function EditAttributeValuePanel({
  anchor,
  attributeKey,
  value,
  onClose,
  onSave,
}: EditAttributeValuePanelProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ValueDraft>(() => valueDraftOf(value));
  const next = valueOfDraft(draft);
  const changed = next !== null && JSON.stringify(next) !== JSON.stringify(value);
  const { saving, onSubmit } = useContainedSubmit(() => (next !== null && changed ? onSave(next) : null));

  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{
        paper: { sx: { p: 2, width: 480, maxWidth: '95vw' }, 'data-testid': S.editPanel } as object,
      }}
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Typography variant="subtitle2" noWrap>
          {attributeKey}
        </Typography>
        <ValueInput draft={draft} onChange={setDraft} autoFocus />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
          <Button onClick={onClose} data-testid={S.editCancel}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={saving || !changed} data-testid={S.editSubmit}>
            {t('attribute.update')}
          </Button>
        </Box>
      </Box>
    </Popover>
  );
}
