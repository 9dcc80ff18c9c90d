import { configBoolean } from '../../config.js';
import { flag, nodeConfigSchema } from '../../config-schema.js';
import { defineNode } from '../../node.js';
import { RuleCustomerAssignment } from '../../services/customer-assignment.js';
import {
  CUSTOMER_TARGET_PROPERTIES,
  type CustomerTargetConfig,
  configureCustomerTarget,
  customerFinder,
} from './customer-target.js';

export interface AssignToCustomerConfig extends CustomerTargetConfig {
  createCustomerIfNotExists: boolean;
}

/**
 * Assigns the originator (device, asset, entity view or dashboard) to the customer the message's
 * name pattern names, creating the customer when allowed (reference TbAssignToCustomerNode).
 */
export const assignToCustomerNode = defineNode<AssignToCustomerConfig>({
  clazz: 'org.thingsboard.rule.engine.action.TbAssignToCustomerNode',
  type: 'ACTION',
  name: 'assign to customer',
  description: 'Assign Message Originator Entity to Customer',
  details:
    'Finds target Customer by customer name pattern and then assign Originator Entity to this customer. ' +
    "Will create new Customer if it doesn't exists and 'Create new Customer if not exists' is set to true.",
  relationTypes: ['Success'],
  configDirective: 'tbActionNodeAssignToCustomerConfig',
  defaultConfiguration: {
    customerNamePattern: '',
    createCustomerIfNotExists: false,
    customerCacheExpiration: 300,
  },
  configurationSchema: nodeConfigSchema(
    {
      ...CUSTOMER_TARGET_PROPERTIES,
      createCustomerIfNotExists: flag('Create new customer if not exists'),
    },
    ['customerNamePattern'],
  ),
  configure(raw) {
    return {
      ...configureCustomerTarget(raw),
      createCustomerIfNotExists: configBoolean(raw, 'createCustomerIfNotExists', false),
    };
  },
  create(config, ctx) {
    const findCustomer = customerFinder(config, ctx, config.createCustomerIfNotExists);
    const assignment = new RuleCustomerAssignment(ctx.services.db, ctx.services.deviceEvents);
    return {
      async onMsg(msg) {
        const customer = await findCustomer(msg);
        await assignment.assign(ctx.self.tenantId, msg.originator, customer);
        return { msg, relations: ['Success'] };
      },
    };
  },
});
