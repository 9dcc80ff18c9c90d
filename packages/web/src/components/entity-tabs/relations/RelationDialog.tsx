import {
  DEFAULT_RELATION_TYPE_GROUP,
  type EntityId,
  type EntityRelation,
  type EntityRelationInfo,
  type EntitySearchDirection,
  type EntityType,
  type JsonValue,
  RELATION_TYPES,
} from '@meridian/common';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityAutocomplete } from '../../entity-table/EntityAutocomplete';
import { FormDialog } from '../../entity-table/FormDialog';
import { entityTypeLabel } from '../entity-type-labels';
import { entityTabsSelectors } from '../selectors';
import { useContainedSubmit } from '../useContainedSubmit';
import type { EntityOption, RelationsTabApi } from './types';

const S = entityTabsSelectors.relations;

/** Longest relation type (spec 3 §9). */
export const RELATION_TYPE_MAX_LENGTH = 255;

/** Error key of a relation type, or null (spec 3 §5). */
export function relationTypeError(type: string): string | null {
  if (type.trim() === '') {
    return 'relation.relation-type-required';
  }
  return type.length > RELATION_TYPE_MAX_LENGTH ? 'relation.relation-type-max-length' : null;
}

/** Additional info as typed: empty is no info; anything else must be a JSON object. */
export function parseAdditionalInfo(text: string): { ok: true; value: JsonValue | null } | { ok: false } {
  if (text.trim() === '') {
    return { ok: true, value: null };
  }
  try {
    const value = JSON.parse(text) as JsonValue;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? { ok: true, value }
      : { ok: false };
  } catch {
    return { ok: false };
  }
}

const infoText = (info: JsonValue | undefined): string =>
  info === null || info === undefined ? '' : JSON.stringify(info, null, 2);

export interface RelationDialogProps {
  /** The entity whose Relations tab is open. */
  entityId: EntityId;
  /** FROM: the relation starts at the entity; TO: it ends there. */
  direction: EntitySearchDirection;
  /** The relation being edited, or null to add one. */
  relation: EntityRelationInfo | null;
  targetTypes: readonly EntityType[];
  searchEntities: RelationsTabApi['searchEntities'];
  onClose: () => void;
  /** Saves the relation; rejects when the server refuses it (the dialog stays open). */
  onSave: (relation: EntityRelation) => Promise<unknown>;
}

/**
 * Add relation / Edit relation (reference console §4.5): the relation type (free text, "Contains" and
 * "Manages" suggested, "Contains" to start with), the entity at the other end (entity type, then an
 * entity of that type) and additional info as JSON. Editing changes the additional info only.
 */
export function RelationDialog({
  entityId,
  direction,
  relation,
  targetTypes,
  searchEntities,
  onClose,
  onSave,
}: RelationDialogProps) {
  const { t } = useTranslation();
  const isAdd = relation === null;
  const [type, setType] = useState(relation?.type ?? 'Contains');
  const [typeTouched, setTypeTouched] = useState(false);
  const [targetType, setTargetType] = useState<EntityType>(
    (direction === 'FROM' ? relation?.to.entityType : relation?.from.entityType) ??
      targetTypes[0] ??
      'DEVICE',
  );
  const [target, setTarget] = useState<EntityOption | null>(null);
  const [info, setInfo] = useState(() => infoText(relation?.additionalInfo));

  const typeProblem = relationTypeError(type);
  const parsedInfo = parseAdditionalInfo(info);
  const infoChanged = info !== infoText(relation?.additionalInfo);
  const valid = isAdd
    ? typeProblem === null && target !== null && parsedInfo.ok
    : parsedInfo.ok && infoChanged;
  const otherLabel = direction === 'FROM' ? t('relation.to-entity') : t('relation.from-entity');
  const otherName = relation ? (direction === 'FROM' ? relation.toName : relation.fromName) : '';

  const { saving, onSubmit } = useContainedSubmit(() => {
    if (!valid || !parsedInfo.ok) {
      setTypeTouched(true);
      return null;
    }
    let saved: EntityRelation;
    if (relation) {
      saved = {
        from: relation.from,
        to: relation.to,
        type: relation.type,
        typeGroup: relation.typeGroup ?? DEFAULT_RELATION_TYPE_GROUP,
        additionalInfo: parsedInfo.value,
      };
    } else {
      if (!target) {
        return null;
      }
      const self = { entityType: entityId.entityType, id: entityId.id };
      saved = {
        from: direction === 'FROM' ? self : target.entityId,
        to: direction === 'FROM' ? target.entityId : self,
        type: type.trim(),
        typeGroup: DEFAULT_RELATION_TYPE_GROUP,
        additionalInfo: parsedInfo.value,
      };
    }
    return onSave(saved);
  });

  return (
    <FormDialog
      title={isAdd ? t('relation.add') : t('relation.edit')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={isAdd ? t('action.add') : t('action.save')}
      submitDisabled={saving || !valid}
      dividers
      testIds={{ dialog: S.dialog, cancel: S.cancel, submit: S.submit }}
    >
      <Autocomplete<string, false, false, true>
        freeSolo
        disabled={!isAdd}
        options={[...RELATION_TYPES]}
        filterOptions={(options, state) =>
          options.filter((option) => option.toLowerCase().startsWith(state.inputValue.toLowerCase()))
        }
        inputValue={type}
        onInputChange={(_event, next) => setType(next)}
        value={type}
        onChange={(_event, next) => setType(next ?? '')}
        renderInput={(params) => (
          <TextField
            {...params}
            required
            margin="dense"
            label={t('relation.relation-type')}
            onBlur={() => setTypeTouched(true)}
            error={typeTouched && typeProblem !== null}
            helperText={typeTouched && typeProblem !== null ? t(typeProblem) : undefined}
            slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': S.type } }}
          />
        )}
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          select
          margin="dense"
          disabled={!isAdd}
          label={t('relation.entity-type')}
          value={targetType}
          onChange={(event) => {
            // A new type clears the chosen entity (spec 3 §4).
            setTargetType(event.target.value as EntityType);
            setTarget(null);
          }}
          sx={{ width: 200 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': S.entityType } as object } }}
        >
          {targetTypes.map((item) => (
            <MenuItem key={item} value={item}>
              {entityTypeLabel(t, item)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: '1 1 240px' }}>
          {isAdd ? (
            <EntityAutocomplete<EntityOption>
              label={otherLabel}
              required
              value={target}
              onChange={setTarget}
              queryKey={['entity-tabs', 'relation-targets', targetType]}
              search={(text, signal) => searchEntities(targetType, text, signal)}
              noOptionsText={(text) =>
                text ? t('relation.no-entities-matching', { text }) : t('relation.no-entities')
              }
              testId={S.entity}
            />
          ) : (
            <TextField
              fullWidth
              disabled
              margin="dense"
              label={otherLabel}
              value={otherName}
              slotProps={{ htmlInput: { 'data-testid': S.entity } }}
            />
          )}
        </Box>
      </Box>
      <TextField
        fullWidth
        multiline
        minRows={4}
        maxRows={16}
        margin="dense"
        label={t('relation.additional-info')}
        value={info}
        onChange={(event) => setInfo(event.target.value)}
        error={!parsedInfo.ok}
        helperText={parsedInfo.ok ? undefined : t('relation.additional-info-invalid')}
        slotProps={{
          htmlInput: {
            'data-testid': S.additionalInfo,
            style: { fontFamily: 'monospace', fontSize: 13 },
          },
        }}
      />
    </FormDialog>
  );
}
