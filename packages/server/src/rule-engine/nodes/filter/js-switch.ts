import { nodeConfigSchema, script } from '../../config-schema.js';
import { defineNode } from '../../node.js';
import { configureScript, jsonTypeName, msgScriptNode } from '../../services/script-args.js';

const DEFAULT_SCRIPT = `function nextRelation(metadata, msg) {
    return ['one','nine'];
}
if(msgType === 'POST_TELEMETRY_REQUEST') {
    return ['two'];
}
return nextRelation(metadata, msg);`;

export const jsSwitchNode = defineNode({
  clazz: 'org.thingsboard.rule.engine.filter.TbJsSwitchNode',
  type: 'FILTER',
  name: 'switch',
  description: 'Route incoming Message to one or multiple output chains',
  details:
    'Evaluates a function of <code>msg</code>, <code>metadata</code> and <code>msgType</code> that ' +
    'returns the name of the output to route the message to, or an array of output names. ' +
    'The message goes to <code>Failure</code> when the script fails or returns anything else.',
  relationTypes: [],
  customRelations: true,
  configDirective: 'tbFilterNodeSwitchConfig',
  defaultConfiguration: { jsScript: DEFAULT_SCRIPT },
  configurationSchema: nodeConfigSchema({ jsScript: script('Switch') }, ['jsScript']),
  configure: (raw) => ({ jsScript: configureScript(raw) }),
  create: (config, ctx) =>
    msgScriptNode(ctx, config.jsScript, (msg, result) => {
      if (typeof result === 'string') return { msg, relations: [result] };
      if (Array.isArray(result)) {
        const relations = result.map((item) => {
          if (typeof item !== 'string') throw new Error(`Wrong result type: ARRAY of ${jsonTypeName(item)}`);
          return item;
        });
        return { msg, relations: [...new Set(relations)] };
      }
      throw new Error(`Wrong result type: ${jsonTypeName(result)}`);
    }),
});
