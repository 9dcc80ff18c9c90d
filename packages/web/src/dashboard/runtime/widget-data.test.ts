import type { DataKey, EntityDataUpdate } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { datasourceCommand, initialValues, mergeSeries, reduceUpdate } from './widget-data';

const key = (name: string, type: DataKey['type']): DataKey => ({ name, type, label: name, color: '#000' });
const KEYS = [key('temperature', 'timeseries'), key('active', 'attribute'), key('type', 'entityField')];
const DEVICE = { id: { entityType: 'DEVICE' as const, id: 'd1' }, name: 'Thermostat', label: '' };
const update = (fields: Partial<EntityDataUpdate>): EntityDataUpdate => ({
  cmdId: 1,
  cmdUpdateType: 'ENTITY_DATA',
  errorCode: 0,
  errorMsg: null,
  data: null,
  update: null,
  allowedEntities: 10000,
  ...fields,
});

describe('widget data', () => {
  it('asks latest values of every key kind for a latest widget', () => {
    const command = datasourceCommand(
      [DEVICE],
      KEYS,
      'latest',
      { kind: 'realtime', timewindowMs: 60_000 },
      1000,
    );
    expect(command?.query?.entityFilter).toEqual({ type: 'singleEntity', singleEntity: DEVICE.id });
    expect(command?.query?.latestValues).toEqual([
      { type: 'TIME_SERIES', key: 'temperature' },
      { type: 'ATTRIBUTE', key: 'active' },
    ]);
    expect(command?.query?.entityFields).toContainEqual({ type: 'ENTITY_FIELD', key: 'type' });
    expect(command?.latestCmd?.keys).toHaveLength(3);
  });

  it('follows a rolling window, or fetches a fixed one, of the time series keys', () => {
    const realtime = datasourceCommand(
      [DEVICE],
      KEYS,
      'timeseries',
      { kind: 'realtime', timewindowMs: 60_000 },
      100_000,
    );
    expect(realtime?.tsCmd).toMatchObject({ keys: ['temperature'], startTs: 40_000, timeWindow: 60_000 });
    const history = datasourceCommand(
      [DEVICE],
      KEYS,
      'timeseries',
      { kind: 'history', startTs: 5, endTs: 9 },
      0,
    );
    expect(history?.historyCmd).toMatchObject({ keys: ['temperature'], startTs: 5, endTs: 9 });
    expect(datasourceCommand([], KEYS, 'latest', { kind: 'history', startTs: 5, endTs: 9 }, 0)).toBeNull();
  });

  it('sends the aggregation of the window with its commands, and the limit alone for None', () => {
    const avg = { type: 'AVG' as const, intervalMs: 60_000, limit: 60 };
    const realtime = datasourceCommand(
      [DEVICE],
      KEYS,
      'timeseries',
      { kind: 'realtime', timewindowMs: 3_600_000, aggregation: avg },
      3_630_000,
    );
    // The start is aligned down to the interval.
    expect(realtime?.tsCmd).toEqual({
      keys: ['temperature'],
      startTs: 0,
      timeWindow: 3_630_000,
      interval: 60_000,
      limit: 60,
      agg: 'AVG',
    });
    const none = { type: 'NONE' as const, intervalMs: 1000, limit: 300 };
    const history = datasourceCommand(
      [DEVICE],
      KEYS,
      'timeseries',
      { kind: 'history', startTs: 5, endTs: 9, aggregation: none },
      0,
    );
    expect(history?.historyCmd).toMatchObject({ interval: 0, limit: 300, agg: 'NONE' });
  });

  it('folds live raw points of an aggregated window into its buckets', () => {
    const series = [key('temperature', 'timeseries')];
    const avg = { type: 'AVG' as const, intervalMs: 60_000, limit: 60 };
    let values = initialValues([DEVICE], series);
    values = reduceUpdate(
      values,
      update({
        data: {
          data: [
            { entityId: DEVICE.id, latest: {}, timeseries: { temperature: [{ ts: 30_000, value: '2.0' }] } },
          ],
          totalPages: 1,
          totalElements: 1,
          hasNext: false,
        },
      }),
      series,
      0,
      avg,
    );
    values = reduceUpdate(
      values,
      update({
        update: [
          {
            entityId: DEVICE.id,
            latest: {},
            timeseries: {
              temperature: [
                { ts: 40_000, value: '4' },
                { ts: 70_000, value: '10' },
              ],
            },
          },
        ],
      }),
      series,
      0,
      avg,
    );
    expect(values[0]?.series[0]).toEqual([
      { ts: 30_000, value: '3' },
      { ts: 90_000, value: '10' },
    ]);
  });

  it('folds the first page and later changes into the values, never moving a value back', () => {
    let values = initialValues([DEVICE], KEYS);
    values = reduceUpdate(
      values,
      update({
        data: {
          data: [
            {
              entityId: DEVICE.id,
              latest: {
                TIME_SERIES: { temperature: { ts: 10, value: '21.5' } },
                ENTITY_FIELD: { type: { ts: 0, value: 'thermostat' } },
              },
              timeseries: { temperature: [{ ts: 10, value: '21.5' }] },
            },
          ],
          totalPages: 1,
          totalElements: 1,
          hasNext: false,
        },
      }),
      KEYS,
      0,
    );
    expect(values[0]?.latest.map((v) => v?.value)).toEqual(['21.5', undefined, 'thermostat']);
    values = reduceUpdate(
      values,
      update({
        update: [
          {
            entityId: DEVICE.id,
            latest: { TIME_SERIES: { temperature: { ts: 5, value: '1' } } },
            timeseries: { temperature: [{ ts: 20, value: '22' }] },
          },
        ],
      }),
      KEYS,
      0,
    );
    expect(values[0]?.latest[0]?.value).toBe('21.5');
    expect(values[0]?.series[0]).toEqual([
      { ts: 10, value: '21.5' },
      { ts: 20, value: '22' },
    ]);
    // Points that left a rolling window are dropped.
    expect(reduceUpdate(values, update({ update: [] }), KEYS, 15)[0]?.series[0]).toEqual([
      { ts: 20, value: '22' },
    ]);
  });

  it('merges series: appends newer points, replaces equal timestamps, sorts late ones, drops old ones', () => {
    const p = (ts: number, value = String(ts)) => ({ ts, value });
    const series = [p(10), p(20), p(30)];
    expect(mergeSeries(series, [p(40), p(35)], 0)).toEqual([p(10), p(20), p(30), p(35), p(40)]);
    expect(mergeSeries(series, [p(30, 'again'), p(50)], 15)).toEqual([p(20), p(30, 'again'), p(50)]);
    expect(mergeSeries(series, [p(15), p(30, 'new')], 0)).toEqual([p(10), p(15), p(20), p(30, 'new')]);
    expect(mergeSeries(series, [p(5)], 20)).toEqual([p(20), p(30)]);
    // Nothing gained or lost: the same array, so widgets can skip redrawing.
    expect(mergeSeries(series, [], 10)).toBe(series);
    expect(mergeSeries(series, [], 11)).toEqual([p(20), p(30)]);
  });
});
