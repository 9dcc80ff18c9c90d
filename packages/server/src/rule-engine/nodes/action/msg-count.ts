import { configInteger, configString } from '../../config.js';
import { integer, nodeConfigSchema, text } from '../../config-schema.js';
import { newMsg } from '../../message.js';
import { CONSUMED, defineNode, RuleNodeConfigError } from '../../node.js';

export interface MsgCountConfig {
  /** Seconds between counts. */
  interval: number;
  telemetryPrefix: string;
}

/**
 * Counts the messages it gets (and takes them out of the flow) and, every `interval` seconds, sends
 * a POST_TELEMETRY_REQUEST of the tenant with `{"<prefix>_<serviceId>": count}` (reference
 * TbMsgCountNode). The metadata's `delta` is the milliseconds the count covers.
 */
export const msgCountNode = defineNode<MsgCountConfig>({
  clazz: 'org.thingsboard.rule.engine.action.TbMsgCountNode',
  type: 'ACTION',
  name: 'message count',
  description: 'Count incoming messages',
  details:
    'Count incoming messages for specified interval and produces POST_TELEMETRY_REQUEST msg with messages count',
  relationTypes: ['Success'],
  configDirective: 'tbActionNodeMsgCountConfig',
  defaultConfiguration: { interval: 1, telemetryPrefix: 'messageCount' },
  configurationSchema: nodeConfigSchema({
    interval: integer('Interval in seconds', { minimum: 1 }),
    telemetryPrefix: text('Output timeseries key prefix'),
  }),
  configure(raw) {
    const config = {
      interval: configInteger(raw, 'interval', 1),
      telemetryPrefix: configString(raw, 'telemetryPrefix', 'messageCount'),
    };
    if (config.interval < 1) throw new RuleNodeConfigError("'interval' must be at least 1");
    return config;
  },
  create(config, ctx) {
    const { services, self } = ctx;
    const intervalMs = config.interval * 1000;
    const key = `${config.telemetryPrefix}_${services.serviceId}`;
    let count = 0;
    let countSince = services.now();
    let nextTickAt = countSince;

    const scheduleNext = () => {
      nextTickAt += intervalMs;
      ctx.schedule(Math.max(0, nextTickAt - services.now()), tick);
    };
    const tick = () => {
      const now = services.now();
      const msg = newMsg({
        type: 'POST_TELEMETRY_REQUEST',
        originator: { entityType: 'TENANT', id: self.tenantId },
        metadata: { delta: String(now - countSince) },
        data: JSON.stringify({ [key]: count }),
      });
      count = 0;
      countSince = now;
      ctx.enqueueForTellNext(msg, 'Success');
      scheduleNext();
    };

    scheduleNext();
    return {
      onMsg() {
        count++;
        return CONSUMED;
      },
    };
  },
});
