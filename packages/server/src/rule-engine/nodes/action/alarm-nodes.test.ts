// biome-ignore-all lint/suspicious/noTemplateCurlyInString: node configurations use the reference ${metadata} pattern syntax
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../../db/store.js';
import { demoStore } from '../../../transport/core/test-store.js';
import { RuleNodeConfigError } from '../../node.js';
import { nodeHarness, testMsg } from '../../testing/node-harness.js';
import { clearAlarmNode } from './clear-alarm.js';
import { createAlarmNode } from './create-alarm.js';
import { demoDevice, otherTenant, storeServices } from './test-support.js';

let store: Store & { tenantId: string };
let services: ReturnType<typeof storeServices>['services'];

beforeAll(async () => {
  store = await demoStore();
  services = storeServices(store.db).services;
});
afterAll(() => store.close());

const COUNTING_DETAILS =
  'var details = {count: 1};\n' +
  'if (metadata.prevAlarmDetails) { details = JSON.parse(metadata.prevAlarmDetails); details.count++; }\n' +
  'details.temperature = msg.temperature;\n' +
  'return details;';

async function harness(definition: typeof createAlarmNode, config: Record<string, unknown>) {
  return nodeHarness(definition, config as never, services, { tenantId: store.tenantId });
}

describe('create alarm', () => {
  it('creates an alarm, then updates it with the previous details passed to the script', async () => {
    const device = await demoDevice(store.db, 'Test Device A1');
    const node = await harness(createAlarmNode, {
      alarmType: 'High Temperature ${deviceName}',
      severity: 'MAJOR',
      alarmDetailsBuildJs: COUNTING_DETAILS,
    });
    const first = await node.run(
      testMsg({ temperature: 30 }, { originator: device, metadata: { deviceName: 'A1' } }),
    );
    expect(first).toHaveLength(1);
    expect(first[0]?.relations).toEqual(['Created']);
    const created = first[0]?.msg;
    expect(created?.type).toBe('ALARM');
    expect(created?.metadata).toMatchObject({ deviceName: 'A1', isNewAlarm: 'true' });
    const alarm = JSON.parse(created?.data ?? '');
    expect(alarm).toMatchObject({
      type: 'High Temperature A1',
      name: 'High Temperature A1',
      severity: 'MAJOR',
      status: 'ACTIVE_UNACK',
      originator: { entityType: 'DEVICE', id: device.id },
      tenantId: { entityType: 'TENANT', id: store.tenantId },
      customerId: { entityType: 'CUSTOMER', id: device.customerId },
      details: { count: 1, temperature: 30 },
      propagate: false,
      propagateRelationTypes: [],
    });

    const second = await node.run(
      testMsg({ temperature: 35 }, { originator: device, metadata: { deviceName: 'A1' } }),
    );
    expect(second[0]?.relations).toEqual(['Updated']);
    expect(second[0]?.msg.metadata.isExistingAlarm).toBe('true');
    const updated = JSON.parse(second[0]?.msg.data ?? '');
    expect(updated.id).toEqual(alarm.id);
    expect(updated.details).toEqual({ count: 2, temperature: 35 });
  });

  it('takes the severity from a pattern when dynamic, and fails the message when it is no severity', async () => {
    const device = await demoDevice(store.db, 'Test Device A2');
    const node = await harness(createAlarmNode, {
      alarmType: 'Dynamic',
      severity: '${level}',
      dynamicSeverity: true,
    });
    const [out] = await node.run(testMsg({}, { originator: device, metadata: { level: 'WARNING' } }));
    expect(JSON.parse(out?.msg.data ?? '').severity).toBe('WARNING');
    await expect(node.run(testMsg({}, { originator: device, metadata: { level: 'LOUD' } }))).rejects.toThrow(
      'Used incorrect pattern or Alarm Severity not included in message',
    );
  });

  it('uses the alarm the message carries', async () => {
    const device = await demoDevice(store.db, 'Test Device B1');
    const node = await harness(createAlarmNode, { useMessageAlarmData: true });
    const [out] = await node.run(
      testMsg(
        { type: 'From message', severity: 'MINOR', propagate: true, details: { note: 'given' } },
        { originator: device },
      ),
    );
    expect(out?.relations).toEqual(['Created']);
    expect(JSON.parse(out?.msg.data ?? '')).toMatchObject({
      type: 'From message',
      severity: 'MINOR',
      propagate: true,
      details: { note: 'given' },
    });
    await expect(node.run(testMsg({ severity: 'MINOR' }, { originator: device }))).rejects.toThrow(
      "message alarm has no 'type'",
    );
  });

  it('refuses an unknown fixed severity when configured', () => {
    expect(() => createAlarmNode.configure({ severity: 'LOUD' })).toThrow(RuleNodeConfigError);
    expect(() => createAlarmNode.configure({ severity: 'LOUD' })).toThrow(
      'Incorrect Alarm Severity value: LOUD',
    );
    expect(createAlarmNode.configure({ propagate: 'true', relationTypes: ['Contains'] })).toMatchObject({
      propagate: true,
      relationTypes: ['Contains'],
      severity: 'CRITICAL',
      alarmType: 'General Alarm',
    });
  });

  it('fails the message when the details script throws, creating nothing', async () => {
    const device = await demoDevice(store.db, 'Thermostat T1');
    const node = await harness(createAlarmNode, {
      alarmType: 'Broken script',
      alarmDetailsBuildJs: 'throw new Error("boom");',
    });
    await expect(node.run(testMsg({}, { originator: device }))).rejects.toThrow('boom');
    const stored = await store.db
      .selectFrom('alarm')
      .select('id')
      .where('type', '=', 'Broken script')
      .execute();
    expect(stored).toEqual([]);
  });

  it('never raises an alarm on another tenant’s entity', async () => {
    const other = await otherTenant(store.db);
    const node = await harness(createAlarmNode, { alarmType: 'Cross tenant' });
    await expect(node.run(testMsg({}, { originator: other.device }))).rejects.toThrow(
      'not found in the tenant',
    );
    const stored = await store.db
      .selectFrom('alarm')
      .select('id')
      .where('type', '=', 'Cross tenant')
      .execute();
    expect(stored).toEqual([]);
  });
});

