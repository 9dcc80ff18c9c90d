import type { AlarmData } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { csvField, widgetDataCsv } from './widget-data-csv';

const texts = { timestamp: 'Timestamp', entityName: 'Entity name' };
const local = (text: string) => new Date(text).getTime();

describe('widget data as CSV', () => {
  it('writes one row per entity with the latest value of each key', () => {
    const keys = [dataKey('temperature', { label: 'Temperature' }), dataKey('state', { label: 'State' })];
    const { data } = widgetProps(keys, [
      entityData('T1', ['21.5', 'on, heating']),
      entityData('T2', [undefined, 'off']),
    ]);
    expect(widgetDataCsv('latest', data, texts)).toBe(
      'Entity name,Temperature,State\r\nT1,21.5,"on, heating"\r\nT2,,off\r\n',
    );
  });

  it('writes a time-series widget as one row per entity and timestamp, keys side by side', () => {
    const keys = [dataKey('temperature'), dataKey('humidity')];
    const t1 = local('2026-11-26T10:00:00');
    const t2 = local('2026-11-26T10:00:05');
    const { data } = widgetProps(keys, [
      entityData(
        'T1',
        ['', ''],
        [
          [
            { ts: t2, value: '21' },
            { ts: t1, value: '20' },
          ],
          [{ ts: t1, value: '40' }],
        ],
      ),
    ]);
    expect(widgetDataCsv('timeseries', data, texts)).toBe(
      'Timestamp,Entity name,temperature,humidity\r\n' +
        '2026-11-26 10:00:00,T1,20,40\r\n' +
        '2026-11-26 10:00:05,T1,21,\r\n',
    );
  });

  it('writes an alarm widget one alarm a row with its fields', () => {
    const keys = [
      dataKey('type', { type: 'alarm', label: 'Type' }),
      dataKey('createdTime', { type: 'alarm', label: 'Created' }),
    ];
    const alarm = {
      type: 'Overheating "hot"',
      createdTime: local('2026-11-26T09:30:00'),
    } as unknown as AlarmData;
    const data = [
      {
        datasource: { type: 'entity' as const, dataKeys: keys },
        dataKeys: keys,
        entities: [],
        alarms: [alarm],
      },
    ];
    expect(widgetDataCsv('alarm', data, texts)).toBe(
      'Type,Created\r\n"Overheating ""hot""",2026-11-26 09:30:00\r\n',
    );
  });

  it('keeps spreadsheets from running cell text as a formula, but not negative numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-12.5')).toBe('-12.5');
    expect(csvField('plain')).toBe('plain');
  });
});
