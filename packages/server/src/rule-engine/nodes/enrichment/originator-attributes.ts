import { nodeConfigSchema } from '../../config-schema.js';
import { changeMsg } from '../../message.js';
import { defineNode } from '../../node.js';
import { TenantEntities } from '../../services/tenant-entities.js';
import {
  ATTRIBUTES_FETCH_PROPERTIES,
  type AttributesFetchConfig,
  configAttributesFetch,
  DEFAULT_ATTRIBUTES_FETCH,
  metadataWithAttributes,
} from './originator-attributes-fetch.js';

export const originatorAttributesNode = defineNode<AttributesFetchConfig>({
  clazz: 'org.thingsboard.rule.engine.metadata.TbGetAttributesNode',
  type: 'ENRICHMENT',
  name: 'originator attributes',
  description: 'Add Message Originator Attributes or Latest Telemetry into Message Metadata',
  details:
    'Adds the selected client, shared and server attributes of the message originator to the metadata ' +
    'with the prefixes <code>cs_</code>, <code>shared_</code> and <code>ss_</code>, and the selected ' +
    'latest telemetry without a prefix (as <code>{"ts":…,"value":…}</code> when "fetch latest value ' +
    'with timestamp" is on). With "tell failure if absent" on, a missing key sends the message to ' +
    '<code>Failure</code>.',
  relationTypes: ['Success'],
  configDirective: 'tbEnrichmentNodeOriginatorAttributesConfig',
  defaultConfiguration: DEFAULT_ATTRIBUTES_FETCH,
  configurationSchema: nodeConfigSchema(ATTRIBUTES_FETCH_PROPERTIES),
  configure: configAttributesFetch,
  create(config, ctx) {
    const entities = TenantEntities.of(ctx);
    return {
      async onMsg(msg) {
        await entities.requireOwned(msg.originator);
        const metadata = await metadataWithAttributes(ctx.services.telemetry, msg.originator, config, msg);
        return { msg: changeMsg(msg, { metadata }), relations: ['Success'] };
      },
    };
  },
});
