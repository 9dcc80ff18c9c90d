import { entityType, nodeConfigSchema, stringList } from '../../config-schema.js';
import { defineNode } from '../../node.js';
import { configEntityTypes } from '../../services/relations-query.js';
import { filterResult, TRUE_FALSE } from './filter-result.js';

export const originatorTypeFilterNode = defineNode({
  clazz: 'org.thingsboard.rule.engine.filter.TbOriginatorTypeFilterNode',
  type: 'FILTER',
  name: 'originator type',
  description: 'Filter incoming messages by message Originator Type',
  details:
    'Routes the message to <code>True</code> when the entity type of its originator is one of the ' +
    'selected types, otherwise to <code>False</code>.',
  relationTypes: TRUE_FALSE,
  configDirective: 'tbFilterNodeOriginatorTypeConfig',
  defaultConfiguration: { originatorTypes: ['DEVICE'] },
  configurationSchema: nodeConfigSchema({
    originatorTypes: stringList('Originator types filter', entityType('Originator type')),
  }),
  configure: (raw) => ({ originatorTypes: new Set<string>(configEntityTypes(raw, 'originatorTypes', [])) }),
  create: (config) => ({
    onMsg: (msg) => filterResult(msg, config.originatorTypes.has(msg.originator.entityType)),
  }),
});
