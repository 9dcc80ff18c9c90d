import { usePageSearchText } from '../../app/search/usePageSearchText';
import { EntityTable } from '../../components/entity-table/EntityTable';
import { useWidgetsBundleTable } from './widgets-bundle-table';

/** /widgets-bundles: the widgets bundles; /widgets-bundles/:id/widgetTypes is a bundle's widget library. */
export function WidgetsBundlesPage() {
  const searchText = usePageSearchText();
  const { config, dialogs } = useWidgetsBundleTable();
  return (
    <>
      <EntityTable config={config} searchText={searchText} />
      {dialogs}
    </>
  );
}
