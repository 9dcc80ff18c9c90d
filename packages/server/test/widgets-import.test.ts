import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, signInCallers } from './callers.js';
import { type EntityIdJson, expectOk, startServer, type TestServer } from './helper.js';

/**
 * The round trip of the console's widget import and export (reference import-export service)
 * through the widget API: a bundle export file in the reference's format is imported the way the
 * console does it (the bundle, then each type into the alias the server gave it), read back and
 * exported again unchanged; importing it again makes a second bundle; custom widget types (HTML,
 * CSS and JavaScript) keep every character; other tenants reach nothing of it; deleting a bundle
 * takes its types (what undoes an import that failed half way).
 */

interface BundleJson {
  id: EntityIdJson;
  createdTime: number;
  tenantId: EntityIdJson;
  alias: string;
  title: string;
  image: string | null;
  description: string | null;
}

interface WidgetTypeDetailsJson {
  id: EntityIdJson;
  createdTime: number;
  tenantId: EntityIdJson;
  bundleAlias: string;
  alias: string;
  name: string;
  image: string | null;
  description: string | null;
  descriptor: Record<string, unknown>;
}

/** A custom widget as the reference's widget editor saves one: everything in its descriptor. */
const CUSTOM_DESCRIPTOR = {
  type: 'latest',
  sizeX: 7.5,
  sizeY: 3,
  resources: [
    { url: 'https://cdn.example.com/gauge.min.js', isModule: false },
    { url: 'https://cdn.example.com/gauge.module.js', isModule: true },
  ],
  templateHtml:
    '<div class="plant-card">\n  <span class="label">Temperature °C</span>\n  <span class="value"></span>\n</div>',
  templateCss: '.plant-card {\n    display: flex;\n}\n.plant-card .value::after { content: "\\2103"; }\n',
  controllerScript:
    "self.onInit = function() {\n    self.ctx.$value = self.ctx.$container.find('.value');\n};\n\nself.onDataUpdated = function() {\n    var v = self.ctx.data[0].data[0][1];\n    self.ctx.$value.text(v + ' \\u00b0C — ok');\n};\n\nself.typeParameters = function() {\n    return { maxDatasources: 1, dataKeysOptional: false };\n};\n",
  settingsSchema:
    '{\n    "schema": {\n        "type": "object",\n        "title": "Settings",\n        "properties": {\n            "units": { "title": "Units", "type": "string", "default": "°C" }\n        }\n    },\n    "form": ["units"]\n}',
  dataKeySettingsSchema: '{}\n',
  defaultConfig:
    '{"datasources":[{"type":"function","name":"function","dataKeys":[{"name":"f(x)","type":"function","label":"Temperature","color":"#2196f3","settings":{},"_hash":0.51,"funcBody":"return Math.random() * 40;"}]}],"timewindow":{"realtime":{"timewindowMs":60000}},"showTitle":true,"backgroundColor":"#fff","settings":{"units":"°C"},"title":"Plant card"}',
};

/** A static widget with nothing but markup. */
const STATIC_DESCRIPTOR = {
  type: 'static',
  sizeX: 4,
  sizeY: 2,
  resources: [],
  templateHtml: '<h1 style="color: #305680">Plant 7</h1>',
  templateCss: '',
  controllerScript: 'self.onInit = function() {\n}\n',
  settingsSchema: '{}',
  dataKeySettingsSchema: '{}',
  defaultConfig: '{"datasources":[],"settings":{},"title":"Plant header"}',
};

/** The bundle file, as the reference writes it (its system bundle files have types without bundle alias). */
const BUNDLE_FILE = {
  widgetsBundle: {
    alias: 'plant_cards',
    title: 'Plant cards',
    image:
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    description: 'Cards of the plant',
  },
  widgetTypes: [
    {
      alias: 'plant_card',
      name: 'Plant card',
      image: null,
      description: 'Temperature of the plant',
      descriptor: CUSTOM_DESCRIPTOR,
    },
    {
      alias: 'plant_header',
      name: 'Plant header',
      image: null,
      description: null,
      descriptor: STATIC_DESCRIPTOR,
    },
  ],
};

let server: TestServer;
let tokens: Record<Caller, string>;

beforeAll(async () => {
  server = await startServer();
  ({ tokens } = await signInCallers(server));
});

afterAll(async () => {
  await server?.close();
});

const as = (caller: Caller) => ({ token: tokens[caller] });

/** What the console does on Import widgets bundle: the bundle, then its types into its alias. */
async function importBundle(file: typeof BUNDLE_FILE): Promise<BundleJson> {
  const bundle = expectOk(
    await server.api.post<BundleJson>('/api/widgetsBundle', file.widgetsBundle, as('tenantAdmin')),
  );
  for (const type of file.widgetTypes) {
    expectOk(
      await server.api.post('/api/widgetType', { ...type, bundleAlias: bundle.alias }, as('tenantAdmin')),
    );
  }
  return bundle;
}

const typesOf = async (caller: Caller, alias: string) =>
  expectOk(
    await server.api.get<WidgetTypeDetailsJson[]>(
      `/api/widgetTypesDetails?isSystem=false&bundleAlias=${alias}`,
      as(caller),
    ),
  );

