import type { EntityAlias } from '@meridian/common';
import DevicesOther from '@mui/icons-material/DevicesOther';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { aliasResolutionQuery, dashboardRuntimeKeys, findEntityData } from '../../api/dashboard-runtime';
import { useServices } from '../../app/services/useServices';
import { EntityAutocomplete } from '../../components/entity-table/EntityAutocomplete';
import { useDashboardRuntime } from '../dashboard-runtime-context';
import { type AliasEntity, aliasEntityOf } from '../runtime/alias-resolution';
import { aliasCandidatesQuery, aliasSelectLabel, selectableAliases } from '../runtime/alias-selection';
import { dashboardSelectors } from '../selectors';

/**
 * The toolbar's entity aliases select (reference console §5.2): for each alias that shows one of
 * several entities, the entity it shows now and a list to pick another, for this view only.
 */
export function AliasesEntitySelect() {
  const { t } = useTranslation();
  const { http } = useServices();
  const { dashboardId, model, stateParams, aliasSelections } = useDashboardRuntime();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const aliases = selectableAliases(model.entityAliases);
  const resolutions = useQueries({
    queries: aliases.map((alias) => aliasResolutionQuery(http, dashboardId, alias, stateParams)),
  });
  const current = aliases.map((alias, index) => {
    const picked = aliasSelections[alias.id];
    if (picked) return picked;
    const resolution = resolutions[index]?.data;
    return resolution?.kind === 'entities' ? (resolution.entities[0] ?? null) : null;
  });
  // Like the reference, only aliases that show an entity now can be switched.
  const shown = aliases.filter((_, index) => current[index] !== null);
  if (shown.length === 0) return null;
  const label = aliasSelectLabel(
    current.filter((entity) => entity !== null),
    t('dashboard-viewer.entities'),
  );
  return (
    <>
      <Button
        size="small"
        color="inherit"
        startIcon={<DevicesOther />}
        data-testid={dashboardSelectors.aliasesSelect}
        aria-label={t('dashboard-viewer.entity-aliases')}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none', maxWidth: 240 }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{label}</span>
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Stack spacing={2} sx={{ p: 2, width: 320 }} data-testid={dashboardSelectors.aliasesPanel}>
          {aliases.map((alias, index) => {
            const entity = current[index];
            return entity ? <AliasEntityField key={alias.id} alias={alias} current={entity} /> : null;
          })}
        </Stack>
      </Popover>
    </>
  );
}

/** An entity of an alias as the picker lists it. */
interface AliasOption {
  id: string;
  label: string;
  entity: AliasEntity;
}

const optionOf = (entity: AliasEntity): AliasOption => ({ id: entity.id.id, label: entity.name, entity });

/** One alias: its entity now, and the entities its filter matches (searched on the server) to pick from. */
function AliasEntityField({ alias, current }: { alias: EntityAlias; current: AliasEntity }) {
  const { t } = useTranslation();
  const { http } = useServices();
  const { dashboardId, stateParams, selectAliasEntity } = useDashboardRuntime();
  return (
    <EntityAutocomplete<AliasOption>
      label={alias.alias}
      size="small"
      value={optionOf(current)}
      onChange={(option) => option && selectAliasEntity(alias.id, option.entity)}
      queryKey={dashboardRuntimeKeys.aliasCandidates(dashboardId, alias, stateParams)}
      search={async (text, signal) => {
        const query = aliasCandidatesQuery(alias, stateParams, text);
        if (!query) return [];
        const page = await findEntityData(http, query, signal);
        return page.data.map((data) => optionOf(aliasEntityOf(data)));
      }}
      noOptionsText={(text) =>
        text ? t('relation.no-entities-matching', { text }) : t('relation.no-entities')
      }
      testId={dashboardSelectors.aliasField(alias.alias)}
    />
  );
}
