import { configBoolean, configInteger, configString } from '../../config.js';
import { flag, integer, nodeConfigSchema, text } from '../../config-schema.js';
import { copyAsNew } from '../../message.js';
import { CONSUMED, defineNode, RuleNodeConfigError } from '../../node.js';
import { processPattern } from '../../services/msg-pattern.js';

export interface DelayConfig {
  periodInSeconds: number;
  maxPendingMsgs: number;
  useMetadataPeriodInSecondsPatterns: boolean;
  periodInSecondsPattern: string;
}

/**
 * Holds each message for a while, then sends it on with Success as a new message of its queue
 * (reference TbMsgDelayNode, deprecated). The incoming message leaves its queue at once (CONSUMED),
 * so a held message lives only in memory: a restart or a chain change drops it, which is why the
 * reference deprecated the node. Over `maxPendingMsgs` held messages, a message goes to Failure.
 */
export const delayNode = defineNode<DelayConfig>({
  clazz: 'org.thingsboard.rule.engine.delay.TbMsgDelayNode',
  type: 'ACTION',
  name: 'delay (deprecated)',
  description: 'Delays incoming message (deprecated)',
  details:
    'Delays messages for configurable period. Please note, this node acknowledges the message from the current queue (message will be removed from queue). ' +
    'Deprecated because the acknowledged message still stays in memory (to be delayed) and this does not guarantee that message will be processed even if the "retry failures and timeouts" processing strategy will be chosen.',
  relationTypes: ['Success'],
  configDirective: 'tbActionNodeMsgDelayConfig',
  defaultConfiguration: {
    periodInSeconds: 60,
    maxPendingMsgs: 1000,
    useMetadataPeriodInSecondsPatterns: false,
  },
  configurationSchema: nodeConfigSchema({
    periodInSeconds: integer('Period in seconds', { minimum: 0 }),
    maxPendingMsgs: integer('Maximum pending messages', { minimum: 1, maximum: 100000 }),
    useMetadataPeriodInSecondsPatterns: flag('Use period in seconds pattern'),
    periodInSecondsPattern: text('Period in seconds pattern'),
  }),
  configure(raw) {
    const config: DelayConfig = {
      periodInSeconds: configInteger(raw, 'periodInSeconds', 60),
      maxPendingMsgs: configInteger(raw, 'maxPendingMsgs', 1000),
      useMetadataPeriodInSecondsPatterns: configBoolean(raw, 'useMetadataPeriodInSecondsPatterns', false),
      periodInSecondsPattern: configString(raw, 'periodInSecondsPattern', ''),
    };
    if (config.maxPendingMsgs < 1 || config.maxPendingMsgs > 100000) {
      throw new RuleNodeConfigError("'maxPendingMsgs' must be between 1 and 100000");
    }
    if (config.useMetadataPeriodInSecondsPatterns) {
      if (config.periodInSecondsPattern.trim() === '') {
        throw new RuleNodeConfigError(
          "'periodInSecondsPattern' must be set to take the period from metadata",
        );
      }
    } else if (config.periodInSeconds < 0) {
      throw new RuleNodeConfigError("'periodInSeconds' must not be negative");
    }
    return config;
  },
  create(config, ctx) {
    let pending = 0;

    const delayMs = (msg: Parameters<typeof processPattern>[1]): number => {
      if (!config.useMetadataPeriodInSecondsPatterns) return config.periodInSeconds * 1000;
      const text = processPattern(config.periodInSecondsPattern, msg).trim();
      const seconds = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isSafeInteger(seconds) || seconds < 0) {
        throw new Error(
          `Can't parse period in seconds from metadata using pattern: ${config.periodInSecondsPattern}`,
        );
      }
      return seconds * 1000;
    };

    return {
      onMsg(msg) {
        if (pending >= config.maxPendingMsgs) throw new Error('Max limit of pending messages reached!');
        const delay = delayMs(msg);
        pending++;
        ctx.schedule(delay, () => {
          pending--;
          ctx.enqueueForTellNext(copyAsNew(msg), 'Success');
        });
        return CONSUMED;
      },
    };
  },
});
