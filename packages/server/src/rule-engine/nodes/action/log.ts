import { configString } from '../../config.js';
import { nodeConfigSchema, script } from '../../config-schema.js';
import { defineNode } from '../../node.js';
import { MSG_SCRIPT_ARGS, msgScriptArgs } from '../../services/script-args.js';

export interface LogConfig {
  jsScript: string;
}

const DEFAULT_LOG_SCRIPT =
  "return '\\nIncoming message:\\n' + JSON.stringify(msg) + '\\nIncoming metadata:\\n' + JSON.stringify(metadata);";

/**
 * Logs the text a tenant script makes of each message, at info level, and passes the message on
 * with Success (reference TbLogNode). A script that throws sends the message to Failure.
 */
export const logNode = defineNode<LogConfig>({
  clazz: 'org.thingsboard.rule.engine.action.TbLogNode',
  type: 'ACTION',
  name: 'log',
  description: 'Log incoming messages using JS script for transformation Message into String',
  details:
    'Transform incoming Message with configured JS function to String and log final value into Thingsboard log file. ' +
    "Message payload can be accessed via <code>msg</code> property. For example <code>'temperature = ' + msg.temperature ;</code>. " +
    "Message metadata can be accessed via <code>metadata</code> property. For example <code>'name = ' + metadata.customerName;</code>.",
  relationTypes: ['Success'],
  configDirective: 'tbActionNodeLogConfig',
  defaultConfiguration: { jsScript: DEFAULT_LOG_SCRIPT },
  configurationSchema: nodeConfigSchema({ jsScript: script('To string') }, ['jsScript']),
  configure(raw) {
    return { jsScript: configString(raw, 'jsScript', DEFAULT_LOG_SCRIPT) };
  },
  async create(config, { services, self }) {
    const script = await services.scripts.compile(self.tenantId, config.jsScript, MSG_SCRIPT_ARGS);
    return {
      async onMsg(msg) {
        const result = await script.invoke(msgScriptArgs(msg));
        // The reference's toString: a string is logged as it is, anything else as its JSON.
        const text = typeof result === 'string' ? result : JSON.stringify(result);
        services.log.info({ ruleNodeId: self.id, ruleChainId: self.ruleChainId, msgId: msg.id }, text);
        return { msg, relations: ['Success'] };
      },
      destroy() {
        script.release();
      },
    };
  },
});
