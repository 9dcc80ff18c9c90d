import type { DataKey } from '@meridian/common';

/**
 * Keys a time-series widget draws: time series of entities, and the values a function datasource
 * generates or an entity count datasource counts over the window (reference: function and count
 * keys are series of their time-series widgets too).
 */
const SERIES_KEY_TYPES = new Set<DataKey['type']>(['timeseries', 'function', 'count']);

export function isSeriesKey(dataKey: DataKey): boolean {
  return SERIES_KEY_TYPES.has(dataKey.type);
}
