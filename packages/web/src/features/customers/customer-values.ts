import { type Customer, jsonObjectOrEmpty } from '@meridian/common';
import type { CustomerDraft } from '../../api/customers';
import {
  type ContactValues,
  contactOfValues,
  contactValuesOf,
} from '../../components/entity-table/ContactFields';

/** Values of the customer form (reference console §3.4 "Form"). */
export interface CustomerValues extends ContactValues {
  title: string;
  description: string;
  homeDashboardId: string | null;
  homeDashboardHideToolbar: boolean;
}

/** The customer the reference creates for public access (`additionalInfo.isPublic`). */
export function isPublicCustomer(customer: Pick<Customer, 'additionalInfo'> | null | undefined): boolean {
  return customer?.additionalInfo?.isPublic === true;
}

export function customerValuesOf(customer: Customer | null): CustomerValues {
  const info = customer?.additionalInfo ?? {};
  return {
    title: customer?.title ?? '',
    description: typeof info.description === 'string' ? info.description : '',
    homeDashboardId: typeof info.homeDashboardId === 'string' ? info.homeDashboardId : null,
    homeDashboardHideToolbar: info.homeDashboardHideToolbar === true,
    ...contactValuesOf(customer),
  };
}

/** The customer to save: the stored one (if any) with the form's changes; other fields are kept. */
export function customerOfValues(values: CustomerValues, customer: Customer | null): CustomerDraft {
  const { title, description, homeDashboardId, homeDashboardHideToolbar, ...contact } = values;
  const draft: CustomerDraft = {
    ...(customer ?? {}),
    title: title.trim(),
    ...contactOfValues(contact),
    additionalInfo: {
      ...jsonObjectOrEmpty(customer?.additionalInfo),
      description,
      homeDashboardId: homeDashboardId ?? undefined,
      homeDashboardHideToolbar,
    },
  };
  return draft;
}
