import type { EntityId, JsonValue } from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import type { Db } from '../../../db/store.js';
import { AlarmEvents } from '../../../modules/alarms/events.js';
import { AlarmLifecycle } from '../../../modules/alarms/lifecycle.js';
import { AlarmsRepo } from '../../../modules/alarms/repo.js';
import { createDefaultDeviceProfile } from '../../../modules/device-profiles/default-profile.js';
import type { DeviceEvent } from '../../../modules/devices/device-events.js';
import { TelemetryRepo } from '../../../telemetry/repo.js';
import { TelemetryService } from '../../../telemetry/service.js';
import type { RuleEngineServices } from '../../node.js';
import type { CompiledScript, ScriptEngine } from '../../script/engine.js';

/**
 * Test doubles for the action node tests (imported by tests only). The script engine runs tenant
 * scripts with `new Function`, in this process and without limits: a stand-in for the sandboxed
 * engine, never used outside tests.
 */
export function testScripts(): ScriptEngine & { released: number } {
  const engine = {
    released: 0,
    async compile(_tenantId: string, body: string, argNames: readonly string[]): Promise<CompiledScript> {
      const fn = new Function(...argNames, body) as (...args: unknown[]) => unknown;
      return {
        async invoke(args) {
          const result = fn(...args.map((arg) => structuredClone(arg)));
          return (result === undefined ? null : JSON.parse(JSON.stringify(result))) as JsonValue;
        },
        release() {
          engine.released++;
        },
      };
    },
  };
  return engine;
}

/** Log lines a node wrote. */
export function recordingLog() {
  const lines: { level: string; obj: object; message: string }[] = [];
  const at = (level: string) => (obj: object, message: string) => lines.push({ level, obj, message });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

/** The services of the data-touching nodes over a real store, as app.ts builds them. */
export function storeServices(db: Db, now: () => number = Date.now) {
  const telemetry = new TelemetryService(new TelemetryRepo(db));
  const deviceEvents: DeviceEvent[] = [];
  const services = {
    db,
    telemetry,
    scripts: testScripts(),
    log: recordingLog(),
    now,
    serviceId: 'test-service',
    alarms: new AlarmLifecycle(db, new AlarmsRepo(db), new AlarmEvents(), now),
    deviceEvents: { emit: (event: DeviceEvent) => void deviceEvents.push(event) },
    writes: {
      saveTimeseries: (tenantId, entityId, entries, ttl) =>
        telemetry.saveTimeseries(tenantId, entityId, entries, ttl),
      saveAttributes: (entityId, scope, entries) => telemetry.saveAttributes(entityId, scope, entries),
    },
  } satisfies Partial<RuleEngineServices>;
  return { services, deviceEvents };
}

/** Another tenant with one device and one customer, for the cross-tenant checks. */
export async function otherTenant(db: Db) {
  const profile = await db
    .selectFrom('tenantProfile')
    .select('id')
    .where('isDefault', '=', true)
    .executeTakeFirstOrThrow();
  const tenantId = uuidv1();
  const now = Date.now();
  await db
    .insertInto('tenant')
    .values({
      id: tenantId,
      createdTime: now,
      tenantProfileId: profile.id,
      title: 'Other Tenant',
      region: null,
      additionalInfo: null,
    })
    .execute();
  const profileId = await createDefaultDeviceProfile(db, tenantId);
  const customerId = uuidv1();
  await db
    .insertInto('customer')
    .values({ id: customerId, createdTime: now, tenantId, title: 'Other Customer', additionalInfo: null })
    .execute();
  const deviceId = uuidv1();
  await db
    .insertInto('device')
    .values({
      id: deviceId,
      createdTime: now,
      tenantId,
      customerId: null,
      deviceProfileId: profileId,
      name: 'Other Device',
      type: 'default',
      label: null,
      deviceData: null,
      additionalInfo: null,
      firmwareId: null,
      softwareId: null,
    })
    .execute();
  const device: EntityId = { entityType: 'DEVICE', id: deviceId };
  return { tenantId, customerId, device };
}

/** A device of the store's demo tenant, by name. */
export async function demoDevice(db: Db, name: string): Promise<EntityId & { customerId: string | null }> {
  const row = await db
    .selectFrom('device')
    .select(['id', 'customerId'])
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return { entityType: 'DEVICE', id: row.id, customerId: row.customerId };
}
