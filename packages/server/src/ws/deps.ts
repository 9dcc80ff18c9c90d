import type { Db } from '../db/store.js';
import type { AlarmEvents } from '../modules/alarms/events.js';
import type { AlarmQueryService } from '../modules/alarms/query-service.js';
import type { EntityQueryService } from '../modules/entity-query/service.js';
import type { TelemetryService } from '../telemetry/service.js';
import type { ChangeIndex } from './change-index.js';
import type { WsSettings } from './settings.js';

/** What command handlers work with. */
export interface WsDeps {
  db: Db;
  telemetry: TelemetryService;
  queries: EntityQueryService;
  alarmQueries: AlarmQueryService;
  alarmEvents: AlarmEvents;
  index: ChangeIndex;
  settings: WsSettings;
}
