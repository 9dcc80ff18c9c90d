import { type EntityId, isJsonObject } from '@meridian/common';
import { deviceAttributeEntries } from '../../../telemetry/values.js';
import { EMPTY_CONFIG_SCHEMA } from '../../config-schema.js';
import { copyAsNew, msgJson, type RuleMsg } from '../../message.js';
import { CONSUMED, defineNode, type NodeOutput } from '../../node.js';

type Scope = 'CLIENT_SCOPE' | 'SERVER_SCOPE' | 'SHARED_SCOPE';

/** The message types that carry attribute changes (reference list). */
const HANDLED_TYPES = new Set([
  'ATTRIBUTES_UPDATED',
  'ATTRIBUTES_DELETED',
  'ACTIVITY_EVENT',
  'INACTIVITY_EVENT',
  'POST_ATTRIBUTES_REQUEST',
]);

/** The attribute keys of one scope an entity view shows (`keys.attributes.cs|ss|sh`). */
function viewKeys(keys: unknown, scope: Scope): ReadonlySet<string> {
  const attributes = isJsonObject(keys) ? keys.attributes : undefined;
  const field = scope === 'CLIENT_SCOPE' ? 'cs' : scope === 'SERVER_SCOPE' ? 'ss' : 'sh';
  const list = isJsonObject(attributes) ? attributes[field] : undefined;
  return new Set(Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : []);
}

function scopeOf(msg: RuleMsg): Scope {
  if (msg.type === 'POST_ATTRIBUTES_REQUEST') return 'CLIENT_SCOPE';
  const scope = msg.metadata.scope;
  if (scope === 'CLIENT_SCOPE' || scope === 'SERVER_SCOPE' || scope === 'SHARED_SCOPE') return scope;
  throw new Error(`Message metadata 'scope' must be CLIENT_SCOPE, SERVER_SCOPE or SHARED_SCOPE`);
}

/** The keys an ATTRIBUTES_DELETED message names (`{"attributes": [...]}`). */
function deletedKeys(msg: RuleMsg): string[] {
  let data: unknown;
  try {
    data = JSON.parse(msg.data);
  } catch {
    throw new Error('message data is not valid JSON');
  }
  const list = isJsonObject(data) ? data.attributes : undefined;
  if (!Array.isArray(list)) throw new Error("message data has no 'attributes' list");
  return list.filter((key): key is string => typeof key === 'string');
}

/**
 * Copies attribute changes of a device or asset to the tenant's entity views of it that are active
 * now and show those keys (reference TbCopyAttributesToEntityViewNode), then sends a copy of the
 * message per view, with the view as originator, by Success. The incoming message itself goes no
 * further (consumed).
 */
export const copyToViewNode = defineNode<Record<string, never>>({
  clazz: 'org.thingsboard.rule.engine.action.TbCopyAttributesToEntityViewNode',
  type: 'ACTION',
  name: 'copy to view',
  description:
    'Copy attributes from asset/device to entity view and changes message originator to the related entity view',
  details:
    'Copy attributes from asset/device to related entity view according to entity view configuration. \n ' +
    'Copy will be done only for attributes that are between start and end dates and according to attribute keys configuration. \n' +
    'Changes message originator to related entity view and produces new messages according to count of updated entity views',
  relationTypes: ['Success'],
  configDirective: 'tbNodeEmptyConfig',
  defaultConfiguration: { version: 0 },
  configurationSchema: EMPTY_CONFIG_SCHEMA,
  configure: () => ({}),
  create(_config, { services, self }) {
    return {
      async onMsg(msg) {
        if (!HANDLED_TYPES.has(msg.type)) throw new Error(`Unsupported msg type [${msg.type}]`);
        if (Object.keys(msg.metadata).length === 0) throw new Error('Message metadata is empty');
        const scope = scopeOf(msg);
        const deleting = msg.type === 'ATTRIBUTES_DELETED';
        const deleted = deleting ? deletedKeys(msg) : [];
        const updated = deleting ? [] : deviceAttributeEntries(msgJson(msg));
        const now = services.now();
        const views = await services.db
          .selectFrom('entityView')
          .select(['id', 'keys', 'startTs', 'endTs'])
          .where('tenantId', '=', self.tenantId)
          .where('entityId', '=', msg.originator.id)
          .where('entityType', '=', msg.originator.entityType)
          .orderBy('createdTime')
          .execute();

        const outputs: NodeOutput[] = [];
        for (const view of views) {
          const active = view.startTs < now && (view.endTs === 0 || view.endTs > now);
          if (!active) continue;
          const shown = viewKeys(view.keys, scope);
          const viewId: EntityId = { entityType: 'ENTITY_VIEW', id: view.id };
          if (deleting) {
            const keys = deleted.filter((key) => shown.has(key));
            // Nothing of the view changed: it hears nothing (as in the reference).
            if (keys.length === 0) continue;
            await services.telemetry.deleteAttributes(viewId, scope, keys);
          } else {
            const entries = updated.filter((entry) => shown.has(entry.key));
            if (entries.length > 0) await services.writes.saveAttributes(viewId, scope, entries);
          }
          outputs.push({ msg: copyAsNew(msg, { originator: viewId }), relations: ['Success'] });
        }
        return outputs.length > 0 ? outputs : CONSUMED;
      },
    };
  },
});
