import {
  isJsonObject,
  WIDGET_TYPES,
  type WidgetsBundle,
  type WidgetTypeDescriptor,
  type WidgetTypeDetails,
} from '@meridian/common';
import type { WidgetsBundleDraft, WidgetTypeDraft } from '../../api/widgets';

/**
 * The reference console's export files of widgets (its import-export service): a widget type file
 * is the type's details without id, creation time, tenant and bundle alias; a bundle file is
 * `{widgetsBundle, widgetTypes}`, the bundle and its types without ids, times and tenants. Files
 * written here read back in the reference and the other way round.
 */
export interface ExportedWidgetsBundle {
  widgetsBundle: Omit<WidgetsBundleDraft, 'id'>;
  widgetTypes: ExportedWidgetType[];
}

export type ExportedWidgetType = Omit<WidgetTypeDraft, 'id' | 'bundleAlias'> & { bundleAlias?: string };

/** What the server keeps for itself and an export leaves out, as the reference's `prepareExport`. */
function withoutServerFields<T extends object>(value: T): Omit<T, 'id' | 'createdTime' | 'tenantId'> {
  const {
    id: _id,
    createdTime: _createdTime,
    tenantId: _tenantId,
    ...rest
  } = value as T & {
    id?: unknown;
    createdTime?: unknown;
    tenantId?: unknown;
  };
  return rest;
}

/** The export file of one widget type. */
export function exportedWidgetType(type: WidgetTypeDetails): ExportedWidgetType {
  const { bundleAlias: _bundleAlias, ...rest } = withoutServerFields(type);
  return rest;
}

/** The export file of a bundle with its types, oldest type first as the reference writes them. */
export function exportedWidgetsBundle(
  bundle: WidgetsBundle,
  types: readonly WidgetTypeDetails[],
): ExportedWidgetsBundle {
  const ordered = [...types].sort((a, b) => a.createdTime - b.createdTime);
  return { widgetsBundle: withoutServerFields(bundle), widgetTypes: ordered.map(withoutServerFields) };
}

/** File name of an export: the name lower case, each character other than a letter, digit or `_` as `_`. */
export function exportFileName(name: string): string {
  const base = name.toLowerCase().replace(/\W/g, '_');
  return `${base.length > 0 ? base : 'widgets'}.json`;
}

const optionalText = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const isFilledText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * A widget type of a file, or null when it is not one: it needs a name and a descriptor object of
 * a known kind (time series, latest values, control, alarm or static).
 */
export function widgetTypeOfJson(value: unknown): ExportedWidgetType | null {
  if (!isJsonObject(value) || !isFilledText(value.name) || !isJsonObject(value.descriptor)) return null;
  const descriptor = value.descriptor as unknown as WidgetTypeDescriptor;
  if (!(WIDGET_TYPES as readonly unknown[]).includes(descriptor.type)) return null;
  return {
    ...(isFilledText(value.alias) ? { alias: value.alias } : {}),
    name: value.name,
    image: optionalText(value.image),
    description: optionalText(value.description),
    descriptor,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The widget type of an export file's text, or null when the text is not one. */
export function parseImportedWidgetType(text: string): ExportedWidgetType | null {
  return widgetTypeOfJson(parseJson(text));
}

/**
 * The bundle and types of an export file's text, or null when the text is not one: a bundle with a
 * title and a list of widget types that are all valid. Nothing is imported from a partly broken file.
 */
export function parseImportedWidgetsBundle(text: string): ExportedWidgetsBundle | null {
  const parsed = parseJson(text);
  if (!isJsonObject(parsed) || !isJsonObject(parsed.widgetsBundle) || !Array.isArray(parsed.widgetTypes)) {
    return null;
  }
  const bundle = parsed.widgetsBundle;
  if (!isFilledText(bundle.title)) return null;
  const widgetTypes = parsed.widgetTypes.map(widgetTypeOfJson);
  if (widgetTypes.some((type) => type === null)) return null;
  return {
    widgetsBundle: {
      ...(isFilledText(bundle.alias) ? { alias: bundle.alias } : {}),
      title: bundle.title,
      image: optionalText(bundle.image),
      description: optionalText(bundle.description),
    },
    widgetTypes: widgetTypes as ExportedWidgetType[],
  };
}

/** The type to save into the bundle with this alias: new (no id), in that bundle. */
export function widgetTypeToSave(type: ExportedWidgetType, bundleAlias: string): WidgetTypeDraft {
  return { ...type, bundleAlias };
}
