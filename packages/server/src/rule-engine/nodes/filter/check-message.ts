import { configBoolean, configStringList } from '../../config.js';
import { flag, nodeConfigSchema, stringList } from '../../config-schema.js';
import type { RuleMsg } from '../../message.js';
import { defineNode } from '../../node.js';
import { filterResult, TRUE_FALSE } from './filter-result.js';

interface CheckMessageConfig {
  messageNames: string[];
  metadataNames: string[];
  checkAllKeys: boolean;
}

/** The payload's top-level keys; a payload that is not a JSON object has none. */
function dataKeys(msg: RuleMsg): Set<string> {
  try {
    const parsed: unknown = JSON.parse(msg.data);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      return new Set(Object.keys(parsed));
    }
  } catch {
    // Not JSON: no data keys.
  }
  return new Set();
}

export const checkMessageNode = defineNode<CheckMessageConfig>({
  clazz: 'org.thingsboard.rule.engine.filter.TbCheckMessageNode',
  type: 'FILTER',
  name: 'check existence fields',
  description: 'Checks the existence of the selected keys from message data and metadata.',
  details:
    'With "check that all specified fields are present" on, the message goes to <code>True</code> ' +
    'when every selected data key and metadata key is present; otherwise when at least one is. ' +
    'Else it goes to <code>False</code>.',
  relationTypes: TRUE_FALSE,
  configDirective: 'tbFilterNodeCheckMessageConfig',
  defaultConfiguration: { messageNames: [], metadataNames: [], checkAllKeys: true },
  configurationSchema: nodeConfigSchema({
    messageNames: stringList('Message names'),
    metadataNames: stringList('Metadata names'),
    checkAllKeys: flag('Check that all selected keys are present'),
  }),
  configure: (raw) => ({
    messageNames: configStringList(raw, 'messageNames', []),
    metadataNames: configStringList(raw, 'metadataNames', []),
    checkAllKeys: configBoolean(raw, 'checkAllKeys', true),
  }),
  create: (config) => ({
    onMsg(msg) {
      const data = config.messageNames.length > 0 ? dataKeys(msg) : new Set<string>();
      const inData = (name: string) => data.has(name);
      const inMetadata = (name: string) => Object.hasOwn(msg.metadata, name);
      const matches = config.checkAllKeys
        ? config.messageNames.every(inData) && config.metadataNames.every(inMetadata)
        : config.messageNames.some(inData) || config.metadataNames.some(inMetadata);
      return filterResult(msg, matches);
    },
  }),
});
