import { configInteger } from '../../config.js';
import { integer, nodeConfigSchema } from '../../config-schema.js';
import { msgTelemetry } from '../../message.js';
import { defineNode } from '../../node.js';

/** Saves a POST_TELEMETRY_REQUEST's data as time series (reference TbMsgTimeseriesNode). */
export const saveTimeseriesNode = defineNode<{ defaultTTL: number }>({
  clazz: 'org.thingsboard.rule.engine.telemetry.TbMsgTimeseriesNode',
  type: 'ACTION',
  name: 'save timeseries',
  description: 'Saves timeseries data',
  details:
    "Saves timeseries telemetry data based on configurable TTL parameter. Expects messages with 'POST_TELEMETRY_REQUEST' message type",
  relationTypes: ['Success'],
  configDirective: 'tbActionNodeTimeseriesConfig',
  defaultConfiguration: { defaultTTL: 0 },
  configurationSchema: nodeConfigSchema({ defaultTTL: integer('Default TTL in seconds', { minimum: 0 }) }),
  configure: (raw) => ({ defaultTTL: configInteger(raw, 'defaultTTL', 0) }),
  create: (config, ctx) => ({
    // Not async: a suspended call per message waiting for its commit, thousands at a time under
    // load, kept all its locals alive (issue 14).
    onMsg(msg) {
      if (msg.type !== 'POST_TELEMETRY_REQUEST') throw new Error(`Unsupported msg type: ${msg.type}`);
      const metaTs = Number(msg.metadata.ts);
      const ts = msg.metadata.ts && Number.isSafeInteger(metaTs) ? metaTs : msg.ts;
      const entries = msgTelemetry(msg, ts);
      if (entries.length === 0) throw new Error(`Msg body is empty: ${msg.data}`);
      const ttlText = msg.metadata.TTL;
      const ttl = ttlText ? Number.parseInt(ttlText, 10) : config.defaultTTL;
      return ctx.services.writes
        .saveTimeseries(ctx.self.tenantId, msg.originator, entries, Number.isFinite(ttl) && ttl > 0 ? ttl : 0)
        .then(() => ({ msg, relations: ['Success'] }));
    },
  }),
});
