import type { AlarmRule, DeviceProfileAlarm } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { compileProfileAlarms } from './compile.js';
import { double, long, TestDevice, text } from './test-kit.js';

/**
 * The device-profile alarm rules on one device, fed the way the processor feeds them: creating,
 * escalating and clearing alarms, REPEATING and DURATION conditions, schedules in time zones,
 * dynamic thresholds and the details template.
 */

type Condition = AlarmRule['condition']['condition'][number];

const above = (value: number, key = 'temperature'): Condition => ({
  key: { type: 'TIME_SERIES', key },
  valueType: 'NUMERIC',
  predicate: { type: 'NUMERIC', operation: 'GREATER', value: { defaultValue: value } },
});
const atMost = (value: number, key = 'temperature'): Condition => ({
  key: { type: 'TIME_SERIES', key },
  valueType: 'NUMERIC',
  predicate: { type: 'NUMERIC', operation: 'LESS_OR_EQUAL', value: { defaultValue: value } },
});
const rule = (conditions: Condition[], extra: Partial<AlarmRule> = {}): AlarmRule => ({
  condition: { condition: conditions, spec: { type: 'SIMPLE' } },
  ...extra,
});

/** temperature > 30 → CRITICAL, > 20 → WARNING; cleared at ≤ 20 (the brief's profile). */
const temperatureAlarm = (extra: Partial<DeviceProfileAlarm> = {}): DeviceProfileAlarm => ({
  id: 'high-temperature',
  alarmType: 'High Temperature',
  createRules: {
    WARNING: rule([above(20)], { alarmDetails: `Temperature is \${temperature}` }),
    CRITICAL: rule([above(30)], { alarmDetails: `Temperature is \${temperature}!` }),
  },
  clearRule: rule([atMost(20)], { alarmDetails: `Back to \${temperature}` }),
  propagate: false,
  ...extra,
});

describe('create, escalate and clear', () => {
  it('raises the highest matching severity, escalates, keeps it when a lower rule matches, clears', async () => {
    const device = new TestDevice([temperatureAlarm()]);
    await device.telemetry({ temperature: long(15) });
    expect(device.writer.alarms).toEqual([]);

    await device.telemetry({ temperature: long(25) });
    expect(device.active()).toMatchObject({
      severity: 'WARNING',
      startTs: device.clock,
      details: { data: 'Temperature is 25' },
    });

    device.clock += 1000;
    await device.telemetry({ temperature: double(35.5) });
    expect(device.active()).toMatchObject({
      severity: 'CRITICAL',
      endTs: device.clock,
      details: { data: 'Temperature is 35.5!' },
    });

    // A lower severity never lowers an active alarm (the reference skips the update).
    device.clock += 1000;
    await device.telemetry({ temperature: long(25) });
    expect(device.active()).toMatchObject({
      severity: 'CRITICAL',
      details: { data: 'Temperature is 35.5!' },
    });

    await device.telemetry({ temperature: long(20) });
    expect(device.active()).toBeUndefined();
    expect(device.writer.alarms).toHaveLength(1);
    expect(device.writer.alarms[0]).toMatchObject({ cleared: true, details: { data: 'Back to 20' } });

    // Raised again as a new alarm.
    await device.telemetry({ temperature: long(40) });
    expect(device.writer.alarms).toHaveLength(2);
    expect(device.active()?.severity).toBe('CRITICAL');
  });

  it('ignores changes of keys the rules do not read, and keeps an existing alarm found at start', async () => {
    const device = new TestDevice([temperatureAlarm()]);
    await device.writer.create({
      type: 'High Temperature',
      severity: 'WARNING',
      startTs: 1,
      details: { data: 'earlier' },
      propagate: false,
      propagateToOwner: false,
      propagateToTenant: false,
      propagateRelationTypes: null,
    });
    await device.telemetry({ humidity: long(99) });
    expect(device.active()?.details).toEqual({ data: 'earlier' });
    await device.telemetry({ temperature: long(10) });
    expect(device.active()).toBeUndefined();
  });

  it('starts the alarm at the data time, or now when the data is from the future', async () => {
    const device = new TestDevice([temperatureAlarm()]);
    await device.telemetry({ temperature: long(25) }, device.clock - 5000);
    expect(device.active()?.startTs).toBe(device.clock - 5000);
    const later = new TestDevice([temperatureAlarm()]);
    await later.telemetry({ temperature: long(25) }, later.clock + 60_000);
    expect(later.active()?.startTs).toBe(later.clock);
  });

  it('forgets an alarm cleared elsewhere and raises a new one', async () => {
    const device = new TestDevice([temperatureAlarm()]);
    await device.telemetry({ temperature: long(25) });
    const first = device.active();
    if (!first) throw new Error('no alarm raised');
    await device.writer.clear(first.id, {});
    device.state.forgetAlarm(first.id);
    await device.telemetry({ temperature: long(26) });
    expect(device.writer.alarms).toHaveLength(2);
  });
});

