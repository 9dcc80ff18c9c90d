import type { Migration } from 'kysely';
import * as coreEntities from './0001-core-entities.js';
import * as relationsEntityViewsAudit from './0002-relations-entity-views-audit.js';
import * as telemetry from './0003-telemetry.js';
import * as deviceListIndexes from './0004-device-list-indexes.js';
import * as rpc from './0005-rpc.js';
import * as tsKvPartitions from './0006-ts-kv-partitions.js';
import * as dashboards from './0007-dashboards.js';
import * as alarms from './0008-alarms.js';
import * as mailLinksFromBaseUrl from './0009-mail-links-from-base-url.js';
import * as widgets from './0010-widgets.js';
import * as ruleChains from './0011-rule-chains.js';
import * as events from './0012-events.js';
import * as ruleNodeState from './0013-rule-node-state.js';
import * as dashboardVersion from './0014-dashboard-version.js';
import * as apiUsageState from './0015-api-usage-state.js';
import * as deviceNameSearchIndex from './0016-device-name-search-index.js';
import * as deviceNameTrigramBounds from './0017-device-name-trigram-bounds.js';

/**
 * Every schema migration, in order. Names are permanent: a released migration is never edited,
 * a change is a new entry.
 */
export const migrations: Record<string, Migration> = {
  '0001-core-entities': coreEntities,
  '0002-relations-entity-views-audit': relationsEntityViewsAudit,
  '0003-telemetry': telemetry,
  '0004-device-list-indexes': deviceListIndexes,
  '0005-rpc': rpc,
  '0006-ts-kv-partitions': tsKvPartitions,
  '0007-dashboards': dashboards,
  '0008-alarms': alarms,
  '0009-mail-links-from-base-url': mailLinksFromBaseUrl,
  '0010-widgets': widgets,
  '0011-rule-chains': ruleChains,
  '0012-events': events,
  '0013-rule-node-state': ruleNodeState,
  '0014-dashboard-version': dashboardVersion,
  '0015-api-usage-state': apiUsageState,
  '0016-device-name-search-index': deviceNameSearchIndex,
  '0017-device-name-trigram-bounds': deviceNameTrigramBounds,
};
