import { describe, expect, it } from 'vitest';
import {
  countCommands,
  type TelemetryPluginCmdsWrapper,
  takeCommandBatch,
  WS_COMMAND_FILL_ORDER,
} from './ws-protocol.js';

const attr = (cmdId: number) => ({ cmdId, entityType: 'DEVICE', entityId: 'd', keys: '' });
const pending: TelemetryPluginCmdsWrapper = {
  entityCountUnsubscribeCmds: [{ cmdId: 9 }],
  attrSubCmds: [attr(1), attr(2)],
  entityDataUnsubscribeCmds: [{ cmdId: 5 }],
  entityDataCmds: [{ cmdId: 4 }],
  tsSubCmds: [{ cmdId: 3, entityType: 'DEVICE', entityId: 'd' }],
};

describe('takeCommandBatch', () => {
  it('fills in spec order up to the cap and keeps the rest', () => {
    const { batch, rest, count } = takeCommandBatch(pending, 4);
    expect(count).toBe(4);
    expect(batch).toEqual({
      attrSubCmds: [attr(1), attr(2)],
      tsSubCmds: [pending.tsSubCmds?.[0]],
      entityDataCmds: [{ cmdId: 4 }],
    });
    expect(rest).toEqual({
      entityDataUnsubscribeCmds: [{ cmdId: 5 }],
      entityCountUnsubscribeCmds: [{ cmdId: 9 }],
    });
  });

  it('splits a list across batches', () => {
    const { batch, rest } = takeCommandBatch(pending, 1);
    expect(batch).toEqual({ attrSubCmds: [attr(1)] });
    expect(rest.attrSubCmds).toEqual([attr(2)]);
    expect(countCommands(rest)).toBe(5);
  });

  it('takes everything when the cap is large and never mutates input', () => {
    const { batch, rest, count } = takeCommandBatch(pending, 100);
    expect(count).toBe(6);
    expect(rest).toEqual({});
    expect(Object.keys(batch)).toEqual(WS_COMMAND_FILL_ORDER.filter((name) => name in pending));
    expect(pending.attrSubCmds).toHaveLength(2);
  });

  it('rejects a cap below 1', () => {
    expect(() => takeCommandBatch(pending, 0)).toThrow(RangeError);
  });
});
