import { defineNode } from '../../node.js';
import { TenantEntities } from '../../services/tenant-entities.js';
import {
  configEntityDetails,
  DEFAULT_ENTITY_DETAILS,
  ENTITY_DETAILS_SCHEMA,
  type EntityDetailsConfig,
  msgWithDetails,
} from './entity-details.js';

export const tenantDetailsNode = defineNode<EntityDetailsConfig>({
  clazz: 'org.thingsboard.rule.engine.metadata.TbGetTenantDetailsNode',
  type: 'ENRICHMENT',
  name: 'tenant details',
  description: 'Adds fields from Tenant details to the message body or metadata',
  details:
    'Adds the selected details of the current tenant, each as <code>tenant_&lt;field&gt;</code>, to the ' +
    'message data or, when "add to metadata" is on, to the metadata.',
  relationTypes: ['Success'],
  configDirective: 'tbEnrichmentNodeEntityDetailsConfig',
  defaultConfiguration: DEFAULT_ENTITY_DETAILS,
  configurationSchema: ENTITY_DETAILS_SCHEMA,
  configure: configEntityDetails,
  create(config, ctx) {
    const entities = TenantEntities.of(ctx);
    return {
      async onMsg(msg) {
        const tenant = await entities.tenantDetails();
        if (!tenant) throw new Error(`Tenant with id '${entities.tenantId}' was not found.`);
        return { msg: msgWithDetails(msg, tenant, config, 'tenant_'), relations: ['Success'] };
      },
    };
  },
});
