import { nodeConfigSchema } from '../../config-schema.js';
import { defineNode } from '../../node.js';
import { RuleCustomerAssignment } from '../../services/customer-assignment.js';
import {
  CUSTOMER_TARGET_PROPERTIES,
  type CustomerTargetConfig,
  configureCustomerTarget,
  customerFinder,
} from './customer-target.js';

/**
 * Unassigns the originator from the customer the message's name pattern names (reference
 * TbUnassignFromCustomerNode): a dashboard leaves that customer's list; a device, asset or entity
 * view is left with no customer, as in the reference.
 */
export const unassignFromCustomerNode = defineNode<CustomerTargetConfig>({
  clazz: 'org.thingsboard.rule.engine.action.TbUnassignFromCustomerNode',
  type: 'ACTION',
  name: 'unassign from customer',
  description: 'Unassign Message Originator Entity from Customer',
  details:
    'Finds target Entity Customer by Customer name pattern and then unassign Originator Entity from this customer.',
  relationTypes: ['Success'],
  configDirective: 'tbActionNodeUnAssignToCustomerConfig',
  defaultConfiguration: { customerNamePattern: '', customerCacheExpiration: 300 },
  configurationSchema: nodeConfigSchema(CUSTOMER_TARGET_PROPERTIES, ['customerNamePattern']),
  configure: configureCustomerTarget,
  create(config, ctx) {
    const findCustomer = customerFinder(config, ctx, false);
    const assignment = new RuleCustomerAssignment(ctx.services.db, ctx.services.deviceEvents);
    return {
      async onMsg(msg) {
        const customer = await findCustomer(msg);
        await assignment.unassign(ctx.self.tenantId, msg.originator, customer);
        return { msg, relations: ['Success'] };
      },
    };
  },
});
