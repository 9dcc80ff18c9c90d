import { isJsonObject, type JsonObject, type WidgetTypeRecord } from '@meridian/common';
import { DEFAULT_COLUMNS } from '../runtime/restore-dashboard';
import { addWidget, type LayoutRef, layoutColumns, layoutPositions } from './config-edit';

/**
 * A widget as the reference copies and exports it (§5.6, its `WidgetItem`): the widget JSON, the
 * aliases and filters its datasources use (by name and definition, since ids are the dashboard's
 * own), its size and the columns of the grid it came from. Copy, paste and import all use it, so a
 * widget moves between dashboards with what it needs.
 */
export interface WidgetItem {
  widget: JsonObject;
  aliasesInfo: {
    datasourceAliases: Record<string, AliasInfo>;
    targetDeviceAliases: Record<string, AliasInfo>;
  };
  filtersInfo: { datasourceFilters: Record<string, FilterInfo> };
  originalSize: { sizeX: number; sizeY: number };
  originalColumns: number;
}

interface AliasInfo {
  alias: string;
  filter: unknown;
}

interface FilterInfo {
  filter: string;
  keyFilters: unknown;
  editable: boolean;
}

type Json = Record<string, unknown>;
const objectOr = (value: unknown): Json => (isJsonObject(value) ? (value as Json) : {});
const arrayOr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** JSON with object keys in order, so that two equal definitions compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isJsonObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Json)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The widget of the layout with its aliases and filters, ready to copy or export. */
export function widgetItemOf(configuration: JsonObject, ref: LayoutRef, widgetId: string): WidgetItem | null {
  const widget = objectOr(configuration.widgets)[widgetId];
  if (!isJsonObject(widget)) return null;
  const position = layoutPositions(configuration, ref)[widgetId];
  const aliases = objectOr(configuration.entityAliases);
  const filters = objectOr(configuration.filters);
  const config = objectOr(widget.config);
  const datasourceAliases: Record<string, AliasInfo> = {};
  const datasourceFilters: Record<string, FilterInfo> = {};
  arrayOr(config.datasources).forEach((datasource, index) => {
    const source = objectOr(datasource);
    const alias = typeof source.entityAliasId === 'string' ? objectOr(aliases[source.entityAliasId]) : null;
    if (alias && typeof alias.alias === 'string') {
      datasourceAliases[index] = { alias: alias.alias, filter: alias.filter };
    }
    const filter = typeof source.filterId === 'string' ? objectOr(filters[source.filterId]) : null;
    if (filter && typeof filter.filter === 'string') {
      datasourceFilters[index] = {
        filter: filter.filter,
        keyFilters: filter.keyFilters,
        editable: filter.editable !== false,
      };
    }
  });
  const targetDeviceAliases: Record<string, AliasInfo> = {};
  const targetId = arrayOr(config.targetDeviceAliasIds)[0];
  const target = typeof targetId === 'string' ? objectOr(aliases[targetId]) : null;
  if (target && typeof target.alias === 'string') {
    targetDeviceAliases[0] = { alias: target.alias, filter: target.filter };
  }
  const sizeX = position?.sizeX ?? (typeof widget.sizeX === 'number' ? widget.sizeX : 8);
  const sizeY = position?.sizeY ?? (typeof widget.sizeY === 'number' ? widget.sizeY : 6);
  return {
    widget: { ...widget, sizeX, sizeY, row: position?.row ?? 0, col: position?.col ?? 0 },
    aliasesInfo: { datasourceAliases, targetDeviceAliases },
    filtersInfo: { datasourceFilters },
    originalSize: { sizeX, sizeY },
    originalColumns: layoutColumns(configuration, ref),
  };
}

/**
 * A widget file as the reference exports it, or null for anything else (the reference's check:
 * the widget, its aliases info and original columns, and the widget's type keys).
 */
export function parseWidgetItem(value: unknown): WidgetItem | null {
  if (!isJsonObject(value)) return null;
  const { widget, aliasesInfo, filtersInfo, originalColumns, originalSize } = value as Json;
  if (!isJsonObject(widget) || !isJsonObject(aliasesInfo) || typeof originalColumns !== 'number') return null;
  if (
    typeof widget.isSystemType !== 'boolean' ||
    typeof widget.bundleAlias !== 'string' ||
    typeof widget.typeAlias !== 'string' ||
    typeof widget.type !== 'string'
  ) {
    return null;
  }
  const size = objectOr(originalSize);
  return {
    widget,
    aliasesInfo: {
      datasourceAliases: objectOr(aliasesInfo.datasourceAliases) as Record<string, AliasInfo>,
      targetDeviceAliases: objectOr(aliasesInfo.targetDeviceAliases) as Record<string, AliasInfo>,
    },
    filtersInfo: {
      datasourceFilters: objectOr(objectOr(filtersInfo).datasourceFilters) as Record<string, FilterInfo>,
    },
    originalSize: {
      sizeX:
        typeof size.sizeX === 'number' ? size.sizeX : typeof widget.sizeX === 'number' ? widget.sizeX : 8,
      sizeY:
        typeof size.sizeY === 'number' ? size.sizeY : typeof widget.sizeY === 'number' ? widget.sizeY : 6,
    },
    originalColumns: originalColumns > 0 ? originalColumns : DEFAULT_COLUMNS,
  };
}

