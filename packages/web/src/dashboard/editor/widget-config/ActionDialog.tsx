import { isJsonObject, type JsonObject } from '@meridian/common';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardInfoQuery, dashboardSearchQuery, TENANT_DASHBOARDS } from '../../../api/dashboards';
import { useServices } from '../../../app/services/useServices';
import { DashboardAutocomplete, type DashboardOption } from '../../../components/DashboardAutocomplete';
import { MaterialIconInput } from '../../../components/material-icon/MaterialIconInput';
import { ScriptEditor } from '../../../features/rule-chains/editor/ScriptEditor';
import { newGuid } from '../widget-item';
import { FieldRow } from './FieldRow';
import {
  type ActionSourceOption,
  actionSourceLabel,
  CUSTOM_ACTION_ARGS,
  EDITABLE_ACTION_TYPES,
  type EditableActionType,
} from './widget-actions-edit';
import { widgetConfigSelectors as S } from './widget-config-selectors';

type OpenMode = 'normal' | 'dialog' | 'popover';

/** The keys of an action that belong to its type; a saved action keeps only its own type's. */
const TYPE_KEYS = [
  'targetDashboardStateId',
  'targetDashboardId',
  'openInSeparateDialog',
  'openInPopover',
  'dialogTitle',
  'dialogWidth',
  'dialogHeight',
  'popoverWidth',
  'popoverHeight',
  'popoverHideOnClickOutside',
  'setEntityId',
  'stateEntityParamName',
  'customFunction',
];

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const numberOrNull = (value: string): number | null => {
  const number = Number.parseFloat(value);
  return Number.isFinite(number) && number > 0 ? number : null;
};

/**
 * The action dialog (reference §5.4 "Actions"): source, name, icon, and the settings of the action
 * types the viewer runs. Opening a state can be normal, in a separate dialog or in a popover.
 */
