import type { WidgetType, WidgetTypeDescriptor } from '@meridian/common';

/** What the widget editor edits: the type's name, picture, description and descriptor. */
export interface WidgetDraft {
  name: string;
  image: string | null;
  description: string | null;
  descriptor: WidgetTypeDescriptor;
}

export interface DraftResource {
  url: string;
  isModule?: boolean;
}

export const resourcesOf = (descriptor: WidgetTypeDescriptor): DraftResource[] =>
  (descriptor.resources ?? []) as DraftResource[];

export const withDescriptor = (draft: WidgetDraft, change: Partial<WidgetTypeDescriptor>): WidgetDraft => ({
  ...draft,
  descriptor: { ...draft.descriptor, ...change },
});

export const withKind = (draft: WidgetDraft, kind: WidgetType): WidgetDraft =>
  withDescriptor(draft, { type: kind });

/**
 * The error of a settings schema text, or null when it is fine to save: empty, or JSON of an
 * object (the reference's `{schema, form}`), as the reference's editor checks it before saving.
 */
export function schemaError(text: string | undefined): string | null {
  if (!text?.trim()) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not an object';
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The schema fields of a draft that would not save, with their errors. */
export function draftErrors(draft: WidgetDraft): { settingsSchema?: string; dataKeySettingsSchema?: string } {
  const settings = schemaError(draft.descriptor.settingsSchema);
  const dataKeySettings = schemaError(draft.descriptor.dataKeySettingsSchema);
  return {
    ...(settings ? { settingsSchema: settings } : {}),
    ...(dataKeySettings ? { dataKeySettingsSchema: dataKeySettings } : {}),
  };
}
