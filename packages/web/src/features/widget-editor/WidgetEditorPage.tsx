import { NULL_UUID, type WidgetsBundle, type WidgetTypeDetails } from '@meridian/common';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Save from '@mui/icons-material/Save';
import Undo from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAuthState } from '../../app/services/useAuthState';
import { useServices } from '../../app/services/useServices';
import { CodeEditor } from '../../components/code-editor/CodeEditor';
import { NotFoundNotice } from '../../components/NotFoundNotice';
import { useWidgetTypeInfo } from '../../dashboard/sandbox/use-widget-type-info';
import { ResourcesTab } from './ResourcesTab';
import { SaveAsDialog } from './SaveAsDialog';
import { WidgetPreview } from './WidgetPreview';
import { WidgetSettingsTab } from './WidgetSettingsTab';
import { draftErrors, type WidgetDraft, withDescriptor, withKind } from './widget-draft';
import { getWidgetsBundle, getWidgetType, saveWidgetType } from './widget-editor-api';
import { widgetEditorSelectors as S } from './widget-editor-selectors';
import { isWidgetKind, WIDGET_KINDS, widgetTemplate } from './widget-templates';

type EditorTab = 'resources' | 'html' | 'css' | 'settingsSchema' | 'dataKeySettingsSchema' | 'widgetSettings';
const TABS: readonly EditorTab[] = [
  'resources',
  'html',
  'css',
  'settingsSchema',
  'dataKeySettingsSchema',
  'widgetSettings',
];
const TAB_LABEL: Record<EditorTab, string> = {
  resources: 'widget-editor.resources',
  html: 'widget-editor.html',
  css: 'widget-editor.css',
  settingsSchema: 'widget-editor.settings-schema',
  dataKeySettingsSchema: 'widget-editor.data-key-settings-schema',
  widgetSettings: 'widget-editor.widget-settings',
};

const paths = {
  type: (bundleId: string, typeId: string) => `/widgets-bundles/${bundleId}/widgetTypes/${typeId}`,
};

/**
 * The widget editor (reference console §3.13): `widgetTypes/:widgetTypeId` edits a stored type,
 * `widgetTypes/add/:widgetType` starts a new one of that kind from its template.
 */
export function WidgetEditorPage() {
  const { t } = useTranslation();
  const { widgetsBundleId = '', widgetTypeId, widgetType } = useParams();
  const { http } = useServices();
  const bundle = useQuery({
    queryKey: ['widget-editor', 'bundle', widgetsBundleId],
    queryFn: ({ signal }) => getWidgetsBundle(http, widgetsBundleId, signal),
    retry: false,
  });
  const stored = useQuery({
    queryKey: ['widget-editor', 'type', widgetTypeId],
    queryFn: ({ signal }) => getWidgetType(http, widgetTypeId ?? '', signal),
    enabled: widgetTypeId !== undefined,
    retry: false,
  });
  if (bundle.isError || stored.isError || (widgetTypeId === undefined && !isWidgetKind(widgetType)))
    return (
      <NotFoundNotice
        title={t('widget-editor.not-found')}
        message={t('widget-editor.not-found-text')}
        linkTo="/home"
        linkLabel={t('not-found.go-home')}
      />
    );
  if (!bundle.data || (widgetTypeId !== undefined && !stored.data))
    return <CircularProgress sx={{ m: 'auto', display: 'block', mt: 8 }} />;
  return (
    <WidgetEditor
      key={stored.data?.id.id ?? `new-${widgetType}`}
      bundle={bundle.data}
      stored={stored.data ?? null}
      newKind={isWidgetKind(widgetType) ? widgetType : 'latest'}
    />
  );
}

function draftOf(
  stored: WidgetTypeDetails | null,
  newKind: Parameters<typeof widgetTemplate>[0],
  name: string,
) {
  return stored
    ? {
        name: stored.name,
        image: stored.image,
        description: stored.description,
        descriptor: stored.descriptor,
      }
    : { name, image: null, description: null, descriptor: widgetTemplate(newKind) };
}

