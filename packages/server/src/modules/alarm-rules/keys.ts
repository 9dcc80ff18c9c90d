import type { AlarmConditionKeyType } from '@meridian/common';

/** A key an alarm condition reads (reference AlarmConditionFilterKey). */
export interface ConditionKey {
  type: AlarmConditionKeyType;
  key: string;
}

/** One string per key, for sets and maps. */
export const conditionKeyId = (key: ConditionKey): string => `${key.type}:${key.key}`;

/** The id of a device attribute key (every scope is one ATTRIBUTE key to the rules). */
export const attributeKeyId = (key: string): string => `ATTRIBUTE:${key}`;

/** The id of a time-series key. */
export const timeSeriesKeyId = (key: string): string => `TIME_SERIES:${key}`;
