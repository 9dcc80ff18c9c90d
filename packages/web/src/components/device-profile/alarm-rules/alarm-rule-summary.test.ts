import type { AlarmConditionFilter } from '@meridian/common';
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../i18n/date-time';
import { createI18n, loadConsoleMessages } from '../../../i18n/i18n';
import { conditionText, filterText, scheduleText, specText } from './alarm-rule-summary';

const dateTime = (ms: number) => formatDateTime(ms, 'de_DE', 'UTC');

let t: TFunction;
let de: TFunction;

beforeAll(async () => {
  const english = createI18n('en_US');
  await loadConsoleMessages(english);
  t = english.t;
  // German is not offered yet (its catalogue is incomplete), but its alarm-rule words exist.
  const german = createI18n('en_US');
  await german.changeLanguage('de_DE');
  await loadConsoleMessages(german);
  de = german.t;
});

const temperatureAbove = (value: number): AlarmConditionFilter => ({
  key: { type: 'TIME_SERIES', key: 'temperature' },
  valueType: 'NUMERIC',
  predicate: { type: 'NUMERIC', operation: 'GREATER', value: { defaultValue: value, dynamicValue: null } },
});

describe('alarm rule summaries', () => {
  it('write a numeric key filter as a comparison', () => {
    expect(filterText(temperatureAbove(30), t, dateTime)).toBe('temperature > 30');
    expect(filterText(temperatureAbove(30), de, dateTime)).toBe('temperature > 30');
  });

  it('join the filters of a condition with "and", grouping nested AND/OR predicates', () => {
    const mode: AlarmConditionFilter = {
      key: { type: 'ATTRIBUTE', key: 'mode' },
      valueType: 'STRING',
      predicate: {
        type: 'COMPLEX',
        operation: 'OR',
        predicates: [
          { type: 'STRING', operation: 'STARTS_WITH', value: { defaultValue: 'eco' }, ignoreCase: true },
          { type: 'STRING', operation: 'EQUAL', value: { defaultValue: 'off' } },
        ],
      },
    };
    expect(conditionText({ condition: [temperatureAbove(30), mode] }, t, dateTime)).toBe(
      'temperature > 30 and (mode starts with “eco” (ignoring case) or mode = “off”)',
    );
    expect(conditionText({ condition: [mode] }, t, dateTime)).toBe(
      'mode starts with “eco” (ignoring case) or mode = “off”',
    );
    expect(conditionText({ condition: [] }, t, dateTime)).toBe('');
    expect(conditionText({ condition: [mode] }, de, dateTime)).toBe(
      'mode beginnt mit “eco” (ohne Groß-/Kleinschreibung) oder mode = “off”',
    );
  });

  it('name the attribute a dynamic value is read from', () => {
    const filter = temperatureAbove(25);
    filter.predicate = {
      type: 'NUMERIC',
      operation: 'GREATER_OR_EQUAL',
      value: {
        defaultValue: 25,
        dynamicValue: { sourceType: 'CURRENT_DEVICE', sourceAttribute: 'threshold' },
      },
    };
    expect(filterText(filter, t, dateTime)).toBe('temperature ≥ device attribute “threshold”');
  });

  it('describe the condition type with its duration or event count', () => {
    expect(specText({ type: 'SIMPLE' }, t)).toBe('Simple');
    expect(specText(undefined, t)).toBe('Simple');
    expect(specText({ type: 'DURATION', unit: 'MINUTES', predicate: { defaultValue: 5 } }, t)).toBe(
      'for 5 minutes',
    );
    expect(specText({ type: 'DURATION', unit: 'HOURS', predicate: { defaultValue: 1 } }, t)).toBe(
      'for 1 hour',
    );
    expect(specText({ type: 'REPEATING', predicate: { defaultValue: 3 } }, t)).toBe('on 3 events in a row');
    expect(specText({ type: 'DURATION', unit: 'DAYS', predicate: { defaultValue: 1 } }, de)).toBe(
      'für 1 Tag',
    );
    expect(
      specText(
        {
          type: 'REPEATING',
          predicate: {
            defaultValue: 2,
            dynamicValue: { sourceType: 'CURRENT_TENANT', sourceAttribute: 'repeats' },
          },
        },
        t,
      ),
    ).toBe('from the tenant attribute “repeats”, otherwise on 2 events in a row');
  });

  it('describe schedules: all the time, chosen days and hours, or per day', () => {
    expect(scheduleText(null, t)).toBe('Active all the time');
    expect(scheduleText({ type: 'ANY_TIME' }, t)).toBe('Active all the time');
    expect(
      scheduleText(
        {
          type: 'SPECIFIC_TIME',
          timezone: 'Europe/Berlin',
          daysOfWeek: [5, 1],
          startsOn: 9 * 3_600_000,
          endsOn: 18 * 3_600_000,
        },
        t,
      ),
    ).toBe('Active at a specific time: Mon, Fri, 09:00–18:00 (Europe/Berlin)');
    expect(
      scheduleText(
        {
          type: 'CUSTOM',
          timezone: 'UTC',
          items: [
            { enabled: true, dayOfWeek: 2, startsOn: 22 * 3_600_000, endsOn: 6 * 3_600_000 },
            { enabled: false, dayOfWeek: 1, startsOn: 0, endsOn: 0 },
            { enabled: true, dayOfWeek: 7, startsOn: 0, endsOn: 0 },
          ],
        },
        t,
      ),
    ).toBe('Custom: Tue 00:00–06:00, 22:00–24:00; Sun 00:00–24:00 (UTC)');
    expect(
      scheduleText({ type: 'SPECIFIC_TIME', timezone: 'UTC', daysOfWeek: [], startsOn: 0, endsOn: 0 }, de),
    ).toBe('Zu bestimmten Zeiten aktiv: keine Tage, 00:00–24:00 (UTC)');
  });
});
