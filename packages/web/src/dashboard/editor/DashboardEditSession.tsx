import { isJsonObject } from '@meridian/common';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services/useServices';
import { isTyping } from '../../components/editing/is-typing';
import { useConfirmDialog } from '../../components/entity-table/ConfirmDialog';
import { SHORTCUT_HELP_KEY, ShortcutCheatSheet } from '../../components/shortcuts/ShortcutCheatSheet';
import { useDashboardRuntime } from '../dashboard-runtime-context';
import { ConflictDialog } from './ConflictDialog';
import {
  addWidgetReference,
  type LayoutRef,
  layoutHasWidget,
  layoutPositions,
  removeWidget,
  widgetTitle,
} from './config-edit';
import { DashboardEditContext, type DashboardEditing } from './dashboard-edit-context';
import { editorSelectors } from './editor-selectors';
import { DASHBOARD_EDITOR_SHORTCUTS } from './editor-shortcuts';
import type { ManagerKind } from './managers/manager-kind';
import type { DashboardEditor } from './useDashboardEditor';
import { WidgetLibraryPanel } from './WidgetLibraryPanel';
import { copiedReference, copiedWidget, setCopiedReference, setCopiedWidget } from './widget-clipboard';
import type { WidgetConfigTarget } from './widget-config/WidgetConfigPanel';
import { addWidgetItem, newGuid, parseWidgetItem, widgetItemOf } from './widget-item';

// The widget config editor loads when a widget is first edited or added.
const WidgetConfigPanel = lazy(() =>
  import('./widget-config/WidgetConfigPanel').then((module) => ({ default: module.WidgetConfigPanel })),
);

// The managers' dialogs load when first opened: viewers never load them.
const ManagerDialogs = lazy(() =>
  import('./managers/ManagerDialogs').then((module) => ({ default: module.ManagerDialogs })),
);

/** Opening the widget library and importing a widget file: what the toolbar's Add widget offers. */
export interface AddWidgetActions {
  openLibrary(): void;
  importWidget(): void;
}

/**
 * The widget actions of edit mode (copy, paste, delete with its question, add from the library or
 * from a file) and their keyboard shortcuts, for the layouts of the current state; the conflict
 * dialog of Apply. `toolbar` renders the toolbar's edit buttons with the add actions.
 */
