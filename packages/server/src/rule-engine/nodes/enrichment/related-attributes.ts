import { nodeConfigSchema, relationsQuery } from '../../config-schema.js';
import { changeMsg } from '../../message.js';
import { defineNode } from '../../node.js';
import {
  configRelationsQuery,
  DEFAULT_RELATIONS_QUERY,
  type RelationsQueryConfig,
} from '../../services/relations-query.js';
import { TenantEntities } from '../../services/tenant-entities.js';
import {
  configMappedAttributes,
  MAPPED_ATTRIBUTES_PROPERTIES,
  type MappedAttributesConfig,
  metadataWithMappedAttributes,
} from './mapped-attributes.js';

interface RelatedAttributesConfig extends MappedAttributesConfig {
  relationsQuery: RelationsQueryConfig;
}

export const relatedAttributesNode = defineNode<RelatedAttributesConfig>({
  clazz: 'org.thingsboard.rule.engine.metadata.TbGetRelatedAttributeNode',
  type: 'ENRICHMENT',
  name: 'related attributes',
  description: 'Add Originators Related Entity Attributes or Latest Telemetry into Message Metadata',
  details:
    'Finds the first entity related to the originator by the relations query and adds its mapped server ' +
    'attributes, or latest telemetry, to the metadata. The message goes to <code>Failure</code> when ' +
    'no related entity is found.',
  relationTypes: ['Success'],
  configDirective: 'tbEnrichmentNodeRelatedAttributesConfig',
  defaultConfiguration: {
    attrMapping: { temperature: 'tempo' },
    relationsQuery: DEFAULT_RELATIONS_QUERY,
    telemetry: false,
  },
  configurationSchema: nodeConfigSchema({
    relationsQuery: relationsQuery(),
    ...MAPPED_ATTRIBUTES_PROPERTIES,
  }),
  configure: (raw) => ({
    ...configMappedAttributes(raw),
    relationsQuery: configRelationsQuery(raw, 'relationsQuery'),
  }),
  create(config, ctx) {
    const entities = TenantEntities.of(ctx);
    return {
      async onMsg(msg) {
        const [related] = await entities.related(msg.originator, config.relationsQuery);
        if (!related) throw new Error('Failed to find related entity!');
        const metadata = await metadataWithMappedAttributes(ctx.services.telemetry, related, config, msg);
        return { msg: changeMsg(msg, { metadata }), relations: ['Success'] };
      },
    };
  },
});