/** A name not yet taken: `name`, else `name 1`, `name 2`, … */
function freeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  let n = 1;
  while (taken.has(`${name} ${n}`)) n++;
  return `${name} ${n}`;
}

/**
 * Adds a copied or imported widget to the layout at the first free place, as a new widget
 * `widgetId`. Each alias and filter it uses is matched to the dashboard's own of the same name and
 * definition, else added (under a free name); its datasources are pointed at them.
 */
export function addWidgetItem(
  configuration: JsonObject,
  ref: LayoutRef,
  item: WidgetItem,
  widgetId: string,
  newId: () => string,
): JsonObject {
  const aliases: Json = { ...objectOr(configuration.entityAliases) };
  const filters: Json = { ...objectOr(configuration.filters) };
  const aliasIdOf = (info: AliasInfo): string => {
    const definition = canonical(info.filter);
    for (const [id, alias] of Object.entries(aliases)) {
      const a = objectOr(alias);
      if (a.alias === info.alias && canonical(a.filter) === definition) return id;
    }
    const names = new Set(Object.values(aliases).map((a) => String(objectOr(a).alias)));
    const id = newId();
    aliases[id] = { id, alias: freeName(info.alias, names), filter: info.filter };
    return id;
  };
  const filterIdOf = (info: FilterInfo): string => {
    const definition = canonical(info.keyFilters);
    for (const [id, filter] of Object.entries(filters)) {
      const f = objectOr(filter);
      if (f.filter === info.filter && canonical(f.keyFilters) === definition) return id;
    }
    const names = new Set(Object.values(filters).map((f) => String(objectOr(f).filter)));
    const id = newId();
    filters[id] = {
      id,
      filter: freeName(info.filter, names),
      keyFilters: info.keyFilters,
      editable: info.editable,
    };
    return id;
  };

  const config = objectOr(item.widget.config);
  const datasources = arrayOr(config.datasources).map((datasource, index) => {
    const source = objectOr(datasource);
    const alias = item.aliasesInfo.datasourceAliases[index];
    const filter = item.filtersInfo.datasourceFilters[index];
    return {
      ...source,
      ...(alias ? { entityAliasId: aliasIdOf(alias) } : {}),
      ...(filter ? { filterId: filterIdOf(filter) } : {}),
    };
  });
  const target = item.aliasesInfo.targetDeviceAliases[0];
  const widgetConfig = {
    ...config,
    ...(Array.isArray(config.datasources) ? { datasources } : {}),
    ...(target ? { targetDeviceAliasIds: [aliasIdOf(target)] } : {}),
  };
  const { row: _row, col: _col, ...widget } = item.widget;
  const merged = { ...configuration, entityAliases: aliases, filters } as JsonObject;
  return addWidget(
    merged,
    ref,
    { ...widget, ...item.originalSize, config: widgetConfig } as JsonObject,
    widgetId,
    item.originalColumns,
  );
}

/**
 * A new widget of a library type, as the reference creates it: the type's default config titled
 * "New <type name>", its default size and kind, and the aliases that find its type again.
 * Throws when the type's default config is not JSON.
 */
export function widgetOfType(
  type: Pick<WidgetTypeRecord, 'bundleAlias' | 'alias' | 'name' | 'descriptor'>,
  isSystemType: boolean,
): JsonObject {
  const descriptor = type.descriptor;
  let config: unknown;
  try {
    config = JSON.parse(descriptor.defaultConfig || '{}');
  } catch {
    throw new Error(`Invalid default config of widget type ${type.name}`);
  }
  if (!isJsonObject(config)) throw new Error(`Invalid default config of widget type ${type.name}`);
  return {
    isSystemType,
    bundleAlias: type.bundleAlias,
    typeAlias: type.alias,
    type: descriptor.type,
    title: 'New widget',
    image: null,
    description: null,
    sizeX: descriptor.sizeX,
    sizeY: descriptor.sizeY,
    config: { ...config, title: `New ${type.name}` },
    row: 0,
    col: 0,
  } as JsonObject;
}

/** A random version 4 UUID: new widgets, aliases and filters get one, as in the reference. */
export function newGuid(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