export function DashboardEditSession({
  editor,
  stateId,
  children,
}: {
  editor: DashboardEditor;
  stateId: string | undefined;
  children: (add: AddWidgetActions) => ReactNode;
}) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const [confirmDialog, confirm] = useConfirmDialog();
  const [libraryOpen, setLibraryOpen] = useState(false);
  const [configTarget, setConfigTarget] = useState<WidgetConfigTarget | null>(null);
  const [manager, setManager] = useState<ManagerKind | null>(null);
  const { dashboardId } = useDashboardRuntime();
  const fileInput = useRef<HTMLInputElement | null>(null);
  const { edit, select, configuration, editing: active } = editor;
  const main: LayoutRef | null = stateId ? { stateId, layoutId: 'main' } : null;

  const copyWidget = useCallback(
    (ref: LayoutRef, widgetId: string) => {
      const item = isJsonObject(configuration) && widgetItemOf(configuration, ref, widgetId);
      if (item) setCopiedWidget(item);
    },
    [configuration],
  );
  const pasteWidget = useCallback(
    (ref: LayoutRef) => {
      const item = copiedWidget();
      if (!item) return;
      const id = newGuid();
      edit((c) => addWidgetItem(c, ref, item, id, newGuid));
      select(id);
    },
    [edit, select],
  );
  const copyReference = useCallback(
    (ref: LayoutRef, widgetId: string) => {
      if (!isJsonObject(configuration)) return;
      const box = layoutPositions(configuration, ref)[widgetId];
      if (!box) return;
      const columns = widgetItemOf(configuration, ref, widgetId)?.originalColumns ?? 24;
      setCopiedReference({ dashboardId, widgetId, size: { sizeX: box.sizeX, sizeY: box.sizeY }, columns });
    },
    [configuration, dashboardId],
  );
  const pasteReference = useCallback(
    (ref: LayoutRef) => {
      const copied = copiedReference(dashboardId);
      if (!copied) return;
      edit((c) => addWidgetReference(c, ref, copied.widgetId, copied.size, copied.columns));
      select(copied.widgetId);
    },
    [dashboardId, edit, select],
  );
  const deleteWidget = useCallback(
    async (ref: LayoutRef, widgetId: string) => {
      const title = isJsonObject(configuration) ? widgetTitle(configuration, widgetId) : '';
      const ok = await confirm({
        title: t('dashboard-editor.delete-widget-title', { title }),
        message: t('dashboard-editor.delete-widget-text'),
        okLabel: t('action.yes'),
        cancelLabel: t('action.no'),
      });
      if (!ok) return;
      edit((c) => removeWidget(c, ref, widgetId));
      select(null);
    },
    [configuration, confirm, t, edit, select],
  );

  const editing = useMemo<DashboardEditing>(
    () => ({
      editor,
      copyWidget,
      pasteWidget,
      deleteWidget: (ref, id) => void deleteWidget(ref, id),
      editWidget: (id) => setConfigTarget({ mode: 'edit', widgetId: id }),
      copyReference,
      pasteReference,
      hasReference: () => copiedReference(dashboardId) !== null,
      openManager: setManager,
    }),
    [editor, copyWidget, pasteWidget, deleteWidget, copyReference, pasteReference, dashboardId],
  );

  // Shortcuts of edit mode (reference §5.3); ignored while typing in a field (spec 3). Every one is
  // listed by the cheat sheet (DASHBOARD_EDITOR_SHORTCUTS), which `?` shows and hides.
  const [shortcutsShown, setShortcutsShown] = useState(false);
  const selected = editor.selectedWidgetId;
  const { undo, redo } = editor;
  // While a widget's config editor is open they would act on the dashboard behind its draft.
  const configOpen = configTarget !== null;
  useEffect(() => {
    if (!active || !stateId || configOpen) return;
    const main: LayoutRef = { stateId, layoutId: 'main' };
    const right: LayoutRef = { stateId, layoutId: 'right' };
    // The selected widget's own layout: it may be in the right one.
    const at =
      selected && isJsonObject(configuration) && layoutHasWidget(configuration, right, selected)
        ? right
        : main;
    const onKeyDown = (event: KeyboardEvent) => {
      if (isTyping(event.target, true)) return;
      const control = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (control && key === 'z' && event.shiftKey) redo();
      else if (control && key === 'z') undo();
      else if (control && key === 'y') redo();
      else if (control && key === 'c' && selected) copyWidget(at, selected);
      else if (control && key === 'v' && copiedWidget()) pasteWidget(main);
      else if (control && key === 'r' && selected) copyReference(at, selected);
      else if (control && key === 'i' && copiedReference(dashboardId)) pasteReference(main);
      else if (key === 'delete' && selected) void deleteWidget(at, selected);
      else if (event.key === SHORTCUT_HELP_KEY && !control) setShortcutsShown((shown) => !shown);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [
    active,
    stateId,
    configOpen,
    configuration,
    selected,
    undo,
    redo,
    copyWidget,
    pasteWidget,
    deleteWidget,
    copyReference,
    pasteReference,
    dashboardId,
  ]);

  const importFile = async (file: File) => {
    if (!main) return;
    let item = null;
    try {
      item = parseWidgetItem(JSON.parse(await file.text()));
    } catch {
      item = null;
    }
    if (!item) {
      toasts.show({ message: t('dashboard-editor.invalid-widget-file'), type: 'error' });
      return;
    }
    const parsed = item;
    const id = newGuid();
    edit((c) => addWidgetItem(c, main, parsed, id, newGuid));
    select(id);
  };

  const add: AddWidgetActions = {
    openLibrary: () => setLibraryOpen(true),
    importWidget: () => fileInput.current?.click(),
  };

  return (
    <DashboardEditContext.Provider value={editing}>
      {children(add)}
      {active && shortcutsShown && (
        <ShortcutCheatSheet
          shortcuts={DASHBOARD_EDITOR_SHORTCUTS}
          testIds={{ sheet: editorSelectors.shortcuts, close: editorSelectors.shortcutsClose }}
          onClose={() => setShortcutsShown(false)}
          sx={{ position: 'fixed', top: 80, zIndex: 1300 }}
        />
      )}
      {active && (
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          hidden
          data-testid={editorSelectors.importWidgetInput}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void importFile(file);
          }}
        />
      )}
      {active && main && (
        <WidgetLibraryPanel
          open={libraryOpen}
          onClose={() => setLibraryOpen(false)}
          layoutRef={main}
          editor={editor}
          onPick={(widget) => setConfigTarget({ mode: 'add', widgetId: newGuid(), widget, layoutRef: main })}
        />
      )}
      {active && configTarget && (
        <Suspense fallback={null}>
          <WidgetConfigPanel
            key={configTarget.widgetId}
            editor={editor}
            target={configTarget}
            onClose={() => setConfigTarget(null)}
          />
        </Suspense>
      )}
      {active && stateId && manager && (
        <Suspense fallback={null}>
          <ManagerDialogs kind={manager} editor={editor} stateId={stateId} onClose={() => setManager(null)} />
        </Suspense>
      )}
      {confirmDialog}
      <ConflictDialog editor={editor} />
    </DashboardEditContext.Provider>
  );
}
