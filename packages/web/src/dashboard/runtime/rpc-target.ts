import type { DataKey, Datasource, JsonObject, WidgetConfig } from '@meridian/common';
import type { AliasEntity } from './alias-resolution';

/**
 * The target device of an RPC widget (kind `rpc`): the reference widget sends its commands to the
 * first device of the first alias in `config.targetDeviceAliasIds`. Its value, when the widget
 * follows an attribute or a time series of that device, comes through the same subscription as any
 * latest-values widget: the runtime turns the target into one entity datasource of that key.
 */

/** How an RPC widget reads the state it shows (reference `retrieveValueMethod`). */
export type RetrieveValueMethod = 'rpc' | 'attribute' | 'timeseries' | 'none';

/** Which settings name the key an RPC widget follows, and their reference defaults. */
export interface RpcValueSource {
  /** The widget's `retrieveValueMethod` when the settings name none. */
  defaultMethod: RetrieveValueMethod;
  /**
   * The setting naming the key (`valueKey`, or the LED's `valueAttribute`; default `value`); null
   * for a widget that follows no key whatever its settings say.
   */
  keySetting: string | null;
}

const METHODS: readonly RetrieveValueMethod[] = ['rpc', 'attribute', 'timeseries', 'none'];

export function retrieveValueMethodOf(
  settings: JsonObject | undefined,
  source: RpcValueSource,
): RetrieveValueMethod {
  const method = settings?.retrieveValueMethod;
  if (source.keySetting === null) return source.defaultMethod;
  return METHODS.includes(method as RetrieveValueMethod)
    ? (method as RetrieveValueMethod)
    : source.defaultMethod;
}

/** The attribute or time series key the widget follows, or null when it reads no key. */
export function rpcValueKey(settings: JsonObject | undefined, source: RpcValueSource): DataKey | null {
  const method = retrieveValueMethodOf(settings, source);
  if (source.keySetting === null || (method !== 'attribute' && method !== 'timeseries')) return null;
  const setting = settings?.[source.keySetting];
  const name = typeof setting === 'string' && setting.length > 0 ? setting : 'value';
  return { name, type: method === 'attribute' ? 'attribute' : 'timeseries', label: name, color: '' };
}

/** The alias the widget's commands go to, if any. */
export function targetAliasIdOf(config: WidgetConfig): string | null {
  const ids = config.targetDeviceAliasIds;
  return Array.isArray(ids) && typeof ids[0] === 'string' && ids[0].length > 0 ? ids[0] : null;
}

/**
 * The config the runtime subscribes for an RPC widget: one entity datasource of the target alias
 * with the followed key (none when it reads its state by RPC), no datasource without a target.
 */
export function rpcDataConfig(config: WidgetConfig, source: RpcValueSource | undefined): WidgetConfig {
  const aliasId = targetAliasIdOf(config);
  const key = source ? rpcValueKey(config.settings, source) : null;
  const datasources: Datasource[] = aliasId
    ? [{ type: 'entity', entityAliasId: aliasId, dataKeys: key ? [key] : [] }]
    : [];
  return { ...config, datasources };
}

/** The device the commands go to: the first device the target alias resolved to. */
export function targetDeviceOf(entities: readonly AliasEntity[] | undefined): AliasEntity | null {
  return entities?.find((entity) => entity.id.entityType === 'DEVICE') ?? null;
}

/** The reference's switches read their state by RPC unless told to follow `valueKey`. */
export const SWITCH_VALUE_SOURCE: RpcValueSource = { defaultMethod: 'rpc', keySetting: 'valueKey' };

/** The reference's LED follows the attribute `valueAttribute` unless told time series. */
export const LED_VALUE_SOURCE: RpcValueSource = { defaultMethod: 'attribute', keySetting: 'valueAttribute' };

/** Widgets that follow no key (the knob reads its value by RPC, the button reads nothing). */
export const RPC_ONLY_VALUE_SOURCE: RpcValueSource = { defaultMethod: 'rpc', keySetting: null };
