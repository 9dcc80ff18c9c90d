import type { WidgetType } from '@meridian/common';

/** Routes of the widget library (reference console §3.13); the editor routes are the widget editor's. */
export const WIDGETS_BUNDLES_PATH = '/widgets-bundles';

const id = encodeURIComponent;

/** The widget library page of a bundle: its widget types as previews. */
export const widgetLibraryPath = (widgetsBundleId: string) =>
  `${WIDGETS_BUNDLES_PATH}/${id(widgetsBundleId)}/widgetTypes`;

/** The widget editor of a stored widget type. */
export const widgetTypeEditorPath = (widgetsBundleId: string, widgetTypeId: string) =>
  `${widgetLibraryPath(widgetsBundleId)}/${id(widgetTypeId)}`;

/** The widget editor of a new widget type of a kind, to be saved into the bundle. */
export const newWidgetTypePath = (widgetsBundleId: string, kind: WidgetType) =>
  `${widgetLibraryPath(widgetsBundleId)}/add/${kind}`;
