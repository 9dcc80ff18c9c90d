import { deviceAttributeEntries } from '../../../telemetry/values.js';
import { configBoolean, configEnum } from '../../config.js';
import { choice, flag, nodeConfigSchema } from '../../config-schema.js';
import { msgJson } from '../../message.js';
import { defineNode } from '../../node.js';

const SCOPES = ['CLIENT_SCOPE', 'SHARED_SCOPE', 'SERVER_SCOPE'] as const;

/** Saves a POST_ATTRIBUTES_REQUEST's data as attributes of a scope (reference TbMsgAttributesNode). */
export const saveAttributesNode = defineNode<{ scope: (typeof SCOPES)[number]; notifyDevice: boolean }>({
  clazz: 'org.thingsboard.rule.engine.telemetry.TbMsgAttributesNode',
  type: 'ACTION',
  name: 'save attributes',
  description: 'Saves attributes data',
  details:
    "Saves entity attributes based on configurable scope parameter. Expects messages with 'POST_ATTRIBUTES_REQUEST' message type",
  relationTypes: ['Success'],
  configDirective: 'tbActionNodeAttributesConfig',
  defaultConfiguration: { scope: 'SERVER_SCOPE', notifyDevice: false },
  configurationSchema: nodeConfigSchema({
    scope: choice('Attributes scope', SCOPES, [
      'Client attributes',
      'Shared attributes',
      'Server attributes',
    ]),
    notifyDevice: flag('Notify Device'),
  }),
  configure: (raw) => ({
    scope: configEnum(raw, 'scope', SCOPES, 'SERVER_SCOPE'),
    // Shared attribute changes always reach the device's sessions here; the flag is kept for export.
    notifyDevice: configBoolean(raw, 'notifyDevice', false),
  }),
  create: (config, ctx) => ({
    async onMsg(msg) {
      if (msg.type !== 'POST_ATTRIBUTES_REQUEST') throw new Error(`Unsupported msg type: ${msg.type}`);
      const entries = deviceAttributeEntries(msgJson(msg));
      await ctx.services.writes.saveAttributes(msg.originator, config.scope, entries);
      return { msg, relations: ['Success'] };
    },
  }),
});
