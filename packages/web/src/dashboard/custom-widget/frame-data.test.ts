import { describe, expect, it } from 'vitest';
import type { DatasourceData } from '../../widgets/widget-definition';
import { frameDataOf } from './frame-data';

const source: DatasourceData = {
  datasource: { type: 'entity', entityAliasId: 'a1', dataKeys: [] },
  dataKeys: [
    {
      name: 'temperature',
      type: 'timeseries',
      label: 'Temperature',
      color: '#f00',
      units: '°C',
      decimals: 1,
    },
    { name: 'humidity', type: 'timeseries', label: 'Humidity', color: '#00f' },
  ],
  entities: [
    {
      entity: { id: { id: 'd1', entityType: 'DEVICE' }, name: 'Thermostat A', label: 'Hall' },
      latest: [{ ts: 20, value: '21.5' }, undefined],
      series: [
        [
          { ts: 10, value: '21' },
          { ts: 20, value: '21.5' },
        ],
        [],
      ],
    },
    {
      entity: { id: { id: 'd2', entityType: 'DEVICE' }, name: 'Thermostat B', label: '' },
      latest: [
        { ts: 30, value: '19' },
        { ts: 30, value: '40' },
      ],
      series: [[], []],
    },
  ],
};

describe('custom widget data in the reference shapes', () => {
  it('makes a datasource per entity and a data entry per key, with the latest value alone', () => {
    const { datasources, data } = frameDataOf([source], 'latest');
    expect(datasources.map((d) => [d.entityName, d.entityId, d.entityType, d.entityLabel])).toEqual([
      ['Thermostat A', 'd1', 'DEVICE', 'Hall'],
      ['Thermostat B', 'd2', 'DEVICE', ''],
    ]);
    expect(datasources[0]?.dataKeys[0]).toEqual({
      name: 'temperature',
      type: 'timeseries',
      label: 'Temperature',
      color: '#f00',
      units: '°C',
      decimals: 1,
      settings: {},
    });
    expect(data).toEqual([
      { datasourceIndex: 0, dataKeyIndex: 0, data: [[20, '21.5']] },
      { datasourceIndex: 0, dataKeyIndex: 1, data: [] },
      { datasourceIndex: 1, dataKeyIndex: 0, data: [[30, '19']] },
      { datasourceIndex: 1, dataKeyIndex: 1, data: [[30, '40']] },
    ]);
  });

  it("gives a time-series widget its window's points, oldest first", () => {
    const { data } = frameDataOf([source], 'timeseries');
    expect(data[0]?.data).toEqual([
      [10, '21'],
      [20, '21.5'],
    ]);
  });
});
