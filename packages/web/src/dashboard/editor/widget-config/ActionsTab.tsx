import type { JsonObject } from '@meridian/common';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MaterialIcon } from '../../MaterialIcon';
import { ActionDialog, dashboardStatesOf } from './ActionDialog';
import type { ConfigTabProps } from './DataTab';
import {
  type ActionEntry,
  type ActionSourceOption,
  actionEntries,
  actionSourceLabel,
  offeredActionSources,
  withAction,
  withoutAction,
} from './widget-actions-edit';
import { widgetConfigSelectors as S } from './widget-config-selectors';

/**
 * The Actions tab (reference §5.4 "Actions"): the widget's actions grouped by action source, with
 * add, edit and delete. Actions of sources this widget does not raise, or of types the viewer does
 * not run (mobile actions need the mobile app), stay in the config as saved and are listed as such.
 */
export function ActionsTab({
  config,
  onChange,
  sources,
  configuration,
}: ConfigTabProps & { sources: readonly ActionSourceOption[]; configuration: JsonObject }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<ActionEntry | 'new' | null>(null);
  const entries = actionEntries(config, sources);
  const groups = [...new Set(entries.map((entry) => entry.sourceId))];
  const offered = (id: string) => sources.find((source) => source.id === id);
  const sourceLabel = (id: string) => {
    const source = offered(id);
    return source ? actionSourceLabel(source, t) : t('widget-config.source-other', { id });
  };
  const edited = editing === 'new' ? null : editing;
  const dialogSources = offeredActionSources(config, sources, edited?.sourceId ?? null);

  return (
    <Box>
      <Button startIcon={<Add />} onClick={() => setEditing('new')} data-testid={S.actionAdd}>
        {t('widget-config.action-add')}
      </Button>
      {entries.length === 0 && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('widget-config.no-actions')}
        </Typography>
      )}
      {groups.map((sourceId) => (
        <List
          key={sourceId}
          dense
          subheader={<ListSubheader disableSticky>{sourceLabel(sourceId)}</ListSubheader>}
        >
          {entries
            .filter((entry) => entry.sourceId === sourceId)
            .map((entry) => {
              const name = typeof entry.action.name === 'string' ? entry.action.name : '';
              const icon = typeof entry.action.icon === 'string' ? entry.action.icon : '';
              const type = typeof entry.action.type === 'string' ? entry.action.type : '';
              const editable =
                offered(sourceId) !== undefined && !['mobileAction', 'customPretty'].includes(type);
              return (
                <ListItem
                  key={`${sourceId}-${entry.index}`}
                  data-testid={S.actionRow(sourceId, name)}
                  secondaryAction={
                    <>
                      {editable && (
                        <Tooltip title={t('widget-config.action-edit')}>
                          <IconButton
                            size="small"
                            aria-label={t('widget-config.action-edit')}
                            onClick={() => setEditing(entry)}
                          >
                            <Edit fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                      <Tooltip title={t('widget-config.action-delete')}>
                        <IconButton
                          size="small"
                          aria-label={t('widget-config.action-delete')}
                          onClick={() => onChange(withoutAction(config, sourceId, entry.index))}
                        >
                          <Delete fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </>
                  }
                >
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    {icon && <MaterialIcon name={icon} size={20} />}
                  </ListItemIcon>
                  <ListItemText
                    primary={name}
                    secondary={
                      editable
                        ? t(`widget-config.action-type-${type}`)
                        : type === 'mobileAction'
                          ? t('widget-config.action-mobile-only')
                          : t('widget-config.action-not-run', { type })
                    }
                  />
                </ListItem>
              );
            })}
        </List>
      ))}
      {editing !== null && (
        <ActionDialog
          action={edited?.action ?? null}
          sourceId={edited?.sourceId ?? dialogSources[0]?.id ?? 'headerButton'}
          sources={dialogSources}
          states={dashboardStatesOf(configuration)}
          onClose={() => setEditing(null)}
          onSave={(action, sourceId) => {
            onChange(
              withAction(
                config,
                action,
                sourceId,
                edited ? { sourceId: edited.sourceId, index: edited.index } : null,
              ),
            );
            setEditing(null);
          }}
        />
      )}
    </Box>
  );
}
