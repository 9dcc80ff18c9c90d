import { configStringMap } from '../../config.js';
import { nodeConfigSchema, stringMap } from '../../config-schema.js';
import { changeMsg } from '../../message.js';
import { defineNode, RuleNodeConfigError } from '../../node.js';
import { loadEntityFields } from '../../services/originator-fields.js';

export const originatorFieldsNode = defineNode({
  clazz: 'org.thingsboard.rule.engine.metadata.TbGetOriginatorFieldsNode',
  type: 'ENRICHMENT',
  name: 'originator fields',
  description: 'Add Message Originator fields values into Message Metadata',
  details:
    'Copies the mapped fields of the originator entity (<code>name</code>, <code>type</code>, ' +
    '<code>label</code>, <code>createdTime</code>, contact fields…) into the metadata under the mapped ' +
    'names. Fields the originator does not have are skipped. The message goes to <code>Failure</code> ' +
    'when the originator does not exist.',
  relationTypes: ['Success'],
  configDirective: 'tbEnrichmentNodeOriginatorFieldsConfig',
  defaultConfiguration: { fieldsMapping: { name: 'originatorName', type: 'originatorType' } },
  configurationSchema: nodeConfigSchema({
    fieldsMapping: stringMap('Fields mapping', { description: 'Originator field → metadata key' }),
  }),
  configure(raw) {
    const fieldsMapping = configStringMap(raw, 'fieldsMapping');
    if (Object.keys(fieldsMapping).length === 0)
      throw new RuleNodeConfigError("'fieldsMapping' must not be empty");
    return { fieldsMapping };
  },
  create: (config, ctx) => ({
    async onMsg(msg) {
      const fields = await loadEntityFields(ctx.services.db, ctx.self.tenantId, msg.originator);
      if (!fields)
        throw new Error(`Originator ${msg.originator.entityType} ${msg.originator.id} was not found`);
      const metadata: Record<string, string> = { ...msg.metadata };
      for (const [field, target] of Object.entries(config.fieldsMapping)) {
        const value = fields[field];
        if (value !== undefined) metadata[target] = value;
      }
      return { msg: changeMsg(msg, { metadata }), relations: ['Success'] };
    },
  }),
});
