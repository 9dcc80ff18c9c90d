import { defineNode } from '../../node.js';
import { TenantEntities } from '../../services/tenant-entities.js';
import {
  configEntityDetails,
  DEFAULT_ENTITY_DETAILS,
  ENTITY_DETAILS_SCHEMA,
  type EntityDetailsConfig,
  msgWithDetails,
} from './entity-details.js';

/** How the reference names each originator type in its "not assigned" error. */
const TYPE_NAME: Record<string, string> = {
  DEVICE: 'Device',
  ASSET: 'Asset',
  ENTITY_VIEW: 'EntityView',
  USER: 'User',
};

export const customerDetailsNode = defineNode<EntityDetailsConfig>({
  clazz: 'org.thingsboard.rule.engine.metadata.TbGetCustomerDetailsNode',
  type: 'ENRICHMENT',
  name: 'customer details',
  description: 'Adds fields from Customer details to the message body or metadata',
  details:
    'Adds the selected details of the customer the originator (a device, asset, entity view or user) is ' +
    'assigned to, each as <code>customer_&lt;field&gt;</code>, to the message data or, when "add to ' +
    'metadata" is on, to the metadata. The message goes to <code>Failure</code> when the originator ' +
    'is not assigned to a customer.',
  relationTypes: ['Success'],
  configDirective: 'tbEnrichmentNodeEntityDetailsConfig',
  defaultConfiguration: DEFAULT_ENTITY_DETAILS,
  configurationSchema: ENTITY_DETAILS_SCHEMA,
  configure: configEntityDetails,
  create(config, ctx) {
    const entities = TenantEntities.of(ctx);
    return {
      async onMsg(msg) {
        const typeName = TYPE_NAME[msg.originator.entityType];
        if (!typeName)
          throw new Error(`Entity with entityType '${msg.originator.entityType}' is not supported.`);
        const entity = await entities.nameAndCustomer(msg.originator);
        if (!entity) throw new Error(`${typeName} with id '${msg.originator.id}' was not found.`);
        const customer = entity.customerId ? await entities.customerDetails(entity.customerId) : undefined;
        if (!customer) throw new Error(`${typeName} with name '${entity.name}' is not assigned to Customer.`);
        return { msg: msgWithDetails(msg, customer, config, 'customer_'), relations: ['Success'] };
      },
    };
  },
});
