import {
  ALIAS_FILTER_TYPES,
  type AliasFilterType,
  allowedAliasEntityTypes,
  EDGE_ALIAS_FILTER_TYPES,
  ENTITY_TYPES,
  type EntityAlias,
  type EntityType,
} from '@meridian/common';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entitySelectApi } from '../../../api/entity-select';
import { useAuthState } from '../../../app/services/useAuthState';
import { useServices } from '../../../app/services/useServices';
import { FormDialog } from '../../../components/entity-table/FormDialog';
import { AliasFilterFields } from './AliasFilterFields';
import { duplicateAliasName } from './alias-config';
import {
  aliasFilterOf,
  type FilterDraft,
  filterDraftError,
  newFilterDraft,
  offersResolveMultiple,
} from './alias-filter-values';
import { aliasSelectors as S } from './alias-selectors';

export interface AliasDialogProps {
  /** The alias edited; a new one has an id and no name yet. */
  alias: EntityAlias;
  isNew: boolean;
  /** All aliases of the dashboard, for the unique name. */
  aliases: readonly EntityAlias[];
  onSave: (alias: EntityAlias) => void;
  onClose: () => void;
}

/** The entity types of the user's scope that name real entities (pseudo types are not offered). */
function useScopeEntityTypes(): { types: EntityType[]; edges: boolean } {
  const { authUser, edgesSupportEnabled } = useAuthState();
  const authority = authUser?.authority === 'CUSTOMER_USER' ? 'CUSTOMER_USER' : 'TENANT_ADMIN';
  const types = allowedAliasEntityTypes(
    authUser?.authority === 'SYS_ADMIN' ? 'SYS_ADMIN' : authority,
    edgesSupportEnabled,
  ).filter((type): type is EntityType => (ENTITY_TYPES as readonly string[]).includes(type));
  return { types, edges: edgesSupportEnabled };
}

/**
 * Adds or edits one entity alias (reference console §5.3): its unique name, the filter type and
 * that type's fields, and whether it resolves to many entities.
 */
export function AliasDialog({ alias, isNew, aliases, onSave, onClose }: AliasDialogProps) {
  const { t } = useTranslation();
  const { types, edges } = useScopeEntityTypes();
  const { http } = useServices();
  const api = useMemo(() => entitySelectApi(http), [http]);
  const filterTypes = ALIAS_FILTER_TYPES.filter(
    (type) => edges || !(EDGE_ALIAS_FILTER_TYPES as readonly string[]).includes(type),
  );
  const [name, setName] = useState(alias.alias);
  const [filter, setFilter] = useState<FilterDraft>(alias.filter as unknown as FilterDraft);
  const [submitted, setSubmitted] = useState(false);
  const nameError =
    name.trim() === ''
      ? 'dashboard-aliases.name-required'
      : duplicateAliasName(aliases, name, alias.id)
        ? 'dashboard-aliases.name-duplicate'
        : null;
  const filterError = filterDraftError(filter);
  const changeType = (type: AliasFilterType) => {
    const keepType = typeof filter.entityType === 'string' ? (filter.entityType as EntityType) : undefined;
    setFilter({ ...newFilterDraft(type, keepType), resolveMultiple: filter.resolveMultiple });
  };

  return (
    <FormDialog
      title={t(isNew ? 'dashboard-aliases.add-title' : 'dashboard-aliases.edit-title')}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        setSubmitted(true);
        if (nameError || filterError) return;
        onSave({ ...alias, alias: name.trim(), filter: aliasFilterOf(filter) });
      }}
      submitLabel={t(isNew ? 'action.add' : 'action.save')}
      submitDisabled={false}
      dividers
      maxWidth="md"
      testIds={{ dialog: S.editor, cancel: S.editorCancel, submit: S.editorSave }}
    >
      <TextField
        fullWidth
        autoFocus
        margin="dense"
        required
        label={t('dashboard-aliases.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={submitted && nameError !== null}
        helperText={submitted && nameError ? t(nameError) : undefined}
        slotProps={{ htmlInput: { 'data-testid': S.name } }}
      />
      <TextField
        select
        fullWidth
        margin="dense"
        label={t('dashboard-aliases.filter-type')}
        value={filter.type}
        onChange={(event) => changeType(event.target.value as AliasFilterType)}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': S.filterType } as object } }}
      >
        {filterTypes.map((type) => (
          <MenuItem key={type} value={type} data-testid={`${S.filterType}-${type}`}>
            {t(`dashboard-aliases.filter-types.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      <AliasFilterFields
        filter={filter}
        onChange={setFilter}
        entityTypes={types}
        error={submitted ? filterError : null}
        api={api}
      />
      {offersResolveMultiple(filter.type) && (
        <FormControlLabel
          control={
            <Checkbox
              checked={filter.resolveMultiple === true}
              onChange={(_event, checked) => setFilter({ ...filter, resolveMultiple: checked })}
              slotProps={{ input: { 'data-testid': S.resolveMultiple } as object }}
            />
          }
          label={t('dashboard-aliases.resolve-multiple')}
        />
      )}
    </FormDialog>
  );
}
