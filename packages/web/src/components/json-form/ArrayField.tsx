import type { JsonValue } from '@meridian/common';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldOfItem, moved } from './json-form-paths';
import type { FormField } from './json-form-types';

/**
 * An array that is not enum checkboxes (spec 3 "other arrays array"): its items one under another,
 * each edited by the item's field, with buttons to move an item up or down and to remove it, and
 * one to add an item at the end. `minItems` and `maxItems` disable remove and add at the limit.
 */
export function ArrayField({
  field,
  items,
  onChange,
  renderItem,
  error,
  testId,
}: {
  field: FormField & { item: FormField };
  items: readonly JsonValue[];
  onChange: (items: JsonValue[]) => void;
  /** The field of one item (its path holds the item's index). */
  renderItem: (item: FormField) => ReactNode;
  error: string | null;
  testId: string;
}) {
  const { t } = useTranslation();
  const ids = useItemIds(items.length);
  const locked = field.readOnly === true;
  const canAdd = !locked && items.length < (field.rules?.maxItems ?? Number.POSITIVE_INFINITY);
  const canRemove = !locked && items.length > (field.rules?.minItems ?? 0);
  const change = (next: JsonValue[], nextIds: number[]) => {
    ids.set(nextIds);
    onChange(next);
  };
  const move = (from: number, to: number) => change(moved(items, from, to), moved(ids.current, from, to));
  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1, my: 1, px: 1.5 }}
    >
      <Typography component="legend" variant="caption" sx={{ px: 0.5 }}>
        {field.required ? `${field.title} *` : field.title}
      </Typography>
      {items.map((_, index) => {
        const item = fieldOfItem(field.item, field.path.length, index);
        const itemTestId = `${testId}.${index}`;
        const titled = item.title ? item : { ...item, title: `${field.title} ${index + 1}` };
        return (
          <Box key={ids.current[index]} sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>{renderItem(titled)}</Box>
            <Box sx={{ display: 'flex', pt: 1.5 }}>
              <ItemButton
                label={t('json-form.move-up')}
                disabled={locked || index === 0}
                onClick={() => move(index, index - 1)}
                testId={`${itemTestId}-up`}
                icon={<ArrowUpward fontSize="small" />}
              />
              <ItemButton
                label={t('json-form.move-down')}
                disabled={locked || index === items.length - 1}
                onClick={() => move(index, index + 1)}
                testId={`${itemTestId}-down`}
                icon={<ArrowDownward fontSize="small" />}
              />
              <ItemButton
                label={t('json-form.remove-item')}
                disabled={!canRemove}
                onClick={() =>
                  change(
                    items.filter((_, at) => at !== index),
                    ids.current.filter((_, at) => at !== index),
                  )
                }
                testId={`${itemTestId}-remove`}
                icon={<Delete fontSize="small" />}
              />
            </Box>
          </Box>
        );
      })}
      {error && <FormHelperText error>{error}</FormHelperText>}
      <Box sx={{ my: 1 }}>
        {/* The look of AddButton, which has no disabled state for the maxItems limit. */}
        <Button
          variant="outlined"
          startIcon={<Add />}
          disabled={!canAdd}
          onClick={() =>
            change([...items, structuredClone(field.newItem ?? null)], [...ids.current, ids.next()])
          }
          data-testid={`${testId}-add`}
        >
          {t('json-form.add-item')}
        </Button>
      </Box>
    </Box>
  );
}

function ItemButton(props: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  testId: string;
  icon: ReactNode;
}) {
  return (
    <Tooltip title={props.label}>
      {/* The span keeps the tooltip working on a disabled button. */}
      <span>
        <IconButton
          size="small"
          aria-label={props.label}
          disabled={props.disabled}
          onClick={props.onClick}
          data-testid={props.testId}
        >
          {props.icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * React keys for the items that follow them when they move or are removed, so an item's field
 * keeps its own state (half-typed JSON, a date being typed). A model changed from outside to
 * another length gets new keys.
 */
function useItemIds(length: number) {
  const counter = useRef(0);
  const fresh = (count: number) => Array.from({ length: count }, () => counter.current++);
  const [state, setState] = useState<number[]>(() => fresh(length));
  let current = state;
  if (current.length !== length) {
    current = fresh(length);
    setState(current);
  }
  return { current, set: setState, next: () => counter.current++ };
}
