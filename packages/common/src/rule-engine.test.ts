import { describe, expect, it } from 'vitest';
import { CONSOLE_MESSAGE_TYPES, MESSAGE_TYPES, messageTypeSwitchRelation } from './rule-engine.js';

describe('messageTypeSwitchRelation', () => {
  it('routes known types to their labels', () => {
    expect(messageTypeSwitchRelation('POST_TELEMETRY_REQUEST')).toBe('Post telemetry');
    expect(messageTypeSwitchRelation('TO_SERVER_RPC_REQUEST')).toBe('RPC Request from Device');
    expect(messageTypeSwitchRelation('ALARM_ACK')).toBe('Alarm Acknowledged');
    expect(messageTypeSwitchRelation('RPC_EXPIRED')).toBe('RPC Expired');
  });

  it('routes anything else to Other', () => {
    expect(messageTypeSwitchRelation('ALARM')).toBe('Other');
    expect(messageTypeSwitchRelation('CUSTOM_TYPE')).toBe('Other');
    expect(messageTypeSwitchRelation('constructor')).toBe('Other');
  });

  it('offers 22 console message types, all known', () => {
    expect(CONSOLE_MESSAGE_TYPES).toHaveLength(22);
    expect(new Set(MESSAGE_TYPES).size).toBe(MESSAGE_TYPES.length);
  });
});
