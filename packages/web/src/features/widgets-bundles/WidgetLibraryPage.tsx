import {
  isSystemWidgetsBundle,
  type WidgetsBundle,
  type WidgetType,
  type WidgetTypeDetails,
} from '@meridian/common';
import Add from '@mui/icons-material/Add';
import FileUpload from '@mui/icons-material/FileUpload';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  bundleWidgetTypesDetailsQuery,
  deleteWidgetType,
  getWidgetsBundle,
  getWidgetType,
  saveWidgetType,
  widgetKeys,
} from '../../api/widgets';
import { useAuthState } from '../../app/services/useAuthState';
import { useServices } from '../../app/services/useServices';
import { AddButton } from '../../components/AddButton';
import { useConfirmDialog } from '../../components/entity-table/ConfirmDialog';
import { downloadJson } from '../../components/entity-table/download';
import { isNotFound } from '../../components/entity-table/not-found';
import { NotFoundNotice } from '../../components/NotFoundNotice';
import { DashboardRuntimeContext } from '../../dashboard/dashboard-runtime-context';
import { previewModelOf } from './preview-model';
import { SelectWidgetTypeDialog } from './SelectWidgetTypeDialog';
import { usePreviewRuntime } from './usePreviewRuntime';
import { WidgetTypePreviewCard } from './WidgetTypePreviewCard';
import { newWidgetTypePath, WIDGETS_BUNDLES_PATH, widgetTypeEditorPath } from './widget-library-paths';
import { widgetLibrarySelectors as S } from './widget-library-selectors';
import {
  exportedWidgetType,
  exportFileName,
  parseImportedWidgetType,
  widgetTypeToSave,
} from './widgets-bundle-json';

/** The smallest width of a preview column; a phone narrower than that shows one column of its width. */
const PREVIEW_MIN_WIDTH_PX = 320;

/**
 * /widgets-bundles/:widgetsBundleId/widgetTypes (reference console §3.13): the bundle's widget types
 * as live previews. In a bundle of their own, users add (new or imported), edit and remove types;
 * a tenant sees a system bundle read only.
 */
export function WidgetLibraryPage() {
  const { t } = useTranslation();
  const { widgetsBundleId = '' } = useParams();
  const { http } = useServices();
  const bundle = useQuery({
    queryKey: [...widgetKeys.bundles, 'one', widgetsBundleId],
    queryFn: ({ signal }) => getWidgetsBundle(http, widgetsBundleId, { signal, notFoundHandled: true }),
  });
  if (bundle.isPending) {
    return <CircularProgress sx={{ display: 'block', mx: 'auto', my: 4 }} />;
  }
  if (!bundle.data) {
    return isNotFound(bundle.error) ? (
      <NotFoundNotice
        title={t('widgets-bundle.not-found')}
        message={t('widgets-bundle.not-found-text')}
        linkTo={WIDGETS_BUNDLES_PATH}
        linkLabel={t('widgets-bundle.widgets-bundles')}
      />
    ) : (
      <Typography sx={{ p: 4 }} color="text.secondary">
        {t('app.load-failed')}
      </Typography>
    );
  }
  return <WidgetLibrary bundle={bundle.data} />;
}

function WidgetLibrary({ bundle }: { bundle: WidgetsBundle }) {
  const { t } = useTranslation();
  const { http, toasts } = useServices();
  const { authUser } = useAuthState();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isSystem = isSystemWidgetsBundle(bundle);
  const own = authUser?.authority === 'SYS_ADMIN' || !isSystem;
  const typesQuery = bundleWidgetTypesDetailsQuery(http, isSystem, bundle.alias);
  const types = useQuery(typesQuery);
  const preview = useMemo(() => previewModelOf(types.data ?? [], isSystem), [types.data, isSystem]);
  const runtime = usePreviewRuntime(preview);
  const [selecting, setSelecting] = useState(false);
  const [confirmElement, confirm] = useConfirmDialog();
  const fileInput = useRef<HTMLInputElement>(null);

  // The types changed: the previews here, and the widget library drawer of the dashboard editor.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: typesQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: widgetKeys.bundleTypes(isSystem, bundle.alias) });
  };

  const exportType = async (type: WidgetTypeDetails) => {
    const stored = await getWidgetType(http, type.id.id);
    downloadJson(exportFileName(stored.name), exportedWidgetType(stored));
  };
  const removeType = async (type: WidgetTypeDetails) => {
    const ok = await confirm({
      title: t('widget-type.remove-title', { name: type.name }),
      message: t('widget-type.remove-text'),
    });
    if (!ok) return;
    await deleteWidgetType(http, type.id.id);
    refresh();
  };
  const importType = async (file: File) => {
    const imported = parseImportedWidgetType(await file.text());
    if (!imported) {
      toasts.show({ message: t('widget-type.invalid-widget-type-file'), type: 'error' });
      return;
    }
    await saveWidgetType(http, widgetTypeToSave(imported, bundle.alias));
    refresh();
  };
  const swallow = (run: Promise<unknown>) => void run.catch(() => undefined); // Shown by the HTTP client.

  return (
    <Paper sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <Toolbar sx={{ gap: 1 }}>
        <Typography variant="h6" component="h1" noWrap sx={{ flex: 1 }} data-testid={S.library.title}>
          {bundle.title}
        </Typography>
        {own && (
          <AddButton
            label={t('entity.add')}
            ariaLabel={t('widget-type.add')}
            testId={S.library.add}
            choiceTestId={S.library.addChoice}
            choices={[
              {
                id: 'create',
                label: t('widget-type.create-new-widget-type'),
                icon: <Add fontSize="small" />,
                onSelect: () => setSelecting(true),
              },
              {
                id: 'import',
                label: t('widget-type.import'),
                icon: <FileUpload fontSize="small" />,
                onSelect: () => fileInput.current?.click(),
              },
            ]}
          />
        )}
      </Toolbar>
      {types.isPending && <CircularProgress sx={{ display: 'block', mx: 'auto', my: 4 }} />}
      {types.isError && (
        <Typography sx={{ p: 4 }} color="text.secondary">
          {t('app.load-failed')}
        </Typography>
      )}
      {types.isSuccess && types.data.length === 0 && (
        <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
          {t('widget-type.no-widget-types')}
        </Typography>
      )}
      <DashboardRuntimeContext.Provider value={runtime}>
        <Box
          data-testid={S.library.grid}
          sx={{
            display: 'grid',
            gridTemplateColumns: `repeat(auto-fill, minmax(min(${PREVIEW_MIN_WIDTH_PX}px, 100%), 1fr))`,
            gap: 2,
            p: 2,
          }}
        >
          {(types.data ?? []).map((type) => (
            <WidgetTypePreviewCard
              key={type.id.id}
              type={type}
              widget={preview.widgets[type.id.id]}
              onEdit={own ? () => navigate(widgetTypeEditorPath(bundle.id.id, type.id.id)) : undefined}
              onExport={() => swallow(exportType(type))}
              onRemove={own ? () => swallow(removeType(type)) : undefined}
            />
          ))}
        </Box>
      </DashboardRuntimeContext.Provider>
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid={S.library.importFile}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) swallow(importType(file));
        }}
      />
      {selecting && (
        <SelectWidgetTypeDialog
          onClose={() => setSelecting(false)}
          onSelect={(kind: WidgetType) => navigate(newWidgetTypePath(bundle.id.id, kind))}
        />
      )}
      {confirmElement}
    </Paper>
  );
}
