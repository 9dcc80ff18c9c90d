import { MESSAGE_TYPES } from '@meridian/common';
import { configStringList } from '../../config.js';
import { nodeConfigSchema, stringList } from '../../config-schema.js';
import { defineNode } from '../../node.js';
import { filterResult, TRUE_FALSE } from './filter-result.js';

export const msgTypeFilterNode = defineNode({
  clazz: 'org.thingsboard.rule.engine.filter.TbMsgTypeFilterNode',
  type: 'FILTER',
  name: 'message type',
  description: 'Filter incoming messages by Message Type',
  details:
    'Routes the message to <code>True</code> when its type is one of the selected message types, ' +
    'otherwise to <code>False</code>.',
  relationTypes: TRUE_FALSE,
  configDirective: 'tbFilterNodeMessageTypeConfig',
  defaultConfiguration: { messageTypes: ['POST_ATTRIBUTES_REQUEST', 'POST_TELEMETRY_REQUEST'] },
  configurationSchema: nodeConfigSchema({
    messageTypes: stringList('Message types filter', {
      type: 'string',
      title: 'Message type',
      examples: [...MESSAGE_TYPES],
    }),
  }),
  configure: (raw) => ({ messageTypes: new Set(configStringList(raw, 'messageTypes', [])) }),
  create: (config) => ({ onMsg: (msg) => filterResult(msg, config.messageTypes.has(msg.type)) }),
});
