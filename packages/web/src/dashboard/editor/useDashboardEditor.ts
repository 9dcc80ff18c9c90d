import { type Dashboard, ErrorCode, type JsonObject, type JsonValue } from '@meridian/common';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardRuntimeKeys } from '../../api/dashboard-runtime';
import { dashboardKeys, getDashboard } from '../../api/dashboards';
import { HttpError } from '../../app/http/http-error';
import { useLeaveGuard } from '../../app/routes/leave-guard';
import { useServices } from '../../app/services/useServices';
import {
  type History,
  isDirty,
  pushHistory,
  redoHistory,
  startHistory,
  undoHistory,
} from '../../components/editing/history';
import { editableConfiguration } from './config-edit';

/** The edit session of the open dashboard (reference console §5.3). */
export interface DashboardEditor {
  editing: boolean;
  /** The configuration the dashboard shows: the edited one in edit mode. */
  configuration: JsonValue | null;
  canUndo: boolean;
  canRedo: boolean;
  dirty: boolean;
  saving: boolean;
  /** Someone else saved the dashboard since it was loaded: Apply was refused. */
  conflict: boolean;
  /** The widget the keyboard shortcuts act on. */
  selectedWidgetId: string | null;
  start(): void;
  /**
   * Shows the configuration as `change` would make it without recording an edit (the widget
   * config editor's live preview before Apply); null shows the edited configuration again.
   */
  preview(change: ((configuration: JsonObject) => JsonObject) | null): void;
  edit(change: (configuration: JsonObject) => JsonObject): void;
  undo(): void;
  redo(): void;
  select(widgetId: string | null): void;
  /** Leaves edit mode, dropping the changes: the loaded dashboard shows again. */
  decline(): void;
  apply(): Promise<void>;
  /** After a conflict: show what the other user saved; these changes are lost. */
  reload(): Promise<void>;
  /** After a conflict: save these changes over what the other user saved. */
  overwrite(): Promise<void>;
  dismissConflict(): void;
}

/**
 * Edit mode of a dashboard: the edited configuration with undo and redo, Apply (a save carrying
 * the loaded `version`, so a concurrent save is refused instead of lost) and Decline, and the
 * question before leaving with changes not applied.
 */
export function useDashboardEditor(dashboard: Dashboard): DashboardEditor {
  const { t } = useTranslation();
  const { http, toasts } = useServices();
  const queryClient = useQueryClient();
  // The session belongs to the dashboard it was started on: another dashboard opened in this
  // viewer (a link, the dashboards select) is shown as it is saved, not in edit mode.
  const [session, setSession] = useState<{ dashboardId: string; history: History<JsonObject> } | null>(null);
  const history = session?.dashboardId === dashboard.id.id ? session.history : null;
  const dashboardId = dashboard.id.id;
  useEffect(() => {
    setSession((current) => (current && current.dashboardId !== dashboardId ? null : current));
  }, [dashboardId]);
  const update = useCallback(
    (change: (history: History<JsonObject>) => History<JsonObject>) =>
      setSession((current) => (current ? { ...current, history: change(current.history) } : current)),
    [],
  );
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [selectedWidgetId, select] = useState<string | null>(null);
  const [previewChange, setPreviewChange] = useState<{
    change: (configuration: JsonObject) => JsonObject;
  } | null>(null);
  const editing = history !== null;
  const dirty = history !== null && isDirty(history);

  useLeaveGuard(
    dirty
      ? {
          title: t('dashboard-editor.unsaved-title'),
          message: t('dashboard-editor.unsaved-text'),
          okLabel: t('dashboard-editor.leave'),
          cancelLabel: t('action.cancel'),
        }
      : null,
  );

  const stop = useCallback(() => {
    setSession(null);
    select(null);
    setPreviewChange(null);
    setConflict(false);
  }, []);

  /** The saved dashboard becomes the loaded one, for this page and for the lists. */
  const showSaved = useCallback(
    (saved: Dashboard) => {
      queryClient.setQueryData(dashboardRuntimeKeys.dashboard(saved.id.id), saved);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
    [queryClient],
  );

  const save = useCallback(
    async (configuration: JsonObject, version: number | undefined) => {
      setSaving(true);
      try {
        const saved: Dashboard = await http.post(
          '/api/dashboard',
          { ...dashboard, configuration, version },
          { ignoreErrors: true },
        );
        showSaved(saved);
        stop();
      } catch (error) {
        if (error instanceof HttpError && error.errorCode === ErrorCode.VERSION_CONFLICT) {
          setConflict(true);
        } else {
          toasts.show({ message: error instanceof Error ? error.message : String(error), type: 'error' });
        }
      } finally {
        setSaving(false);
      }
    },
    [http, dashboard, showSaved, stop, toasts],
  );

  const present = history?.present;
  const apply = useCallback(async () => {
    if (present) await save(present, dashboard.version);
  }, [present, save, dashboard.version]);

  const overwrite = useCallback(async () => {
    if (!present) return;
    setConflict(false);
    try {
      const current = await getDashboard(http, dashboard.id.id);
      await save(present, current.version);
    } catch {
      // The HTTP client shows why the dashboard could not be read.
    }
  }, [present, http, dashboard.id.id, save]);

  const reload = useCallback(async () => {
    stop();
    await queryClient.invalidateQueries({ queryKey: dashboardRuntimeKeys.dashboard(dashboard.id.id) });
    // The home page reads the dashboard through its own query.
    await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
  }, [stop, queryClient, dashboard.id.id]);

  const start = useCallback(
    () =>
      setSession({
        dashboardId: dashboard.id.id,
        history: startHistory(editableConfiguration(dashboard.configuration, dashboard.title)),
      }),
    [dashboard.id.id, dashboard.configuration, dashboard.title],
  );
  const edit = useCallback(
    (change: (configuration: JsonObject) => JsonObject) => {
      update((h) => pushHistory(h, change(h.present)));
    },
    [update],
  );
  const undo = useCallback(() => update(undoHistory), [update]);
  const redo = useCallback(() => update(redoHistory), [update]);
  const dismissConflict = useCallback(() => setConflict(false), []);
  const preview = useCallback(
    (change: ((configuration: JsonObject) => JsonObject) | null) =>
      setPreviewChange(change ? { change } : null),
    [],
  );
  const shown = useMemo(
    () => (present && previewChange ? previewChange.change(present) : present),
    [present, previewChange],
  );

  return useMemo(
    () => ({
      editing,
      configuration: shown ?? dashboard.configuration,
      canUndo: (history?.past.length ?? 0) > 0,
      canRedo: (history?.future.length ?? 0) > 0,
      dirty,
      saving,
      conflict,
      selectedWidgetId,
      start,
      preview,
      edit,
      undo,
      redo,
      select,
      decline: stop,
      apply,
      reload,
      overwrite,
      dismissConflict,
    }),
    [
      editing,
      shown,
      dashboard.configuration,
      history,
      dirty,
      saving,
      conflict,
      selectedWidgetId,
      start,
      preview,
      edit,
      undo,
      redo,
      stop,
      apply,
      reload,
      overwrite,
      dismissConflict,
    ],
  );
}
