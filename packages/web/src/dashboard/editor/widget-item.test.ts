import type { JsonObject, WidgetTypeRecord } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { type LayoutRef, layoutPositions } from './config-edit';
import { addWidgetItem, parseWidgetItem, widgetItemOf, widgetOfType } from './widget-item';

const main: LayoutRef = { stateId: 'default', layoutId: 'main' };
const deviceFilter = {
  type: 'singleEntity',
  singleEntity: { entityType: 'DEVICE', id: 'd1' },
  resolveMultiple: false,
};
const keyFilters = [
  { key: { type: 'TIME_SERIES', key: 'temperature' }, valueType: 'NUMERIC', predicate: {} },
];

function dashboard(): JsonObject {
  return {
    entityAliases: { al1: { id: 'al1', alias: 'Thermometer', filter: deviceFilter } },
    filters: { f1: { id: 'f1', filter: 'Hot', keyFilters, editable: true } },
    widgets: {
      w1: {
        id: 'w1',
        isSystemType: true,
        bundleAlias: 'charts',
        typeAlias: 'basic_timeseries',
        type: 'timeseries',
        sizeX: 8,
        sizeY: 5,
        config: {
          title: 'Temperature',
          datasources: [{ type: 'entity', entityAliasId: 'al1', filterId: 'f1', dataKeys: [] }],
        },
      },
    },
    states: {
      default: {
        name: 'Main',
        root: true,
        layouts: {
          main: { widgets: { w1: { row: 1, col: 2, sizeX: 10, sizeY: 4 } }, gridSettings: { columns: 24 } },
        },
      },
    },
  } as unknown as JsonObject;
}

let ids = 0;
const newId = () => `new-${++ids}`;

describe('widget items (copy, paste, import)', () => {
  it('copies a widget with its aliases and filters by name and definition', () => {
    const item = widgetItemOf(dashboard(), main, 'w1');
    expect(item).toMatchObject({
      aliasesInfo: {
        datasourceAliases: { 0: { alias: 'Thermometer', filter: deviceFilter } },
        targetDeviceAliases: {},
      },
      filtersInfo: { datasourceFilters: { 0: { filter: 'Hot', keyFilters, editable: true } } },
      originalSize: { sizeX: 10, sizeY: 4 },
      originalColumns: 24,
    });
    expect(item?.widget).toMatchObject({
      typeAlias: 'basic_timeseries',
      row: 1,
      col: 2,
      sizeX: 10,
      sizeY: 4,
    });
    expect(widgetItemOf(dashboard(), main, 'missing')).toBeNull();
  });

  it('pastes into the same dashboard as a new widget reusing its aliases and filters', () => {
    const config = dashboard();
    const item = widgetItemOf(config, main, 'w1');
    if (!item) throw new Error('no item');
    const pasted = addWidgetItem(config, main, item, 'w2', newId);
    expect(Object.keys(pasted.entityAliases as JsonObject)).toEqual(['al1']);
    expect(Object.keys(pasted.filters as JsonObject)).toEqual(['f1']);
    const widget = (pasted.widgets as Record<string, { id: string; config: { datasources: unknown[] } }>).w2;
    expect(widget?.id).toBe('w2');
    expect(widget?.config.datasources[0]).toMatchObject({ entityAliasId: 'al1', filterId: 'f1' });
    // First free place: right of the original (which spans columns 2..11, rows 1..4).
    expect(layoutPositions(pasted, main).w2).toEqual({ row: 0, col: 12, sizeX: 10, sizeY: 4 });
  });

  it('imports into another dashboard, adding the aliases and filters it lacks under free names', () => {
    const item = widgetItemOf(dashboard(), main, 'w1');
    if (!item) throw new Error('no item');
    const other = {
      entityAliases: {
        x: { id: 'x', alias: 'Thermometer', filter: { type: 'entityType', entityType: 'ASSET' } },
      },
      widgets: {},
      states: { default: { name: 'Main', root: true, layouts: { main: { widgets: {} } } } },
    } as unknown as JsonObject;
    const imported = addWidgetItem(other, main, item, 'w9', newId);
    const aliases = imported.entityAliases as Record<string, { alias: string; filter: unknown }>;
    const added = Object.entries(aliases).find(([id]) => id !== 'x');
    expect(added?.[1]).toMatchObject({ alias: 'Thermometer 1', filter: deviceFilter });
    const filters = imported.filters as Record<string, { filter: string }>;
    expect(Object.values(filters)).toMatchObject([{ filter: 'Hot', keyFilters, editable: true }]);
    const widget = (imported.widgets as Record<string, { config: { datasources: unknown[] } }>).w9;
    expect(widget?.config.datasources[0]).toMatchObject({
      entityAliasId: added?.[0],
      filterId: Object.keys(filters)[0],
    });
  });

  it('accepts the reference widget file and refuses anything else', () => {
    const item = widgetItemOf(dashboard(), main, 'w1');
    expect(parseWidgetItem(JSON.parse(JSON.stringify(item)))).toEqual(item);
    expect(parseWidgetItem({ title: 'A dashboard', configuration: {} })).toBeNull();
    expect(parseWidgetItem(null)).toBeNull();
    expect(parseWidgetItem([item])).toBeNull();
    const { isSystemType: _s, ...noSystemFlag } = item?.widget ?? {};
    expect(parseWidgetItem({ ...item, widget: noSystemFlag })).toBeNull();
    const { originalColumns: _c, ...noColumns } = item ?? {};
    expect(parseWidgetItem(noColumns)).toBeNull();
  });

  it('builds a widget from a library type as the reference does', () => {
    const type = {
      bundleAlias: 'analogue_gauges',
      alias: 'speed_gauge_canvas_gauges',
      name: 'Speed gauge',
      descriptor: {
        type: 'latest',
        sizeX: 7,
        sizeY: 5,
        defaultConfig: '{"showTitle":true,"settings":{"maxValue":180}}',
      },
    } as unknown as WidgetTypeRecord;
    expect(widgetOfType(type, true)).toEqual({
      isSystemType: true,
      bundleAlias: 'analogue_gauges',
      typeAlias: 'speed_gauge_canvas_gauges',
      type: 'latest',
      title: 'New widget',
      image: null,
      description: null,
      sizeX: 7,
      sizeY: 5,
      config: { showTitle: true, settings: { maxValue: 180 }, title: 'New Speed gauge' },
      row: 0,
      col: 0,
    });
    const broken = {
      ...type,
      descriptor: { ...type.descriptor, defaultConfig: '{oops' },
    } as WidgetTypeRecord;
    expect(() => widgetOfType(broken, true)).toThrow(/Speed gauge/);
  });
});