describe('attribute conditions', () => {
  const flagAlarm: DeviceProfileAlarm = {
    id: 'flag',
    alarmType: 'Flag',
    createRules: {
      MAJOR: rule([
        {
          key: { type: 'ATTRIBUTE', key: 'alarmFlag' },
          valueType: 'BOOLEAN',
          predicate: { type: 'BOOLEAN', operation: 'EQUAL', value: { defaultValue: true } },
        },
      ]),
    },
    clearRule: rule([
      {
        key: { type: 'ATTRIBUTE', key: 'alarmFlag' },
        valueType: 'BOOLEAN',
        predicate: { type: 'BOOLEAN', operation: 'EQUAL', value: { defaultValue: false } },
      },
    ]),
  };

  it('evaluates rules of attributes only on attribute changes, in any scope, and on deletions', async () => {
    const device = new TestDevice([flagAlarm]);
    await device.attributes({ alarmFlag: { type: 'BOOLEAN', value: true } }, 'CLIENT_SCOPE');
    expect(device.active('Flag')?.severity).toBe('MAJOR');
    await device.attributes({ alarmFlag: { type: 'BOOLEAN', value: false } }, 'SHARED_SCOPE');
    expect(device.active('Flag')).toBeUndefined();
    await device.attributes({ alarmFlag: { type: 'BOOLEAN', value: true } });
    expect(device.active('Flag')).toBeDefined();
  });

  it('waits for time series before evaluating a rule that reads both', async () => {
    const mixed = temperatureAlarm({
      createRules: {
        MAJOR: rule([
          above(30),
          {
            key: { type: 'ATTRIBUTE', key: 'enabled' },
            valueType: 'BOOLEAN',
            predicate: { type: 'BOOLEAN', operation: 'EQUAL', value: { defaultValue: true } },
          },
        ]),
      },
      clearRule: null,
    });
    const device = new TestDevice([mixed]);
    device.stored.latest.push({ key: 'temperature', ts: device.clock, value: long(40) });
    await device.attributes({ enabled: { type: 'BOOLEAN', value: true } });
    expect(device.active()).toBeUndefined();
    await device.telemetry({ temperature: long(41) });
    expect(device.active()?.severity).toBe('MAJOR');
  });

  it('reads the stored values the first time, server attributes winning over client ones', async () => {
    const attributeAbove = (key: string, value: number): Condition => ({
      ...above(value, key),
      key: { type: 'ATTRIBUTE', key },
    });
    const device = new TestDevice([
      temperatureAlarm({
        createRules: { MINOR: rule([attributeAbove('limit', 30), attributeAbove('enabled', 0)]) },
        clearRule: null,
      }),
    ]);
    device.stored.attributes.push(
      { key: 'limit', scope: 'SERVER_SCOPE', lastUpdateTs: 1, value: long(50) },
      { key: 'limit', scope: 'CLIENT_SCOPE', lastUpdateTs: 2, value: long(10) },
    );
    await device.attributes({ enabled: long(1) });
    expect(device.active()?.severity).toBe('MINOR');
  });
});

describe('entity fields and constants', () => {
  it('reads the device name and compares with constants', async () => {
    const device = new TestDevice([
      {
        id: 'named',
        alarmType: 'Named',
        createRules: {
          MINOR: rule([
            above(0),
            {
              key: { type: 'ENTITY_FIELD', key: 'name' },
              valueType: 'STRING',
              predicate: {
                type: 'STRING',
                operation: 'STARTS_WITH',
                value: { defaultValue: 'boiler' },
                ignoreCase: true,
              },
            },
            {
              key: { type: 'CONSTANT', key: 'threshold' },
              valueType: 'NUMERIC',
              value: 5,
              predicate: { type: 'NUMERIC', operation: 'LESS', value: { defaultValue: 10 } },
            },
          ]),
        },
      },
    ]);
    await device.telemetry({ temperature: long(1) });
    expect(device.active('Named')?.severity).toBe('MINOR');
  });
});

