import { type EntityViewInfo, jsonObjectOrEmpty, NULL_UUID } from '@meridian/common';
import type { EntityViewDraft } from '../../api/entity-views';
import type { PickerOption } from '../../components/entity-table/EntityAutocomplete';
import { fromDateTimeInput, toDateTimeInput } from '../../i18n/date-time';

/** The entity types an entity view can look at. */
export type TargetType = 'DEVICE' | 'ASSET';
export const TARGET_TYPES: readonly TargetType[] = ['DEVICE', 'ASSET'];

/** Values of the entity view form (reference console §3.9 "Form"). */
export interface EntityViewValues {
  name: string;
  type: string;
  targetType: TargetType;
  /** The device or asset; its label may be '' until the entity's name is loaded. */
  target: PickerOption | null;
  /** `datetime-local` text in the browser's time zone; '' for no bound. */
  startTime: string;
  endTime: string;
  clientAttributes: string[];
  sharedAttributes: string[];
  serverAttributes: string[];
  timeseries: string[];
  description: string;
}

/** Longest entity view name the form accepts. */
export const ENTITY_VIEW_NAME_MAX_LENGTH = 255;

export function isEntityViewAssigned(view: Pick<EntityViewInfo, 'customerId'>): boolean {
  return view.customerId !== null && view.customerId.id !== NULL_UUID;
}

/** Epoch ms as `datetime-local` text (local time, to the second); 0 (unbounded) gives ''. */
export function toLocalDateTime(ms: number): string {
  if (!ms) {
    return '';
  }
  return toDateTimeInput(ms, 'seconds');
}

/** `datetime-local` text as epoch ms; '' or unreadable text gives 0 (unbounded). */
export function fromLocalDateTime(text: string): number {
  return fromDateTimeInput(text) ?? 0;
}

export function entityViewValuesOf(view: EntityViewInfo | null): EntityViewValues {
  const description = view?.additionalInfo?.description;
  const attributes = view?.keys?.attributes;
  return {
    name: view?.name ?? '',
    type: view?.type ?? '',
    targetType: view?.entityId.entityType ?? 'DEVICE',
    target: view ? { id: view.entityId.id, label: '' } : null,
    startTime: toLocalDateTime(view?.startTimeMs ?? 0),
    endTime: toLocalDateTime(view?.endTimeMs ?? 0),
    clientAttributes: [...(attributes?.cs ?? [])],
    sharedAttributes: [...(attributes?.sh ?? [])],
    serverAttributes: [...(attributes?.ss ?? [])],
    timeseries: [...(view?.keys?.timeseries ?? [])],
    description: typeof description === 'string' ? description : '',
  };
}

/** The entity view to save: the stored one (if any) with the form's changes; list-only fields dropped. */
export function entityViewOfValues(values: EntityViewValues, view: EntityViewInfo | null): EntityViewDraft {
  const stored: Partial<EntityViewInfo> = { ...(view ?? {}) };
  delete stored.customerTitle;
  delete stored.customerIsPublic;
  return {
    ...stored,
    name: values.name.trim(),
    type: values.type.trim(),
    entityId: { entityType: values.targetType, id: values.target?.id ?? '' },
    keys: {
      timeseries: values.timeseries,
      attributes: { cs: values.clientAttributes, ss: values.serverAttributes, sh: values.sharedAttributes },
    },
    startTimeMs: fromLocalDateTime(values.startTime),
    endTimeMs: fromLocalDateTime(values.endTime),
    additionalInfo: { ...jsonObjectOrEmpty(view?.additionalInfo), description: values.description },
  };
}
