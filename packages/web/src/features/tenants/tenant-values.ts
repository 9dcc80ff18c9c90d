import { jsonObjectOrEmpty, type Tenant, type TenantInfo } from '@meridian/common';
import type { TenantDraft } from '../../api/tenants';
import {
  type ContactValues,
  contactOfValues,
  contactValuesOf,
} from '../../components/entity-table/ContactFields';
import type { PickerOption } from '../../components/entity-table/EntityAutocomplete';

/** Longest tenant title the form accepts (reference: "less than 256"). */
export const TENANT_TITLE_MAX_LENGTH = 255;

/** Values of the tenant form (reference console §3.1 "Form"). */
export interface TenantValues extends ContactValues {
  title: string;
  /** The tenant profile; a new tenant starts with the default one once it has loaded. */
  tenantProfile: PickerOption | null;
  description: string;
}

export function tenantValuesOf(tenant: Tenant | TenantInfo | null): TenantValues {
  const info = tenant?.additionalInfo ?? {};
  const profileName = tenant && 'tenantProfileName' in tenant ? tenant.tenantProfileName : null;
  return {
    title: tenant?.title ?? '',
    tenantProfile: tenant?.tenantProfileId
      ? { id: tenant.tenantProfileId.id, label: profileName ?? tenant.tenantProfileId.id }
      : null,
    description: typeof info.description === 'string' ? info.description : '',
    ...contactValuesOf(tenant),
  };
}

/** The tenant to save: the stored one (if any) with the form's changes; other fields are kept. */
export function tenantOfValues(values: TenantValues, tenant: Tenant | TenantInfo | null): TenantDraft {
  const { title, tenantProfile, description, ...contact } = values;
  const stored: Partial<TenantInfo> = { ...(tenant ?? {}) };
  // The profile name is a read-only list column, not a tenant field.
  delete stored.tenantProfileName;
  const draft: TenantDraft = {
    ...stored,
    title: title.trim(),
    ...contactOfValues(contact),
    additionalInfo: { ...jsonObjectOrEmpty(tenant?.additionalInfo), description },
  };
  if (tenantProfile) {
    draft.tenantProfileId = { entityType: 'TENANT_PROFILE', id: tenantProfile.id };
  }
  return draft;
}
