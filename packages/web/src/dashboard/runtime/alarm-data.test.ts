import type { AlarmData, AlarmDataUpdate } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { alarmDataCommand, reduceAlarmUpdate } from './alarm-data';

const alarm = (id: string, createdTime: number, status: AlarmData['status'] = 'ACTIVE_UNACK') =>
  ({ id: { entityType: 'ALARM', id }, createdTime, status }) as AlarmData;

const reply = (extra: Partial<AlarmDataUpdate>): AlarmDataUpdate => ({
  cmdId: 1,
  errorCode: 0,
  errorMsg: null,
  cmdUpdateType: 'ALARM_DATA',
  data: null,
  update: null,
  allowedEntities: 1,
  totalEntities: 1,
  ...extra,
});

describe('alarm data', () => {
  it('asks for the entities’ alarms in the window with the status filter', () => {
    const entity = { id: { entityType: 'DEVICE' as const, id: 'd1' }, name: 'D1', label: '' };
    const command = alarmDataCommand([entity], 'ACTIVE', { kind: 'realtime', timewindowMs: 60_000 });
    expect(command?.query.entityFilter).toEqual({ type: 'singleEntity', singleEntity: entity.id });
    expect(command?.query.pageLink).toMatchObject({ timeWindow: 60_000, statusList: ['ACTIVE'] });
    expect(alarmDataCommand([], 'ANY', { kind: 'realtime', timewindowMs: 1 })).toBeNull();
  });

  it('takes a page, then merges changed alarms, newest first, dropping those the filter no longer selects', () => {
    const page = reduceAlarmUpdate(
      [],
      reply({
        data: { data: [alarm('a', 1), alarm('b', 2)], totalPages: 1, totalElements: 2, hasNext: false },
      }),
      'ACTIVE',
    );
    expect(page.map((a) => a.id.id)).toEqual(['b', 'a']);
    const next = reduceAlarmUpdate(
      page,
      reply({ update: [alarm('a', 1, 'CLEARED_UNACK'), alarm('c', 3)] }),
      'ACTIVE',
    );
    expect(next.map((a) => a.id.id)).toEqual(['c', 'b']);
  });
});
