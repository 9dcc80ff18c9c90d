import type { Customer, CustomerAdditionalInfo, CustomerTitleInfo } from '@meridian/common';
import { type CustomerRow, isPublicCustomer } from './repo.js';

/** The reference's Customer JSON; `name` is the title. */
export function customerToWire(row: CustomerRow): Customer {
  return {
    id: { entityType: 'CUSTOMER', id: row.id },
    createdTime: row.createdTime,
    additionalInfo: (row.additionalInfo ?? null) as CustomerAdditionalInfo | null,
    country: row.country,
    state: row.state,
    city: row.city,
    address: row.address,
    address2: row.address2,
    zip: row.zip,
    phone: row.phone,
    email: row.email,
    title: row.title,
    tenantId: { entityType: 'TENANT', id: row.tenantId },
    name: row.title,
  };
}

/** `GET /api/customer/{id}/shortInfo`. */
export function customerShortInfoToWire(row: CustomerRow): CustomerTitleInfo {
  return { title: row.title, isPublic: isPublicCustomer(row) };
}
