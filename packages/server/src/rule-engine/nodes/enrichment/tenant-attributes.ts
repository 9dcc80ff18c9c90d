import { changeMsg } from '../../message.js';
import { defineNode } from '../../node.js';
import {
  configMappedAttributes,
  MAPPED_ATTRIBUTES_SCHEMA,
  metadataWithMappedAttributes,
} from './mapped-attributes.js';

export const tenantAttributesNode = defineNode({
  clazz: 'org.thingsboard.rule.engine.metadata.TbGetTenantAttributeNode',
  type: 'ENRICHMENT',
  name: 'tenant attributes',
  description: 'Add Originators Tenant Attributes or Latest Telemetry into Message Metadata',
  details: 'Adds the mapped server attributes, or latest telemetry, of the current tenant to the metadata.',
  relationTypes: ['Success'],
  configDirective: 'tbEnrichmentNodeTenantAttributesConfig',
  defaultConfiguration: { attrMapping: { temperature: 'tempo' }, telemetry: false },
  configurationSchema: MAPPED_ATTRIBUTES_SCHEMA,
  configure: configMappedAttributes,
  create: (config, ctx) => ({
    async onMsg(msg) {
      const tenant = { entityType: 'TENANT' as const, id: ctx.self.tenantId };
      const metadata = await metadataWithMappedAttributes(ctx.services.telemetry, tenant, config, msg);
      return { msg: changeMsg(msg, { metadata }), relations: ['Success'] };
    },
  }),
});
