import { type AssetInfo, jsonObjectOrEmpty, NULL_UUID } from '@meridian/common';
import type { AssetDraft } from '../../api/assets';

/** Values of the asset form (reference console §3.5 "Form"). */
export interface AssetValues {
  name: string;
  type: string;
  label: string;
  description: string;
}

/** Longest asset name, type and label the form accepts. */
export const ASSET_TEXT_MAX_LENGTH = 255;

export function isAssetAssigned(asset: Pick<AssetInfo, 'customerId'>): boolean {
  return asset.customerId !== null && asset.customerId.id !== NULL_UUID;
}

export function assetValuesOf(asset: AssetInfo | null): AssetValues {
  const description = asset?.additionalInfo?.description;
  return {
    name: asset?.name ?? '',
    type: asset?.type ?? '',
    label: asset?.label ?? '',
    description: typeof description === 'string' ? description : '',
  };
}

/** The asset to save: the stored one (if any) with the form's changes; list-only fields are dropped. */
export function assetOfValues(values: AssetValues, asset: AssetInfo | null): AssetDraft {
  const stored: Partial<AssetInfo> = { ...(asset ?? {}) };
  delete stored.customerTitle;
  delete stored.customerIsPublic;
  const label = values.label.trim();
  return {
    ...stored,
    name: values.name.trim(),
    type: values.type.trim(),
    label: label.length > 0 ? label : null,
    additionalInfo: { ...jsonObjectOrEmpty(asset?.additionalInfo), description: values.description },
  };
}