describe('clear alarm', () => {
  it('clears the active alarm with details from the script, then answers False', async () => {
    const device = await demoDevice(store.db, 'DHT11 Demo Device');
    const create = await harness(createAlarmNode, {
      alarmType: 'To clear',
      alarmDetailsBuildJs: 'return {raised: true};',
    });
    await create.run(testMsg({}, { originator: device }));

    const clear = await harness(clearAlarmNode, {
      alarmType: 'To clear',
      alarmDetailsBuildJs: 'var d = JSON.parse(metadata.prevAlarmDetails); d.clearedAt = msg.t; return d;',
    });
    const [out] = await clear.run(testMsg({ t: 7 }, { originator: device }));
    expect(out?.relations).toEqual(['Cleared']);
    expect(out?.msg.type).toBe('ALARM');
    expect(out?.msg.metadata.isClearedAlarm).toBe('true');
    expect(JSON.parse(out?.msg.data ?? '')).toMatchObject({
      type: 'To clear',
      status: 'CLEARED_UNACK',
      details: { raised: true, clearedAt: 7 },
    });

    const msg = testMsg({ t: 8 }, { originator: device });
    const again = await clear.run(msg);
    expect(again).toEqual([{ msg, relations: ['False'] }]);
  });

  it('does not clear an alarm of another tenant', async () => {
    const other = await otherTenant(store.db);
    await services.alarms.createOrUpdateActive({
      tenantId: other.tenantId,
      originator: other.device,
      customerId: null,
      type: 'Theirs',
      severity: 'CRITICAL',
      status: 'ACTIVE_UNACK',
      startTs: 0,
      endTs: 0,
      ackTs: 0,
      clearTs: 0,
      propagate: false,
      propagateToOwner: false,
      propagateToTenant: false,
      propagateRelationTypes: null,
      details: null,
    });
    const clear = await harness(clearAlarmNode, { alarmType: 'Theirs' });
    const [out] = await clear.run(testMsg({}, { originator: other.device }));
    expect(out?.relations).toEqual(['False']);
    const stored = await store.db
      .selectFrom('alarm')
      .select('status')
      .where('type', '=', 'Theirs')
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('ACTIVE_UNACK');
  });
});