/** What the console's Export writes: no ids, times or tenants; types oldest first. */
function exportOf(bundle: BundleJson, types: WidgetTypeDetailsJson[]) {
  const { id: _id, createdTime: _c, tenantId: _t, ...widgetsBundle } = bundle;
  const widgetTypes = [...types]
    .sort((a, b) => a.createdTime - b.createdTime)
    .map(({ id: _i, createdTime: _ct, tenantId: _ti, ...rest }) => rest);
  return { widgetsBundle, widgetTypes };
}

describe('widgets bundle import and export round trip', () => {
  it('imports a reference bundle file and exports it again unchanged', async () => {
    const bundle = await importBundle(BUNDLE_FILE);
    expect(bundle).toMatchObject({ ...BUNDLE_FILE.widgetsBundle, tenantId: { entityType: 'TENANT' } });
    const types = await typesOf('tenantAdmin', bundle.alias);
    expect(types.map((t) => t.name).sort()).toEqual(['Plant card', 'Plant header']);

    const exported = exportOf(bundle, types);
    expect(exported.widgetsBundle).toEqual(BUNDLE_FILE.widgetsBundle);
    expect(exported.widgetTypes).toEqual(
      BUNDLE_FILE.widgetTypes.map((type) => ({ ...type, bundleAlias: 'plant_cards' })),
    );
    // The code of a custom widget comes back character for character.
    const custom = types.find((t) => t.alias === 'plant_card');
    for (const key of [
      'templateHtml',
      'templateCss',
      'controllerScript',
      'settingsSchema',
      'dataKeySettingsSchema',
      'defaultConfig',
    ] as const) {
      expect(custom?.descriptor[key], key).toBe(CUSTOM_DESCRIPTOR[key]);
    }
    const byId = expectOk(
      await server.api.get<WidgetTypeDetailsJson>(`/api/widgetType/${custom?.id.id}`, as('tenantAdmin')),
    );
    expect(byId.descriptor).toEqual(CUSTOM_DESCRIPTOR);
  });

  it('importing the export again makes a second bundle with the next free alias and its own types', async () => {
    const first = (await typesOf('tenantAdmin', 'plant_cards')).length;
    const again = await importBundle(BUNDLE_FILE);
    expect(again.alias).toBe('plant_cards2');
    const copies = await typesOf('tenantAdmin', 'plant_cards2');
    expect(copies.map((t) => [t.alias, t.bundleAlias]).sort()).toEqual([
      ['plant_card', 'plant_cards2'],
      ['plant_header', 'plant_cards2'],
    ]);
    expect(copies.find((t) => t.alias === 'plant_card')?.descriptor).toEqual(CUSTOM_DESCRIPTOR);
    expect(await typesOf('tenantAdmin', 'plant_cards')).toHaveLength(first);
  });

  it('other tenants and the system administrator reach nothing of the imported bundle', async () => {
    const bundles = expectOk(await server.api.get<BundleJson[]>('/api/widgetsBundles', as('tenantAdmin')));
    const bundle = bundles.find((b) => b.alias === 'plant_cards');
    const [type] = await typesOf('tenantAdmin', 'plant_cards');
    for (const caller of ['otherTenantAdmin', 'sysadmin'] as const) {
      const theirs = expectOk(await server.api.get<BundleJson[]>('/api/widgetsBundles', as(caller)));
      expect(
        theirs.some((b) => b.id.id === bundle?.id.id),
        caller,
      ).toBe(false);
      expect((await server.api.get(`/api/widgetsBundle/${bundle?.id.id}`, as(caller))).status, caller).toBe(
        403,
      );
      expect((await server.api.get(`/api/widgetType/${type?.id.id}`, as(caller))).status, caller).toBe(403);
      const lookup = `/api/widgetTypesDetails?isSystem=false&bundleAlias=plant_cards`;
      expect(expectOk(await server.api.get<unknown[]>(lookup, as(caller))), caller).toEqual([]);
      // Nor may they write into it: an update or a delete of the tenant's type is forbidden.
      const update = await server.api.post('/api/widgetType', { ...type, name: 'Taken over' }, as(caller));
      expect(update.status, caller).toBe(403);
      expect((await server.api.delete(`/api/widgetType/${type?.id.id}`, as(caller))).status, caller).toBe(
        403,
      );
    }
  });

  it('deleting a bundle deletes its types, which undoes an import that failed half way', async () => {
    const bundle = expectOk(
      await server.api.post<BundleJson>('/api/widgetsBundle', { title: 'Half imported' }, as('tenantAdmin')),
    );
    const [good] = BUNDLE_FILE.widgetTypes;
    expectOk(
      await server.api.post('/api/widgetType', { ...good, bundleAlias: bundle.alias }, as('tenantAdmin')),
    );
    // The next type of the file is refused (an empty descriptor): the console deletes the bundle.
    const refused = await server.api.post(
      '/api/widgetType',
      { name: 'Broken', descriptor: {}, bundleAlias: bundle.alias },
      as('tenantAdmin'),
    );
    expect(refused.status).toBe(400);
    expect((await server.api.delete(`/api/widgetsBundle/${bundle.id.id}`, as('tenantAdmin'))).status).toBe(
      200,
    );
    expect(await typesOf('tenantAdmin', bundle.alias)).toEqual([]);
    const bundles = expectOk(await server.api.get<BundleJson[]>('/api/widgetsBundles', as('tenantAdmin')));
    expect(bundles.some((b) => b.id.id === bundle.id.id)).toBe(false);
    // The other imports are untouched.
    expect(await typesOf('tenantAdmin', 'plant_cards')).toHaveLength(2);
  });
});
