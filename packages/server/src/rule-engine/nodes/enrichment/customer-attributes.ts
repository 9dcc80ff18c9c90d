import { changeMsg } from '../../message.js';
import { defineNode } from '../../node.js';
import { TenantEntities } from '../../services/tenant-entities.js';
import {
  configMappedAttributes,
  MAPPED_ATTRIBUTES_SCHEMA,
  metadataWithMappedAttributes,
} from './mapped-attributes.js';

export const customerAttributesNode = defineNode({
  clazz: 'org.thingsboard.rule.engine.metadata.TbGetCustomerAttributeNode',
  type: 'ENRICHMENT',
  name: 'customer attributes',
  description: 'Add Originators Customer Attributes or Latest Telemetry into Message Metadata',
  details:
    'Finds the customer of the originator (a customer, user, asset or device) and adds its mapped ' +
    'server attributes, or latest telemetry, to the metadata. The message goes to ' +
    '<code>Failure</code> when the originator has no customer.',
  relationTypes: ['Success'],
  configDirective: 'tbEnrichmentNodeCustomerAttributesConfig',
  defaultConfiguration: { attrMapping: { temperature: 'tempo' }, telemetry: false },
  configurationSchema: MAPPED_ATTRIBUTES_SCHEMA,
  configure: configMappedAttributes,
  create(config, ctx) {
    const entities = TenantEntities.of(ctx);
    return {
      async onMsg(msg) {
        const customerId = await entities.customerOf(msg.originator);
        if (!customerId) throw new Error('Failed to find the customer of the originator!');
        const metadata = await metadataWithMappedAttributes(
          ctx.services.telemetry,
          { entityType: 'CUSTOMER', id: customerId },
          config,
          msg,
        );
        return { msg: changeMsg(msg, { metadata }), relations: ['Success'] };
      },
    };
  },
});
