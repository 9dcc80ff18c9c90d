import { isSystemWidgetsBundle, type WidgetsBundle } from '@meridian/common';
import FileDownload from '@mui/icons-material/FileDownload';
import FileUpload from '@mui/icons-material/FileUpload';
import Widgets from '@mui/icons-material/Widgets';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  deleteWidgetsBundle,
  getBundleWidgetTypesDetails,
  getWidgetsBundle,
  getWidgetsBundles,
  saveWidgetsBundle,
  widgetKeys,
} from '../../api/widgets';
import { useAuthState } from '../../app/services/useAuthState';
import { useServices } from '../../app/services/useServices';
import { downloadJson } from '../../components/entity-table/download';
import { useJsonFileImport } from '../../components/entity-table/json-import';
import type { EntityTableConfig } from '../../components/entity-table/types';
import { WidgetsBundleForm } from './WidgetsBundleForm';
import { widgetLibraryPath } from './widget-library-paths';
import { widgetLibrarySelectors as S } from './widget-library-selectors';
import { importWidgetsBundle } from './widgets-bundle-import';
import { exportedWidgetsBundle, exportFileName, parseImportedWidgetsBundle } from './widgets-bundle-json';
import {
  type WidgetsBundleValues,
  widgetsBundleOfValues,
  widgetsBundleValuesOf,
} from './widgets-bundle-values';

/**
 * The widgets bundles (reference console §3.13): the system ones and, for a tenant administrator,
 * the tenant's own. A tenant may only look at the system bundles: no selection, delete or edit.
 */
export function useWidgetsBundleTable(): {
  config: EntityTableConfig<WidgetsBundle, WidgetsBundleValues>;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const { http, toasts } = useServices();
  const { authUser } = useAuthState();
  const navigate = useNavigate();
  const sysAdmin = authUser?.authority === 'SYS_ADMIN';
  const { start: startImport, input: importInput } = useJsonFileImport({
    parse: parseImportedWidgetsBundle,
    save: (imported) => importWidgetsBundle(http, imported),
    invalidFile: () =>
      toasts.show({ message: t('widgets-bundle.invalid-widgets-bundle-file'), type: 'error' }),
    testId: S.bundles.importFile,
  });

  const config = useMemo((): EntityTableConfig<WidgetsBundle, WidgetsBundleValues> => {
    // A system administrator's bundles are all system ones; a tenant's own are the rest.
    const isOwn = (bundle: WidgetsBundle) => sysAdmin || !isSystemWidgetsBundle(bundle);
    return {
      testId: 'widgets-bundles',
      title: t('widgets-bundle.widgets-bundles'),
      entityName: (bundle) => bundle.title,
      noEntitiesText: t('widgets-bundle.no-widgets-bundles-text'),
      queryKey: widgetKeys.bundles,
      fetchPage: (pageLink, signal) => getWidgetsBundles(http, pageLink, { signal }),
      defaultSort: { property: 'title', direction: 'ASC' },
      columns: [
        { key: 'createdTime', label: t('entity.created-time'), kind: 'date', value: (b) => b.createdTime },
        { key: 'title', label: t('widgets-bundle.title'), value: (b) => b.title, namesRow: true },
        {
          key: 'tenantId',
          label: t('widgets-bundle.system'),
          kind: 'boolean',
          sortable: false,
          value: (b) => isSystemWidgetsBundle(b),
        },
      ],
      addDialogTitle: t('widgets-bundle.add'),
      addActions: [
        {
          id: 'import',
          label: t('widgets-bundle.import'),
          icon: <FileUpload fontSize="small" />,
          onAction: startImport,
        },
      ],
      rowActions: [
        {
          id: 'open',
          label: t('widgets-bundle.open-widgets-bundle'),
          icon: <Widgets fontSize="small" />,
          onAction: (bundle) => navigate(widgetLibraryPath(bundle.id.id)),
        },
        {
          id: 'export',
          label: t('widgets-bundle.export'),
          icon: <FileDownload fontSize="small" />,
          onAction: async (bundle) => {
            const types = await getBundleWidgetTypesDetails(
              http,
              isSystemWidgetsBundle(bundle),
              bundle.alias,
            );
            downloadJson(exportFileName(bundle.title), exportedWidgetsBundle(bundle, types));
          },
        },
      ],
      isSelectable: isOwn,
      delete: {
        isEnabled: isOwn,
        run: (bundle) => deleteWidgetsBundle(http, bundle.id.id),
        title: (bundle) => t('widgets-bundle.delete-title', { title: bundle.title }),
        message: t('widgets-bundle.delete-text'),
        bulkTitle: (count) => t('widgets-bundle.delete-widgets-bundles-title', { count }),
        bulkMessage: t('widgets-bundle.delete-widgets-bundles-text'),
      },
      details: {
        load: (bundleId, options) => getWidgetsBundle(http, bundleId, options),
        toValues: widgetsBundleValuesOf,
        save: (values, bundle) => saveWidgetsBundle(http, widgetsBundleOfValues(values, bundle)),
        render: (props) => <WidgetsBundleForm {...props} />,
        isReadonly: (bundle) => !isOwn(bundle),
        copyIdLabel: t('widgets-bundle.copy-id'),
      },
    };
  }, [t, http, navigate, sysAdmin, startImport]);

  return { config, dialogs: importInput };
}
