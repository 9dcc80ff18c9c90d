import type { WidgetsBundle } from '@meridian/common';
import type { WidgetsBundleDraft } from '../../api/widgets';

/** Values of the widgets bundle form (reference console §3.13 "Form"): Title*, Image, Description. */
export interface WidgetsBundleValues {
  title: string;
  image: string | null;
  description: string;
}

/** Longest title and description the server stores. */
export const WIDGETS_BUNDLE_TITLE_MAX_LENGTH = 255;
export const WIDGETS_BUNDLE_DESCRIPTION_MAX_LENGTH = 255;

export function widgetsBundleValuesOf(bundle: WidgetsBundle | null): WidgetsBundleValues {
  return {
    title: bundle?.title ?? '',
    image: bundle?.image ?? null,
    description: bundle?.description ?? '',
  };
}

/** The bundle to save: the stored one (if any) with the form's changes; its alias never changes. */
export function widgetsBundleOfValues(
  values: WidgetsBundleValues,
  bundle: WidgetsBundle | null,
): WidgetsBundleDraft {
  return {
    ...(bundle ? { id: bundle.id, alias: bundle.alias } : {}),
    title: values.title.trim(),
    image: values.image,
    description: values.description.trim() === '' ? null : values.description,
  };
}
