import {
  DATASOURCE_TYPES,
  type DataKey,
  type Datasource,
  type DatasourceType,
  type EntityAlias,
} from '@meridian/common';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type KeyOption, useAliasKeys } from './alias-keys';
import { DataKeyDialog } from './DataKeyDialog';
import { DataKeysInput } from './DataKeysInput';
import { newDataKey, withDatasourceType } from './data-keys';
import { widgetConfigSelectors as S } from './widget-config-selectors';

const TYPE_LABELS: Record<string, string> = {
  entity: 'widget-config.datasource-entity',
  function: 'widget-config.datasource-function',
  entityCount: 'widget-config.datasource-entity-count',
};

/**
 * One datasource of the Data tab: its type, the entity alias and optional filter it reads, its
 * keys. `keyIndex` is the palette index the next new key takes; `types` are the types offered
 * (an alarm source is an entity one only); `maxDataKeys` and `keysMissing` come from the widget
 * type's parameters.
 */
export function DatasourceEditor({
  index,
  datasource,
  aliases,
  filters,
  alarm,
  types = DATASOURCE_TYPES,
  keyIndex,
  keySettingsSchema,
  maxDataKeys = -1,
  keysMissing = false,
  onChange,
  onMove,
  onRemove,
}: {
  index: number;
  datasource: Datasource;
  aliases: readonly EntityAlias[];
  filters: readonly { id: string; name: string }[];
  alarm: boolean;
  types?: readonly string[];
  keyIndex: number;
  keySettingsSchema: string | undefined;
  maxDataKeys?: number;
  /** It has no key and the widget type needs one. */
  keysMissing?: boolean;
  onChange: (datasource: Datasource) => void;
  onMove?: ((to: number) => void) | undefined;
  onRemove?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<number | null>(null);
  const alias = aliases.find((a) => a.id === datasource.entityAliasId) ?? null;
  const aliasKeys = useAliasKeys(datasource.type === 'entity' ? alias : null, alarm);
  const isFunction = datasource.type === 'function';
  const options: KeyOption[] = isFunction ? [] : datasource.type === 'entityCount' ? [] : aliasKeys;
  const keys = datasource.dataKeys ?? [];
  const setKeys = (dataKeys: DataKey[]) => onChange({ ...datasource, dataKeys });
  const editedKey = editing !== null ? keys[editing] : undefined;

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={S.datasource(index)}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        {types.length > 1 && (
          <TextField
            select
            label={t('widget-config.datasource-type')}
            value={datasource.type}
            onChange={(event) =>
              onChange(withDatasourceType(datasource, event.target.value as DatasourceType, keyIndex))
            }
            size="small"
            margin="dense"
            sx={{ minWidth: 140 }}
            slotProps={{
              select: { SelectDisplayProps: { 'data-testid': S.datasourceType(index) } as object },
            }}
          >
            {types.map((type) => (
              <MenuItem key={type} value={type}>
                {t(TYPE_LABELS[type] ?? type)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {isFunction ? (
          <TextField
            label={t('widget-config.datasource-name')}
            value={datasource.name ?? ''}
            onChange={(event) => onChange({ ...datasource, name: event.target.value })}
            size="small"
            margin="dense"
            fullWidth
          />
        ) : (
          <>
            <TextField
              select
              label={t('widget-config.entity-alias')}
              value={alias ? alias.id : ''}
              onChange={(event) => onChange({ ...datasource, entityAliasId: event.target.value || null })}
              size="small"
              margin="dense"
              fullWidth
              error={!alias}
              helperText={!alias ? t('widget-config.alias-required') : undefined}
              slotProps={{
                select: { SelectDisplayProps: { 'data-testid': S.datasourceAlias(index) } as object },
              }}
            >
              {aliases.length === 0 && (
                <MenuItem value="" disabled>
                  {t('widget-config.no-aliases')}
                </MenuItem>
              )}
              {aliases.map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {a.alias}
                </MenuItem>
              ))}
            </TextField>
            {filters.length > 0 && (
              <TextField
                select
                label={t('widget-config.filter')}
                value={filters.some((f) => f.id === datasource.filterId) ? datasource.filterId : ''}
                onChange={(event) => onChange({ ...datasource, filterId: event.target.value || null })}
                size="small"
                margin="dense"
                fullWidth
                slotProps={{
                  select: { SelectDisplayProps: { 'data-testid': S.datasourceFilter(index) } as object },
                }}
              >
                <MenuItem value="">
                  <em>{t('widget-config.none')}</em>
                </MenuItem>
                {filters.map((f) => (
                  <MenuItem key={f.id} value={f.id}>
                    {f.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </>
        )}
        {(onMove || onRemove) && (
          <Box sx={{ display: 'flex', pt: 1.5 }}>
            {onMove && (
              <>
                <Tooltip title={t('widget-config.move-up')}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={t('widget-config.move-up')}
                      data-testid={S.datasourceUp(index)}
                      onClick={() => onMove(index - 1)}
                      disabled={index === 0}
                    >
                      <ArrowUpward fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={t('widget-config.move-down')}>
                  <IconButton
                    size="small"
                    aria-label={t('widget-config.move-down')}
                    data-testid={S.datasourceDown(index)}
                    onClick={() => onMove(index + 1)}
                  >
                    <ArrowDownward fontSize="small" />
                  </IconButton>
                </Tooltip>
              </>
            )}
            {onRemove && (
              <Tooltip title={t('widget-config.remove-datasource')}>
                <IconButton
                  size="small"
                  aria-label={t('widget-config.remove-datasource')}
                  data-testid={S.datasourceRemove(index)}
                  onClick={onRemove}
                >
                  <Delete fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        )}
      </Stack>
      {datasource.type !== 'entityCount' && (
        <DataKeysInput
          index={index}
          keys={keys}
          options={options}
          typedKeyType={isFunction ? 'function' : alarm ? 'alarm' : 'timeseries'}
          onAdd={(option) => setKeys([...keys, newDataKey(option.name, option.type, keyIndex)])}
          onRemove={(position) => setKeys(keys.filter((_key, i) => i !== position))}
          onEdit={setEditing}
          maxKeys={maxDataKeys}
          error={keysMissing ? t('widget-config.data-keys-required') : undefined}
        />
      )}
      {editing !== null && editedKey && (
        <DataKeyDialog
          dataKey={editedKey}
          settingsSchema={keySettingsSchema}
          onClose={() => setEditing(null)}
          onSave={(key) => {
            setKeys(keys.map((k, i) => (i === editing ? key : k)));
            setEditing(null);
          }}
        />
      )}
    </Paper>
  );
}