export function ActionDialog({
  action,
  sourceId,
  sources,
  states,
  onSave,
  onClose,
}: {
  action: JsonObject | null;
  sourceId: string;
  sources: readonly ActionSourceOption[];
  states: readonly { id: string; name: string }[];
  onSave: (action: JsonObject, sourceId: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [source, setSource] = useState(sourceId);
  const [draft, setDraft] = useState<JsonObject>(
    () => action ?? { name: '', icon: 'more_horiz', type: 'openDashboardState', setEntityId: true },
  );
  const set = (change: JsonObject) => setDraft((current) => ({ ...current, ...change }));
  const type = (EDITABLE_ACTION_TYPES as readonly unknown[]).includes(draft.type)
    ? (draft.type as EditableActionType)
    : 'openDashboardState';
  const mode: OpenMode =
    draft.openInSeparateDialog === true ? 'dialog' : draft.openInPopover === true ? 'popover' : 'normal';
  const name = text(draft.name).trim();
  const needsState = type === 'openDashboardState' && !text(draft.targetDashboardStateId);
  const needsDashboard = type === 'openDashboard' && !text(draft.targetDashboardId);
  const valid = name !== '' && !needsState && !needsDashboard;

  const save = () => {
    const kept: JsonObject = {};
    for (const [key, value] of Object.entries(draft)) {
      if (!TYPE_KEYS.includes(key) || keyOfType(type, mode, key)) kept[key] = value;
    }
    onSave({ ...kept, id: text(draft.id) || newGuid(), name, type }, source);
  };

  const field = (key: string, label: string, extra: { number?: boolean; helper?: ReactNode } = {}) => (
    <TextField
      label={label}
      value={extra.number ? (typeof draft[key] === 'number' ? String(draft[key]) : '') : text(draft[key])}
      type={extra.number ? 'number' : undefined}
      onChange={(event) =>
        set({ [key]: extra.number ? numberOrNull(event.target.value) : event.target.value })
      }
      size="small"
      margin="dense"
      fullWidth
      helperText={extra.helper}
      slotProps={{ htmlInput: { 'data-testid': S.actionField(key) } }}
    />
  );
  const check = (key: string, label: string, checked: boolean) => (
    <FormControlLabel
      label={label}
      control={
        <Checkbox
          checked={checked}
          onChange={(event) => set({ [key]: event.target.checked })}
          slotProps={{ input: { 'data-testid': S.actionField(key) } as object }}
        />
      }
    />
  );
  const select = (
    key: string,
    label: string,
    value: string,
    options: readonly { value: string; label: string }[],
    onChange: (value: string) => void,
  ) => (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      size="small"
      margin="dense"
      fullWidth
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': S.actionField(key) } as object } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
  const entityParams = (
    <>
      {check('setEntityId', t('widget-config.action-set-entity'), draft.setEntityId !== false)}
      {draft.setEntityId !== false &&
        field('stateEntityParamName', t('widget-config.action-state-entity-param'), {
          helper: t('widget-config.action-state-entity-param-hint'),
        })}
    </>
  );
  const stateOptions = states.map((state) => ({ value: state.id, label: state.name || state.id }));

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid={S.actionDialog}>
      <DialogTitle>{action ? t('widget-config.action-edit') : t('widget-config.action-add')}</DialogTitle>
      <DialogContent dividers>
        {select(
          'source',
          t('widget-config.action-source'),
          source,
          sources.map((option) => ({ value: option.id, label: actionSourceLabel(option, t) })),
          setSource,
        )}
        <FieldRow center>
          {field('name', t('widget-config.action-name'))}
          <MaterialIconInput
            label={t('widget-config.action-icon')}
            value={text(draft.icon)}
            onChange={(icon) => set({ icon })}
            testId={S.actionField('icon')}
          />
        </FieldRow>
        {select(
          'type',
          t('widget-config.action-type'),
          type,
          EDITABLE_ACTION_TYPES.map((value) => ({ value, label: t(`widget-config.action-type-${value}`) })),
          (value) => set({ type: value }),
        )}
        {type === 'openDashboardState' && (
          <>
            {select(
              'targetDashboardStateId',
              t('widget-config.action-target-state'),
              text(draft.targetDashboardStateId),
              stateOptions,
              (value) => set({ targetDashboardStateId: value }),
            )}
            {select(
              'openMode',
              t('widget-config.action-open-mode'),
              mode,
              (['normal', 'dialog', 'popover'] as const).map((value) => ({
                value,
                label: t(`widget-config.action-open-${value}`),
              })),
              (value) =>
                set({ openInSeparateDialog: value === 'dialog', openInPopover: value === 'popover' }),
            )}
            {mode === 'dialog' && (
              <>
                {field('dialogTitle', t('widget-config.action-dialog-title'))}
                <FieldRow>
                  {field('dialogWidth', t('widget-config.action-dialog-width'), { number: true })}
                  {field('dialogHeight', t('widget-config.action-dialog-height'), { number: true })}
                </FieldRow>
              </>
            )}
            {mode === 'popover' && (
              <>
                <FieldRow>
                  {field('popoverWidth', t('widget-config.action-popover-width'))}
                  {field('popoverHeight', t('widget-config.action-popover-height'))}
                </FieldRow>
                {check(
                  'popoverHideOnClickOutside',
                  t('widget-config.action-popover-hide-outside'),
                  draft.popoverHideOnClickOutside !== false,
                )}
              </>
            )}
            {entityParams}
          </>
        )}
        {type === 'updateDashboardState' && (
          <>
            {select(
              'targetDashboardStateId',
              t('widget-config.action-target-state-optional'),
              text(draft.targetDashboardStateId),
              [{ value: '', label: t('widget-config.action-current-state') }, ...stateOptions],
              (value) => set({ targetDashboardStateId: value || null }),
            )}
            {entityParams}
          </>
        )}
        {type === 'openDashboard' && (
          <>
            <TargetDashboard
              value={text(draft.targetDashboardId) || null}
              onChange={(id) => set({ targetDashboardId: id })}
            />
            {field('targetDashboardStateId', t('widget-config.action-target-state-id'))}
            {entityParams}
          </>
        )}
        {type === 'custom' && (
          <ScriptEditor
            label={t('widget-config.action-custom-function', { args: CUSTOM_ACTION_ARGS.join(', ') })}
            value={text(draft.customFunction)}
            onChange={(customFunction) => set({ customFunction })}
            argNames={CUSTOM_ACTION_ARGS}
            testId={S.actionField('customFunction')}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('action.cancel')}</Button>
        <Button variant="contained" disabled={!valid} onClick={save} data-testid={S.actionSave}>
          {t('action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Whether an action of `type`, opened in `mode`, uses `key`. */
function keyOfType(type: EditableActionType, mode: OpenMode, key: string): boolean {
  const entity = key === 'setEntityId' || key === 'stateEntityParamName';
  switch (type) {
    case 'openDashboardState':
      return (
        entity ||
        key === 'targetDashboardStateId' ||
        key === 'openInSeparateDialog' ||
        key === 'openInPopover' ||
        (mode === 'dialog' && key.startsWith('dialog')) ||
        (mode === 'popover' && key.startsWith('popover'))
      );
    case 'updateDashboardState':
      return entity || key === 'targetDashboardStateId';
    case 'openDashboard':
      return entity || key === 'targetDashboardId' || key === 'targetDashboardStateId';
    case 'custom':
      return key === 'customFunction';
  }
}

/** The tenant dashboard an "open other dashboard" action opens, searched by title. */
function TargetDashboard({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const { t } = useTranslation();
  const { http } = useServices();
  const [searchText, setSearchText] = useState('');
  const [opened, setOpened] = useState(false);
  const search = useQuery({ ...dashboardSearchQuery(http, TENANT_DASHBOARDS, searchText), enabled: opened });
  const options = search.data?.data ?? [];
  const known = options.find((dashboard) => dashboard.id.id === value);
  const info = useQuery({ ...dashboardInfoQuery(http, value ?? ''), enabled: Boolean(value) && !known });
  const selected: DashboardOption | null = value
    ? (known ?? info.data ?? { id: { entityType: 'DASHBOARD', id: value }, title: value })
    : null;
  return (
    <DashboardAutocomplete
      label={t('widget-config.action-target-dashboard')}
      value={selected}
      onChange={(next) => onChange(next ? next.id.id : null)}
      options={options}
      loading={search.isFetching}
      onSearchTextChange={setSearchText}
      onOpen={() => setOpened(true)}
      required
      testId={S.actionField('targetDashboardId')}
    />
  );
}

/** The dashboard's states as `{id, name}`, for the target state selects. */
export function dashboardStatesOf(configuration: JsonObject): { id: string; name: string }[] {
  const states = isJsonObject(configuration.states) ? configuration.states : {};
  return Object.entries(states).map(([id, state]) => ({
    id,
    name: isJsonObject(state) && typeof state.name === 'string' ? state.name : id,
  }));
}