describe('dynamic thresholds', () => {
  const dynamicAlarm = (inherit: boolean): DeviceProfileAlarm =>
    temperatureAlarm({
      createRules: {
        MAJOR: rule([
          {
            key: { type: 'TIME_SERIES', key: 'temperature' },
            valueType: 'NUMERIC',
            predicate: {
              type: 'NUMERIC',
              operation: 'GREATER',
              value: {
                defaultValue: 100,
                dynamicValue: {
                  sourceType: 'CURRENT_DEVICE',
                  sourceAttribute: 'temperatureThreshold',
                  inherit,
                },
              },
            },
          },
        ]),
      },
      clearRule: null,
    });

  it('takes the threshold from a device attribute, falling back to the default', async () => {
    const device = new TestDevice([dynamicAlarm(false)]);
    await device.telemetry({ temperature: long(50) });
    expect(device.active()).toBeUndefined();
    await device.attributes({ temperatureThreshold: long(40) });
    await device.telemetry({ temperature: long(51) });
    expect(device.active()?.severity).toBe('MAJOR');
  });

  it('inherits the threshold from the customer, then the tenant', async () => {
    const device = new TestDevice([dynamicAlarm(true)]);
    device.owners.set('tenant-1', 'temperatureThreshold', long(60));
    await device.telemetry({ temperature: long(55) });
    expect(device.active()).toBeUndefined();
    device.owners.set('customer-1', 'temperatureThreshold', long(50));
    await device.telemetry({ temperature: long(56) });
    expect(device.active()).toBeDefined();
  });
});

describe('REPEATING conditions', () => {
  const repeating = (count: Record<string, unknown>): DeviceProfileAlarm =>
    temperatureAlarm({
      createRules: {
        MAJOR: {
          condition: { condition: [above(30)], spec: { type: 'REPEATING', predicate: count as never } },
        },
      },
      clearRule: rule([atMost(20)]),
    });

  it('raises after the condition held the given number of events in a row', async () => {
    const device = new TestDevice([repeating({ defaultValue: 3 })]);
    await device.telemetry({ temperature: long(31) });
    await device.telemetry({ temperature: long(32) });
    expect(device.active()).toBeUndefined();
    // A miss starts the count over.
    await device.telemetry({ temperature: long(25) });
    await device.telemetry({ temperature: long(33) });
    await device.telemetry({ temperature: long(34) });
    expect(device.active()).toBeUndefined();
    await device.telemetry({ temperature: long(35) });
    expect(device.active()?.severity).toBe('MAJOR');
  });

  it('takes the count from an attribute', async () => {
    const device = new TestDevice([
      repeating({
        defaultValue: 5,
        dynamicValue: { sourceType: 'CURRENT_DEVICE', sourceAttribute: 'repeats' },
      }),
    ]);
    await device.attributes({ repeats: long(2) });
    await device.telemetry({ temperature: long(31) });
    expect(device.active()).toBeUndefined();
    // The same value at the same time is no new event; a later one is.
    await device.telemetry({ temperature: long(31) });
    expect(device.active()).toBeUndefined();
    device.clock += 1;
    await device.telemetry({ temperature: long(31) });
    expect(device.active()).toBeDefined();
  });
});

describe('DURATION conditions', () => {
  const lasting = (seconds: number): DeviceProfileAlarm =>
    temperatureAlarm({
      createRules: {
        CRITICAL: {
          condition: {
            condition: [above(30)],
            spec: { type: 'DURATION', unit: 'SECONDS', predicate: { defaultValue: seconds } },
          },
        },
      },
      clearRule: rule([atMost(20)]),
    });

  it('raises once the condition held longer than the duration, measured by the data time', async () => {
    const device = new TestDevice([lasting(2)]);
    await device.telemetry({ temperature: long(31) });
    device.clock += 1500;
    await device.telemetry({ temperature: long(32) });
    expect(device.active()).toBeUndefined();
    device.clock += 600;
    await device.telemetry({ temperature: long(33) });
    expect(device.active()?.severity).toBe('CRITICAL');
  });

  it('starts over when the condition stops holding', async () => {
    const device = new TestDevice([lasting(2)]);
    await device.telemetry({ temperature: long(31) });
    device.clock += 1500;
    await device.telemetry({ temperature: long(25) });
    device.clock += 1500;
    await device.telemetry({ temperature: long(31) });
    expect(device.active()).toBeUndefined();
  });

  it('is raised by the periodic check without new data', async () => {
    const device = new TestDevice([lasting(2)]);
    await device.telemetry({ temperature: long(31) });
    device.clock += 1000;
    await device.tick();
    expect(device.active()).toBeUndefined();
    device.clock += 1500;
    await device.tick();
    expect(device.active()?.severity).toBe('CRITICAL');
  });
});

