import { PUBLIC_CUSTOMER_TITLE } from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import type { Db } from '../../db/store.js';
import { badRequest } from '../../http/api-error.js';
import { type CustomerRow, CustomersRepo } from './repo.js';

/**
 * The tenant's public customer, created on first use (reference CustomerServiceImpl
 * findOrCreatePublicCustomer): title "Public", additionalInfo {"isPublic": true}. Entities made
 * public are assigned to it, and its id is the `publicId` of public logins. Pass the transaction
 * when called inside one. Safe under concurrent calls: one row wins the (tenant, title) key.
 */
export async function ensurePublicCustomer(db: Db, tenantId: string): Promise<CustomerRow> {
  const customers = new CustomersRepo(db);
  const existing = await customers.findPublic(tenantId);
  if (existing) return existing;
  const row: CustomerRow = {
    id: uuidv1(),
    createdTime: Date.now(),
    tenantId,
    title: PUBLIC_CUSTOMER_TITLE,
    additionalInfo: { isPublic: true },
    country: null,
    state: null,
    city: null,
    address: null,
    address2: null,
    zip: null,
    phone: null,
    email: null,
  };
  const inserted = await db
    .insertInto('customer')
    .values({ ...row, additionalInfo: JSON.stringify(row.additionalInfo) })
    .onConflict((oc) => oc.columns(['tenantId', 'title']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return row;
  const winner = await customers.findPublic(tenantId);
  if (winner) return winner;
  // Only possible when a non-public customer titled "Public" was written around the API.
  throw badRequest(`'${PUBLIC_CUSTOMER_TITLE}' title for customer is system reserved!`);
}
