import type { WidgetsBundle } from '@meridian/common';
import { deleteWidgetsBundle, saveWidgetsBundle, saveWidgetType } from '../../api/widgets';
import type { HttpClient } from '../../app/http/http-client';
import { type ExportedWidgetsBundle, widgetTypeToSave } from './widgets-bundle-json';

/**
 * Imports a bundle file as a new bundle of the user: the bundle first (the server picks a free
 * alias if the file's is taken), then its types into it. If a type is refused, the bundle is
 * deleted again, which takes the types already saved with it: an import creates all or nothing.
 */
export async function importWidgetsBundle(
  http: HttpClient,
  imported: ExportedWidgetsBundle,
): Promise<WidgetsBundle> {
  const bundle = await saveWidgetsBundle(http, imported.widgetsBundle);
  try {
    for (const type of imported.widgetTypes) {
      await saveWidgetType(http, widgetTypeToSave(type, bundle.alias));
    }
  } catch (error) {
    await deleteWidgetsBundle(http, bundle.id.id).catch(() => undefined);
    throw error;
  }
  return bundle;
}
