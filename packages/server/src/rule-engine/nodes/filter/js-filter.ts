import { nodeConfigSchema, script } from '../../config-schema.js';
import { defineNode } from '../../node.js';
import { configureScript, jsonTypeName, msgScriptNode } from '../../services/script-args.js';
import { filterResult, TRUE_FALSE } from './filter-result.js';

export const jsFilterNode = defineNode({
  clazz: 'org.thingsboard.rule.engine.filter.TbJsFilterNode',
  type: 'FILTER',
  name: 'script',
  description: 'Filter incoming messages using JS script',
  details:
    'Evaluates a boolean function of <code>msg</code>, <code>metadata</code> and <code>msgType</code>. ' +
    'The message goes to <code>True</code> when it returns true, to <code>False</code> when it returns ' +
    'false, and to <code>Failure</code> when the script fails or returns anything but a boolean.',
  relationTypes: TRUE_FALSE,
  configDirective: 'tbFilterNodeScriptConfig',
  defaultConfiguration: { jsScript: 'return msg.temperature > 20;' },
  configurationSchema: nodeConfigSchema({ jsScript: script('Filter') }, ['jsScript']),
  configure: (raw) => ({ jsScript: configureScript(raw) }),
  create: (config, ctx) =>
    msgScriptNode(ctx, config.jsScript, (msg, result) => {
      if (typeof result !== 'boolean') throw new Error(`Wrong result type: ${jsonTypeName(result)}`);
      return filterResult(msg, result);
    }),
});