describe('schedules', () => {
  // Wednesday 2021-03-17 08:30 in Berlin is 07:30 UTC.
  const wednesdayMorningBerlin = Date.UTC(2021, 2, 17, 7, 30);
  const scheduled = (schedule: AlarmRule['schedule']) =>
    temperatureAlarm({ createRules: { MAJOR: rule([above(30)], { schedule }) }, clearRule: null });

  it('applies a SPECIFIC_TIME rule only on its days and hours in its time zone', async () => {
    const workHours = {
      type: 'SPECIFIC_TIME' as const,
      timezone: 'Europe/Berlin',
      daysOfWeek: [1, 2, 3, 4, 5],
      startsOn: 8 * 3600_000,
      endsOn: 17 * 3600_000,
    };
    const inHours = new TestDevice([scheduled(workHours)]);
    inHours.clock = wednesdayMorningBerlin;
    await inHours.telemetry({ temperature: long(40) });
    expect(inHours.active()).toBeDefined();

    const inUtc = new TestDevice([scheduled({ ...workHours, timezone: 'UTC' })]);
    inUtc.clock = wednesdayMorningBerlin;
    await inUtc.telemetry({ temperature: long(40) });
    expect(inUtc.active()).toBeUndefined();

    const weekend = new TestDevice([scheduled({ ...workHours, daysOfWeek: [6, 7] })]);
    weekend.clock = wednesdayMorningBerlin;
    await weekend.telemetry({ temperature: long(40) });
    expect(weekend.active()).toBeUndefined();
  });

  it('applies a CUSTOM rule by the enabled item of the day', async () => {
    const custom = {
      type: 'CUSTOM' as const,
      timezone: 'America/New_York',
      items: [
        { enabled: true, dayOfWeek: 3, startsOn: 3 * 3600_000, endsOn: 4 * 3600_000 },
        { enabled: false, dayOfWeek: 4, startsOn: 0, endsOn: 0 },
      ],
    };
    const device = new TestDevice([scheduled(custom)]);
    // 07:30 UTC is 03:30 in New York (EDT since March 14th).
    device.clock = wednesdayMorningBerlin;
    await device.telemetry({ temperature: long(40) });
    expect(device.active()).toBeDefined();
    const nextDay = new TestDevice([scheduled(custom)]);
    nextDay.clock = wednesdayMorningBerlin + 86_400_000;
    await nextDay.telemetry({ temperature: long(40) });
    expect(nextDay.active()).toBeUndefined();
  });
});

describe('details', () => {
  it('substitutes every filter key literally and adds the dashboard', async () => {
    const device = new TestDevice([
      temperatureAlarm({
        createRules: {
          MAJOR: rule([above(0), above(-100, 'state$')], {
            alarmDetails: `\${temperature}/\${state$}/\${unknown}`,
            dashboardId: { entityType: 'DASHBOARD', id: 'dash-1' },
          }),
        },
      }),
    ]);
    await device.telemetry({ temperature: long(12), state$: text('7') });
    expect(device.active()?.details).toEqual({ data: `12/7/\${unknown}`, dashboardId: 'dash-1' });
  });

  it('gives an empty object without a template', async () => {
    const device = new TestDevice([temperatureAlarm({ createRules: { MAJOR: rule([above(0)]) } })]);
    await device.telemetry({ temperature: long(12) });
    expect(device.active()?.details).toEqual({});
  });
});

describe('compiling', () => {
  it('collects the keys of the rules and skips definitions it cannot read', () => {
    const profile = compileProfileAlarms([
      temperatureAlarm(),
      {
        id: 'broken',
        alarmType: 'Broken',
        createRules: { MAJOR: { condition: { condition: 'x' } } as never },
      },
    ]);
    expect(profile.alarms.map((a) => a.id)).toEqual(['high-temperature']);
    expect(profile.alarms[0]?.createRules.map((r) => r.severity)).toEqual(['CRITICAL', 'WARNING']);
    expect(profile.keys).toEqual([{ type: 'TIME_SERIES', key: 'temperature' }]);
    expect(profile.problems).toHaveLength(1);
    expect(profile.problems[0]).toContain('Broken');
  });
});
