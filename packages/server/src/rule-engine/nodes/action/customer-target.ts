import type { ConfigSchema, JsonObject } from '@meridian/common';
import { type CustomerRow, CustomersRepo } from '../../../modules/customers/repo.js';
import { configInteger, configString } from '../../config.js';
import { integer, text } from '../../config-schema.js';
import type { RuleMsg } from '../../message.js';
import { RuleNodeConfigError, type RuleNodeContext } from '../../node.js';
import { createNamedEntity } from '../../services/entity-by-name.js';
import { processPattern } from '../../services/msg-pattern.js';

/** What the customer nodes share (reference TbAbstractCustomerActionNodeConfiguration). */
export interface CustomerTargetConfig {
  customerNamePattern: string;
  /** Seconds a title's customer is remembered; 0: looked up every time. */
  customerCacheExpiration: number;
}

export function configureCustomerTarget(raw: JsonObject): CustomerTargetConfig {
  const config = {
    customerNamePattern: configString(raw, 'customerNamePattern', ''),
    customerCacheExpiration: configInteger(raw, 'customerCacheExpiration', 300),
  };
  if (config.customerCacheExpiration < 0) {
    throw new RuleNodeConfigError("'customerCacheExpiration' must not be negative");
  }
  return config;
}

/**
 * Finds the tenant's customer whose title the message's pattern names, remembering titles for
 * `customerCacheExpiration` seconds; with `create`, a missing customer is created.
 */
export function customerFinder(config: CustomerTargetConfig, ctx: RuleNodeContext, create: boolean) {
  const { services, self } = ctx;
  const cache = new Map<string, { customer: CustomerRow; until: number }>();
  return async (msg: RuleMsg): Promise<CustomerRow> => {
    // A new node starts without a pattern (as in the reference); it fails messages until one is set.
    if (config.customerNamePattern.trim() === '') throw new Error("'customerNamePattern' is not set");
    const title = processPattern(config.customerNamePattern, msg);
    const now = services.now();
    const cached = cache.get(title);
    if (cached && cached.until > now) return cached.customer;
    const customers = new CustomersRepo(services.db);
    let customer = await customers.findByTitle(self.tenantId, title);
    if (!customer && create) {
      try {
        await createNamedEntity(services.db, self.tenantId, 'CUSTOMER', title);
      } catch (error) {
        // Created meanwhile by another message, or refused (limits): look once more.
        if (!(await customers.findByTitle(self.tenantId, title))) throw error;
      }
      customer = await customers.findByTitle(self.tenantId, title);
    }
    if (!customer) throw new Error(`No customer found with name '${title}'.`);
    if (config.customerCacheExpiration > 0) {
      cache.set(title, { customer, until: now + config.customerCacheExpiration * 1000 });
    }
    return customer;
  };
}

/** What the assign and unassign customer nodes' forms share. */
export const CUSTOMER_TARGET_PROPERTIES: Record<string, ConfigSchema> = {
  customerNamePattern: text('Customer name pattern'),
  customerCacheExpiration: integer('Customers cache expiration time (sec)', { minimum: 0 }),
};