function WidgetEditor({
  bundle,
  stored,
  newKind,
}: {
  bundle: WidgetsBundle;
  stored: WidgetTypeDetails | null;
  newKind: Parameters<typeof widgetTemplate>[0];
}) {
  const { t } = useTranslation();
  const { http, toasts } = useServices();
  const { authUser } = useAuthState();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<WidgetDraft>(() =>
    draftOf(stored, newKind, t('widget-editor.new-widget')),
  );
  const [draft, setDraft] = useState<WidgetDraft>(saved);
  const [ran, setRan] = useState(saved.descriptor);
  const [tab, setTab] = useState<EditorTab>('resources');
  const [saveAsOpen, setSaveAsOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  // A system type is read-only for a tenant: it saves a copy with Save as.
  const isSystemType = (stored?.tenantId.id ?? bundle.tenantId.id) === NULL_UUID;
  const readOnly = isSystemType && authUser?.authority !== 'SYS_ADMIN';
  const errors = draftErrors(draft);
  const dirty = draft !== saved;

  const run = useCallback(() => setRan(draft.descriptor), [draft.descriptor]);
  // Read from the script last run, not on every keystroke: it goes to the sandbox worker.
  const typeInfo = useWidgetTypeInfo(ran.controllerScript ?? '');
  const save = useCallback(async () => {
    if (readOnly || saving) return;
    const invalid = draftErrors(draft);
    const firstInvalid = (['settingsSchema', 'dataKeySettingsSchema'] as const).find(
      (field) => invalid[field],
    );
    if (firstInvalid) {
      setTab(firstInvalid);
      toasts.show({ message: t('widget-editor.invalid-not-saved'), type: 'error' });
      return;
    }
    setSaving(true);
    try {
      const result = await saveWidgetType(http, {
        ...(stored ? { id: stored.id, alias: stored.alias } : {}),
        bundleAlias: stored?.bundleAlias ?? bundle.alias,
        name: draft.name,
        image: draft.image,
        description: draft.description,
        descriptor: draft.descriptor,
      });
      setSaved(draft);
      setRan(draft.descriptor);
      await queryClient.invalidateQueries({ queryKey: ['widgetTypeByAlias'] });
      toasts.show({ message: t('widget-editor.saved'), type: 'success' });
      if (!stored) navigate(paths.type(bundle.id.id, result.id.id), { replace: true });
    } catch {
      // The HTTP client has shown why.
    } finally {
      setSaving(false);
    }
  }, [readOnly, saving, draft, http, stored, bundle, toasts, t, queryClient, navigate]);

  // Ctrl+Enter runs, Ctrl+S saves, Shift+Ctrl+S saves as (the reference's shortcuts), even while typing.
  const keys = useRef({ run, save, saveAs: () => setSaveAsOpen(true) });
  keys.current = { run, save, saveAs: () => setSaveAsOpen(true) };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      if (event.key === 'Enter') {
        event.preventDefault();
        keys.current.run();
      } else if (event.key.toLowerCase() === 's') {
        event.preventDefault();
        if (event.shiftKey) keys.current.saveAs();
        else void keys.current.save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const code = (field: 'templateHtml' | 'templateCss', label: string, testId: string) => (
    <CodeEditor
      language={field === 'templateHtml' ? 'html' : 'css'}
      label={label}
      value={draft.descriptor[field] ?? ''}
      onChange={(text) => setDraft(withDescriptor(draft, { [field]: text }))}
      testId={testId}
      minRows={11}
    />
  );
  const schema = (field: 'settingsSchema' | 'dataKeySettingsSchema', label: string, testId: string) => (
    <CodeEditor
      language="json"
      label={label}
      value={draft.descriptor[field] ?? ''}
      onChange={(text) => setDraft(withDescriptor(draft, { [field]: text }))}
      error={errors[field] ? t('widget-editor.invalid-json', { error: errors[field] }) : undefined}
      testId={testId}
      minRows={11}
    />
  );

  return (
    <Box data-testid={S.page} sx={{ display: 'flex', flexDirection: 'column', gap: 1, p: 1 }}>
      <Paper sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, flexWrap: 'wrap' }}>
        <TextField
          label={t('widget-editor.widget-title')}
          value={draft.name}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          size="small"
          fullWidth={false}
          slotProps={{ htmlInput: { 'data-testid': S.title } }}
          sx={{ width: 320 }}
        />
        <TextField
          select
          label={t('widget-editor.widget-type')}
          value={draft.descriptor.type}
          onChange={(event) => {
            const kind = event.target.value;
            if (isWidgetKind(kind)) setDraft(withKind(draft, kind));
          }}
          size="small"
          fullWidth={false}
          sx={{ width: 200 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': S.type } as object } }}
        >
          {WIDGET_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {t(`dashboard-editor.type-${kind}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        <Button startIcon={<PlayArrow />} onClick={run} data-testid={S.run} variant="outlined">
          {t('widget-editor.run')}
        </Button>
        <Button startIcon={<Undo />} onClick={() => setDraft(saved)} disabled={!dirty} data-testid={S.undo}>
          {t('widget-editor.undo')}
        </Button>
        {readOnly ? null : (
          <Button
            startIcon={<Save />}
            onClick={() => void save()}
            disabled={saving || (stored !== null && !dirty)}
            data-testid={S.save}
            variant="contained"
          >
            {t('widget-editor.save')}
          </Button>
        )}
        <Button onClick={() => setSaveAsOpen(true)} data-testid={S.saveAs}>
          {t('widget-editor.save-as')}
        </Button>
      </Paper>
      <Box sx={{ display: 'flex', gap: 1, height: 380, flexShrink: 0 }}>
        <Paper sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
          <Tabs value={tab} onChange={(_event, next: EditorTab) => setTab(next)} variant="scrollable">
            {TABS.map((name) => (
              <Tab key={name} value={name} label={t(TAB_LABEL[name])} data-testid={S.tab(name)} />
            ))}
          </Tabs>
          <Box sx={{ flex: 1, overflow: 'auto', px: 1 }}>
            {tab === 'resources' ? (
              <ResourcesTab
                resources={draft.descriptor.resources ?? []}
                onChange={(resources) => setDraft(withDescriptor(draft, { resources }))}
              />
            ) : null}
            {tab === 'html' ? code('templateHtml', t('widget-editor.html'), S.html) : null}
            {tab === 'css' ? code('templateCss', t('widget-editor.css'), S.css) : null}
            {tab === 'settingsSchema'
              ? schema('settingsSchema', t('widget-editor.settings-schema'), S.settingsSchema)
              : null}
            {tab === 'dataKeySettingsSchema'
              ? schema(
                  'dataKeySettingsSchema',
                  t('widget-editor.data-key-settings-schema'),
                  S.dataKeySettingsSchema,
                )
              : null}
            {tab === 'widgetSettings' ? (
              <WidgetSettingsTab
                description={draft.description}
                image={draft.image}
                onChange={(change) => setDraft({ ...draft, ...change })}
              />
            ) : null}
          </Box>
        </Paper>
        <Paper sx={{ flex: 1, minWidth: 0, overflow: 'auto', px: 1 }}>
          {typeInfo?.error ? (
            <Alert severity="warning" sx={{ mt: 1 }} data-testid={S.typeInfoError}>
              {t('widget-editor.type-info-failed', { error: typeInfo.error })}
            </Alert>
          ) : null}
          <CodeEditor
            language="javascript"
            label={t('widget-editor.javascript')}
            value={draft.descriptor.controllerScript ?? ''}
            onChange={(text) => setDraft(withDescriptor(draft, { controllerScript: text }))}
            testId={S.javascript}
            minRows={15}
          />
        </Paper>
      </Box>
      <Paper sx={{ height: 420, flexShrink: 0, display: 'flex', flexDirection: 'column', pt: 1 }}>
        <WidgetPreview
          descriptor={ran}
          bundleAlias={stored?.bundleAlias ?? bundle.alias}
          typeAlias={stored?.alias ?? 'widget_preview'}
          title={draft.name}
        />
      </Paper>
      {saveAsOpen ? (
        <SaveAsDialog
          draft={draft}
          initialTitle={draft.name}
          currentBundleId={isSystemType && readOnly ? null : bundle.id.id}
          onClose={() => setSaveAsOpen(false)}
          onSaved={(result, bundleId) => {
            setSaveAsOpen(false);
            toasts.show({ message: t('widget-editor.saved'), type: 'success' });
            navigate(paths.type(bundleId, result.id.id));
          }}
        />
      ) : null}
    </Box>
  );
}
