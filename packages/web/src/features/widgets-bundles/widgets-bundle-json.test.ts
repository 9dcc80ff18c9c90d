import type { WidgetsBundle, WidgetTypeDetails } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import {
  exportedWidgetsBundle,
  exportedWidgetType,
  exportFileName,
  parseImportedWidgetsBundle,
  parseImportedWidgetType,
  widgetTypeToSave,
} from './widgets-bundle-json';

const TENANT = { entityType: 'TENANT' as const, id: '5a797660-4612-11e7-a919-92ebcb67fe33' };

const bundle: WidgetsBundle = {
  id: { entityType: 'WIDGETS_BUNDLE', id: 'b1' },
  createdTime: 1,
  tenantId: TENANT,
  alias: 'my_widgets',
  title: 'My widgets',
  image: 'data:image/png;base64,AAAA',
  description: 'Mine',
};

/** A custom (HTML/CSS/JS) widget type, as the reference's editor saves one. */
const descriptor = {
  type: 'latest' as const,
  sizeX: 7.5,
  sizeY: 3,
  resources: [{ url: 'https://example.com/lib.js', isModule: false }],
  templateHtml: '<div class="value"></div>',
  templateCss: '.value { color: red; }',
  controllerScript: 'self.onInit = function() {\n  self.ctx.$container.find(".value").text("hi");\n}',
  settingsSchema: '{}',
  dataKeySettingsSchema: '{}',
  defaultConfig: '{"datasources":[],"title":"Hi"}',
  controllerScriptExtra: 'kept as it is',
};

const type = (id: string, createdTime: number, name: string): WidgetTypeDetails => ({
  id: { entityType: 'WIDGET_TYPE', id },
  createdTime,
  tenantId: TENANT,
  bundleAlias: 'my_widgets',
  alias: name.toLowerCase(),
  name,
  image: null,
  description: null,
  descriptor,
});

describe('widget type export and import (reference import-export service)', () => {
  it('exports a type without id, time, tenant and bundle alias, with its descriptor unchanged', () => {
    expect(exportedWidgetType(type('t1', 5, 'Hello'))).toEqual({
      alias: 'hello',
      name: 'Hello',
      image: null,
      description: null,
      descriptor,
    });
  });

  it('reads an exported type back, and saves it as a new type of the chosen bundle', () => {
    const text = JSON.stringify(exportedWidgetType(type('t1', 5, 'Hello')));
    const imported = parseImportedWidgetType(text);
    expect(imported).toEqual({ alias: 'hello', name: 'Hello', image: null, description: null, descriptor });
    expect(imported && widgetTypeToSave(imported, 'other_bundle')).toEqual({
      alias: 'hello',
      name: 'Hello',
      image: null,
      description: null,
      descriptor,
      bundleAlias: 'other_bundle',
    });
  });

  it('refuses what is no widget type: bad JSON, no name, no descriptor or a descriptor of no known kind', () => {
    expect(parseImportedWidgetType('{')).toBeNull();
    expect(parseImportedWidgetType('[]')).toBeNull();
    expect(parseImportedWidgetType(JSON.stringify({ descriptor }))).toBeNull();
    expect(parseImportedWidgetType(JSON.stringify({ name: ' ', descriptor }))).toBeNull();
    expect(parseImportedWidgetType(JSON.stringify({ name: 'A' }))).toBeNull();
    expect(parseImportedWidgetType(JSON.stringify({ name: 'A', descriptor: { type: 'gizmo' } }))).toBeNull();
    // A rule chain export is a foreign file.
    expect(parseImportedWidgetType(JSON.stringify({ ruleChain: { name: 'Root' }, metadata: {} }))).toBeNull();
  });
});

describe('widgets bundle export and import', () => {
  it('exports {widgetsBundle, widgetTypes} without server fields, oldest type first', () => {
    const exported = exportedWidgetsBundle(bundle, [type('t2', 9, 'Later'), type('t1', 5, 'Earlier')]);
    expect(exported.widgetsBundle).toEqual({
      alias: 'my_widgets',
      title: 'My widgets',
      image: 'data:image/png;base64,AAAA',
      description: 'Mine',
    });
    expect(exported.widgetTypes.map((t) => t.name)).toEqual(['Earlier', 'Later']);
    expect(exported.widgetTypes[0]).toEqual({
      bundleAlias: 'my_widgets',
      alias: 'earlier',
      name: 'Earlier',
      image: null,
      description: null,
      descriptor,
    });
  });

  it('reads its own export back, descriptors unchanged', () => {
    const exported = exportedWidgetsBundle(bundle, [type('t1', 5, 'Hello')]);
    const imported = parseImportedWidgetsBundle(JSON.stringify(exported));
    expect(imported?.widgetsBundle).toEqual(exported.widgetsBundle);
    expect(imported?.widgetTypes).toEqual([
      { alias: 'hello', name: 'Hello', image: null, description: null, descriptor },
    ]);
  });

  it('reads a reference system bundle file (types without bundle alias)', () => {
    const file = {
      widgetsBundle: { alias: 'cards', title: 'Cards', image: null, description: 'Tables and cards' },
      widgetTypes: [{ alias: 'attributes_card', name: 'Attributes card', descriptor }],
    };
    expect(parseImportedWidgetsBundle(JSON.stringify(file))).toEqual({
      widgetsBundle: { alias: 'cards', title: 'Cards', image: null, description: 'Tables and cards' },
      widgetTypes: [
        { alias: 'attributes_card', name: 'Attributes card', image: null, description: null, descriptor },
      ],
    });
  });

  it('refuses a foreign file or one with a single broken type: nothing is imported half', () => {
    expect(parseImportedWidgetsBundle('not json')).toBeNull();
    expect(parseImportedWidgetsBundle(JSON.stringify({ widgetsBundle: { title: 'A' } }))).toBeNull();
    expect(parseImportedWidgetsBundle(JSON.stringify({ widgetsBundle: {}, widgetTypes: [] }))).toBeNull();
    expect(
      parseImportedWidgetsBundle(
        JSON.stringify({
          widgetsBundle: { title: 'A' },
          widgetTypes: [{ name: 'ok', descriptor }, { name: 'x' }],
        }),
      ),
    ).toBeNull();
    // A widget type file is not a bundle file.
    expect(parseImportedWidgetsBundle(JSON.stringify({ name: 'A', descriptor }))).toBeNull();
  });

  it('names files as the reference does', () => {
    expect(exportFileName('My widgets')).toBe('my_widgets.json');
    expect(exportFileName('Gauges/Ä')).toBe('gauges__.json');
  });
});
