import { NATIVE_WIDGET_TYPES, NATIVE_WIDGETS_BUNDLES, SYSTEM_WIDGETS_BUNDLES } from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, signInCallers } from './callers.js';
import { newCustomer, newUser, type TenantRef } from './factories.js';
import {
  type DemoIds,
  type EntityIdJson,
  expectError,
  expectOk,
  NULL_UUID,
  type PageDataJson,
  startServer,
  type TestServer,
} from './helper.js';

/**
 * The widget library API (reference WidgetsBundleController and WidgetTypeController): bundles and
 * types of the system and of tenants, who may read and write which, the lists, and the reference's
 * validation messages.
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

interface WidgetTypeJson {
  id: EntityIdJson;
  createdTime: number;
  tenantId: EntityIdJson;
  bundleAlias: string;
  alias: string;
  name: string;
  descriptor: Record<string, unknown>;
}

interface WidgetTypeDetailsJson extends WidgetTypeJson {
  image: string | null;
  description: string | null;
}

const BUNDLE_KEYS = ['alias', 'createdTime', 'description', 'id', 'image', 'tenantId', 'title'];
const TYPE_KEYS = ['alias', 'bundleAlias', 'createdTime', 'descriptor', 'id', 'name', 'tenantId'];
const DETAILS_KEYS = [...TYPE_KEYS, 'description', 'image'].sort();
const INFO_KEYS = [
  ...TYPE_KEYS.filter((k) => k !== 'descriptor'),
  'description',
  'image',
  'widgetType',
].sort();

const DESCRIPTOR = {
  type: 'latest',
  sizeX: 6,
  sizeY: 4,
  resources: [],
  templateHtml: '<div></div>',
  templateCss: '',
  controllerScript: 'self.onInit = function() {}',
  settingsSchema: '{}',
  dataKeySettingsSchema: '{}',
  defaultConfig: '{"title":"My widget","snake_case":{"keep_me":1}}',
};

let server: TestServer;
let ids: DemoIds;
let otherTenant: TenantRef;
let tokens: Record<Caller | 'otherTenantCustomerUser', string>;

beforeAll(async () => {
  server = await startServer();
  const callers = await signInCallers(server);
  ({ ids, otherTenant } = callers);
  const { db } = server.store;
  const customer = await newCustomer(db, otherTenant.id, 'Customer of Other Tenant');
  const user = await newUser(db, {
    authority: 'CUSTOMER_USER',
    tenantId: otherTenant.id,
    customerId: customer.id,
  });
  tokens = {
    ...callers.tokens,
    otherTenantCustomerUser: (await server.api.login(user.email, user.password)).token,
  };
});

afterAll(async () => {
  await server?.close();
});

const as = (caller: keyof typeof tokens) => ({ token: tokens[caller] });
let counter = 0;
const unique = (label: string) => `${label} ${Date.now().toString(36)} ${++counter}`;

async function createBundle(caller: 'sysadmin' | 'tenantAdmin' | 'otherTenantAdmin', body = {}) {
  return expectOk(
    await server.api.post<BundleJson>('/api/widgetsBundle', { title: unique('Bundle'), ...body }, as(caller)),
  );
}

async function createType(
  caller: 'sysadmin' | 'tenantAdmin' | 'otherTenantAdmin',
  bundleAlias: string,
  body: Record<string, unknown> = {},
) {
  return expectOk(
    await server.api.post<WidgetTypeDetailsJson>(
      '/api/widgetType',
      { bundleAlias, name: unique('Widget'), descriptor: DESCRIPTOR, ...body },
      as(caller),
    ),
  );
}

const allBundles = async (caller: keyof typeof tokens) =>
  expectOk(await server.api.get<BundleJson[]>('/api/widgetsBundles', as(caller)));

describe('widgets bundles', () => {
  it('a system administrator creates a system bundle; its alias comes from the title', async () => {
    const title = unique('Smart Home!');
    const bundle = await createBundle('sysadmin', { title, description: 'Home widgets' });
    expect(Object.keys(bundle).sort()).toEqual(BUNDLE_KEYS);
    expect(bundle).toEqual({
      id: { entityType: 'WIDGETS_BUNDLE', id: expect.any(String) },
      createdTime: expect.any(Number),
      tenantId: { entityType: 'TENANT', id: NULL_UUID },
      alias: title.toLowerCase().replace(/\W+/g, '_'),
      title,
      image: null,
      description: 'Home widgets',
    });
    // Every user reads a system bundle.
    for (const caller of ['sysadmin', 'tenantAdmin', 'customerUser', 'otherTenantAdmin'] as const) {
      const read = expectOk(
        await server.api.get<BundleJson>(`/api/widgetsBundle/${bundle.id.id}`, as(caller)),
      );
      expect(read, caller).toEqual(bundle);
    }
  });

  it('a second bundle with the same alias gets the next free one; an explicit alias is kept', async () => {
    const title = unique('Twins');
    const first = await createBundle('tenantAdmin', { title });
    const second = await createBundle('tenantAdmin', { title });
    expect(second.alias).toBe(`${first.alias}2`);
    const explicit = await createBundle('tenantAdmin', { alias: `${first.alias}_own` });
    expect(explicit.alias).toBe(`${first.alias}_own`);
    // Aliases are per owner: another tenant gets the same alias unchanged.
    const elsewhere = await createBundle('otherTenantAdmin', { title });
    expect(elsewhere.alias).toBe(first.alias);
  });

  it("a tenant's bundle is its tenant's: listed for its users, hidden from others", async () => {
    const system = await createBundle('sysadmin');
    const own = await createBundle('tenantAdmin');
    expect(own.tenantId).toEqual({ entityType: 'TENANT', id: ids.tenantId });
    const idsOf = (bundles: BundleJson[]) => bundles.map((b) => b.id.id);

    for (const caller of ['tenantAdmin', 'customerUser', 'otherCustomerUser'] as const) {
      expect(idsOf(await allBundles(caller)), caller).toEqual(
        expect.arrayContaining([system.id.id, own.id.id]),
      );
    }
    const sysadminList = await allBundles('sysadmin');
    expect(idsOf(sysadminList)).toContain(system.id.id);
    expect(idsOf(sysadminList)).not.toContain(own.id.id);
    expect(sysadminList.every((b) => b.tenantId.id === NULL_UUID)).toBe(true);
    for (const caller of ['otherTenantAdmin', 'otherTenantCustomerUser'] as const) {
      const list = await allBundles(caller);
      expect(idsOf(list), caller).toContain(system.id.id);
      expect(
        list.some((b) => b.tenantId.id === ids.tenantId),
        caller,
      ).toBe(false);
    }

    expect(expectOk(await server.api.get(`/api/widgetsBundle/${own.id.id}`, as('customerUser')))).toEqual(
      own,
    );
    for (const caller of ['sysadmin', 'otherTenantAdmin', 'otherTenantCustomerUser'] as const) {
      expectError(await server.api.get(`/api/widgetsBundle/${own.id.id}`, as(caller)), 403, 20);
    }
    expectError(await server.api.get(`/api/widgetsBundle/${uuidv1()}`, as('tenantAdmin')), 404, 32);
  });

  it('pages, searches and sorts by the reference PAGE parameters', async () => {
    const marker = unique('Paged').replace(/\W+/g, '');
    const titles = ['b', 'a', 'c'].map((letter) => `${marker} ${letter}`);
    for (const title of titles) await createBundle('tenantAdmin', { title });
    const page = (query: string) =>
      server.api.get<PageDataJson<BundleJson>>(`/api/widgetsBundles?${query}`, as('tenantAdmin'));

    const first = expectOk(
      await page(`pageSize=2&page=0&textSearch=${marker.toUpperCase()}&sortProperty=title&sortOrder=DESC`),
    );
    expect(first.data.map((b) => b.title)).toEqual([`${marker} c`, `${marker} b`]);
    expect(first).toMatchObject({ totalElements: 3, totalPages: 2, hasNext: true });
    expect(Object.keys(first.data[0] ?? {}).sort()).toEqual(BUNDLE_KEYS);
    const second = expectOk(await page(`pageSize=2&page=1&textSearch=${marker}&sortProperty=title`));
    expect(second.data.map((b) => b.title)).toEqual([`${marker} c`]);
    expect(second.hasNext).toBe(false);

    expectError(
      await page('pageSize=2&page=0&sortOrder=UP'),
      400,
      31,
      "Unsupported sort order 'UP'! Only 'ASC' or 'DESC' types are allowed.",
    );
    expectError(await page('pageSize=2&page=0&sortProperty=alias'), 400, 31, "Invalid sort property 'alias'");
    // Names of the object prototype are no sort properties either.
    expectError(await page('pageSize=2&page=0&sortProperty=constructor'), 400, 31);
    expectError(await page('pageSize=0&page=0'), 400, 31);
  });

  it('updates the title and keeps the alias, which may not change', async () => {
    const bundle = await createBundle('tenantAdmin', { image: 'data:image/png;base64,AAAA' });
    const updated = expectOk(
      await server.api.post<BundleJson>(
        '/api/widgetsBundle',
        { ...bundle, title: 'Renamed bundle', description: 'now described' },
        as('tenantAdmin'),
      ),
    );
    expect(updated).toEqual({ ...bundle, title: 'Renamed bundle', description: 'now described' });
    expect(expectOk(await server.api.get(`/api/widgetsBundle/${bundle.id.id}`, as('tenantAdmin')))).toEqual(
      updated,
    );
    expectError(
      await server.api.post('/api/widgetsBundle', { ...bundle, alias: 'other_alias' }, as('tenantAdmin')),
      400,
      31,
      'Update of widgets bundle alias is prohibited!',
    );
  });

  it('system bundles are read-only for tenants, tenant bundles out of reach of the system administrator', async () => {
    const system = await createBundle('sysadmin');
    const own = await createBundle('tenantAdmin');
    expectError(
      await server.api.post('/api/widgetsBundle', { ...system, title: 'Taken over' }, as('tenantAdmin')),
      403,
      20,
      "You don't have permission to perform this operation!",
    );
    expectError(await server.api.delete(`/api/widgetsBundle/${system.id.id}`, as('tenantAdmin')), 403, 20);
    expectError(await server.api.post('/api/widgetsBundle', { ...own, title: 'x' }, as('sysadmin')), 403, 20);
    expectError(await server.api.delete(`/api/widgetsBundle/${own.id.id}`, as('otherTenantAdmin')), 403, 20);
    expectError(
      await server.api.post('/api/widgetsBundle', { ...own, title: 'x' }, as('otherTenantAdmin')),
      403,
      20,
    );
    expectError(await server.api.post('/api/widgetsBundle', { title: 'x' }, as('customerUser')), 403, 20);
    // Nothing changed.
    expect(expectOk(await server.api.get(`/api/widgetsBundle/${system.id.id}`, as('sysadmin')))).toEqual(
      system,
    );
    expect(expectOk(await server.api.get(`/api/widgetsBundle/${own.id.id}`, as('tenantAdmin')))).toEqual(own);
  });

  it('refuses bad input with the reference error JSON', async () => {
    const post = (body: unknown) => server.api.post('/api/widgetsBundle', body, as('tenantAdmin'));
    expectError(await post({ title: '  ' }), 400, 31, 'Widgets bundle title should be specified!');
    expectError(
      await post({ description: 'no title' }),
      400,
      31,
      'Widgets bundle title should be specified!',
    );
    expectError(await post({ title: 42 }), 400, 31);
    expectError(await post({ title: 'x'.repeat(256) }), 400, 31);
    expectError(
      await post({ title: 'unknown id', id: { entityType: 'WIDGETS_BUNDLE', id: uuidv1() } }),
      404,
      32,
    );
    expectError(await server.api.get('/api/widgetsBundle/not-a-uuid', as('tenantAdmin')), 400, 31);
    expectError(await server.api.delete('/api/widgetsBundle/not-a-uuid', as('tenantAdmin')), 400, 31);
  });
});

describe('widget types', () => {
  it('a tenant creates a type in its bundle; the type reads back in every shape', async () => {
    const bundle = await createBundle('tenantAdmin');
    const name = unique('Gauge');
    const created = await createType('tenantAdmin', bundle.alias, { name, description: 'A gauge' });
    expect(Object.keys(created).sort()).toEqual(DETAILS_KEYS);
    expect(created).toEqual({
      id: { entityType: 'WIDGET_TYPE', id: expect.any(String) },
      createdTime: expect.any(Number),
      tenantId: { entityType: 'TENANT', id: ids.tenantId },
      bundleAlias: bundle.alias,
      alias: name.toLowerCase().replace(/\W+/g, '_'),
      name,
      descriptor: DESCRIPTOR,
      image: null,
      description: 'A gauge',
    });
    const byId = expectOk(await server.api.get(`/api/widgetType/${created.id.id}`, as('tenantAdmin')));
    expect(byId).toEqual(created);

    const query = `isSystem=false&bundleAlias=${bundle.alias}`;
    const types = expectOk(
      await server.api.get<WidgetTypeJson[]>(`/api/widgetTypes?${query}`, as('tenantAdmin')),
    );
    expect(types).toEqual([
      Object.fromEntries(TYPE_KEYS.map((k) => [k, created[k as keyof WidgetTypeJson]])),
    ]);
    const details = expectOk(await server.api.get(`/api/widgetTypesDetails?${query}`, as('tenantAdmin')));
    expect(details).toEqual([created]);
    const infos = expectOk(
      await server.api.get<unknown[]>(`/api/widgetTypesInfos?${query}`, as('tenantAdmin')),
    );
    expect(infos).toEqual([
      {
        id: created.id,
        createdTime: created.createdTime,
        tenantId: created.tenantId,
        bundleAlias: bundle.alias,
        alias: created.alias,
        name,
        image: null,
        description: 'A gauge',
        widgetType: 'latest',
      },
    ]);
    expect(Object.keys(infos[0] as object).sort()).toEqual(INFO_KEYS);

    // The lookup dashboards use, for the tenant's users.
    const lookup = `/api/widgetType?${query}&alias=${created.alias}`;
    for (const caller of ['tenantAdmin', 'customerUser', 'otherCustomerUser'] as const) {
      const found = expectOk(await server.api.get<WidgetTypeJson>(lookup, as(caller)));
      expect(Object.keys(found).sort(), caller).toEqual(TYPE_KEYS);
      expect(found.id, caller).toEqual(created.id);
    }
  });

  it("other tenants and their customers reach none of a tenant's types", async () => {
    const bundle = await createBundle('tenantAdmin');
    const type = await createType('tenantAdmin', bundle.alias);
    const query = `isSystem=false&bundleAlias=${bundle.alias}`;
    // A non-system lookup is in the caller's own tenant: the other tenant has no such type.
    for (const caller of ['otherTenantAdmin', 'otherTenantCustomerUser'] as const) {
      expectError(await server.api.get(`/api/widgetType?${query}&alias=${type.alias}`, as(caller)), 404, 32);
    }
    expect(expectOk(await server.api.get(`/api/widgetTypes?${query}`, as('otherTenantAdmin')))).toEqual([]);
    expectError(await server.api.get(`/api/widgetType/${type.id.id}`, as('otherTenantAdmin')), 403, 20);
    expectError(await server.api.get(`/api/widgetType/${type.id.id}`, as('sysadmin')), 403, 20);
    expectError(await server.api.delete(`/api/widgetType/${type.id.id}`, as('otherTenantAdmin')), 403, 20);
    // Customer users read types only through the alias lookup (reference authorities).
    expectError(await server.api.get(`/api/widgetType/${type.id.id}`, as('customerUser')), 403, 20);
    expectError(await server.api.get(`/api/widgetTypes?${query}`, as('customerUser')), 403, 20);
    expectError(await server.api.get(`/api/widgetType/${uuidv1()}`, as('tenantAdmin')), 404, 32);
  });

  it('system types are read by every tenant and changed by the system administrator only', async () => {
    const bundle = await createBundle('sysadmin');
    const type = await createType('sysadmin', bundle.alias);
    expect(type.tenantId.id).toBe(NULL_UUID);
    const query = `isSystem=true&bundleAlias=${bundle.alias}`;
    for (const caller of ['tenantAdmin', 'otherTenantAdmin'] as const) {
      const list = expectOk(await server.api.get<WidgetTypeJson[]>(`/api/widgetTypes?${query}`, as(caller)));
      expect(
        list.map((t) => t.id.id),
        caller,
      ).toEqual([type.id.id]);
      expect(expectOk(await server.api.get(`/api/widgetType/${type.id.id}`, as(caller)))).toEqual(type);
    }
    for (const caller of ['customerUser', 'otherTenantCustomerUser'] as const) {
      const found = expectOk(
        await server.api.get<WidgetTypeJson>(`/api/widgetType?${query}&alias=${type.alias}`, as(caller)),
      );
      expect(found.id, caller).toEqual(type.id);
    }
    expectError(
      await server.api.post('/api/widgetType', { ...type, name: 'Taken over' }, as('tenantAdmin')),
      403,
      20,
      "You don't have permission to perform this operation!",
    );
    expectError(await server.api.delete(`/api/widgetType/${type.id.id}`, as('tenantAdmin')), 403, 20);
    // A tenant cannot add a type to a system bundle either: its types go to its own bundles.
    expectError(
      await server.api.post(
        '/api/widgetType',
        { bundleAlias: bundle.alias, name: 'Sneaked in', descriptor: DESCRIPTOR },
        as('tenantAdmin'),
      ),
      400,
      31,
      'Widget type is referencing to non-existent widgets bundle!',
    );

    const renamed = expectOk(
      await server.api.post('/api/widgetType', { ...type, name: 'Renamed by the system' }, as('sysadmin')),
    );
    expect(renamed).toEqual({ ...type, name: 'Renamed by the system' });
  });

  it('updates name and descriptor; bundle alias and alias may not change', async () => {
    const bundle = await createBundle('tenantAdmin');
    const type = await createType('tenantAdmin', bundle.alias);
    const descriptor = { ...DESCRIPTOR, type: 'timeseries', sizeX: 8 };
    const updated = expectOk(
      await server.api.post('/api/widgetType', { ...type, name: 'Chart', descriptor }, as('tenantAdmin')),
    );
    expect(updated).toEqual({ ...type, name: 'Chart', descriptor });
    const infos = expectOk(
      await server.api.get<{ widgetType: string }[]>(
        `/api/widgetTypesInfos?isSystem=false&bundleAlias=${bundle.alias}`,
        as('tenantAdmin'),
      ),
    );
    expect(infos.map((i) => i.widgetType)).toEqual(['timeseries']);

    const post = (body: unknown) => server.api.post('/api/widgetType', body, as('tenantAdmin'));
    expectError(
      await post({ ...type, bundleAlias: 'elsewhere' }),
      400,
      31,
      'Update of widget type bundle alias is prohibited!',
    );
    expectError(
      await post({ ...type, alias: 'renamed' }),
      400,
      31,
      'Update of widget type alias is prohibited!',
    );
  });

  it('gives a new type the next free alias within its bundle', async () => {
    const bundle = await createBundle('tenantAdmin');
    const first = await createType('tenantAdmin', bundle.alias, { name: 'Twin gauge' });
    const second = await createType('tenantAdmin', bundle.alias, { name: 'Twin gauge' });
    expect([first.alias, second.alias]).toEqual(['twin_gauge', 'twin_gauge2']);
    const otherBundle = await createBundle('tenantAdmin');
    expect((await createType('tenantAdmin', otherBundle.alias, { name: 'Twin gauge' })).alias).toBe(
      'twin_gauge',
    );
  });

  it('refuses bad input with the reference messages', async () => {
    const bundle = await createBundle('tenantAdmin');
    const post = (body: Record<string, unknown>) =>
      server.api.post(
        '/api/widgetType',
        { bundleAlias: bundle.alias, name: 'W', descriptor: DESCRIPTOR, ...body },
        as('tenantAdmin'),
      );
    expectError(await post({ name: '' }), 400, 31, 'Widgets type name should be specified!');
    expectError(await post({ bundleAlias: null }), 400, 31, 'Widgets type bundle alias should be specified!');
    for (const descriptor of [{}, [], 'text', null]) {
      expectError(await post({ descriptor }), 400, 31, "Widgets type descriptor can't be empty!");
    }
    expectError(
      await post({ bundleAlias: 'no_such_bundle' }),
      400,
      31,
      'Widget type is referencing to non-existent widgets bundle!',
    );
    expectError(await post({ name: ['W'] }), 400, 31);
    expectError(await post({ id: { entityType: 'WIDGET_TYPE', id: uuidv1() } }), 404, 32);
    expectError(
      await server.api.get(`/api/widgetTypes?bundleAlias=${bundle.alias}`, as('tenantAdmin')),
      400,
      31,
    );
    expectError(
      await server.api.get('/api/widgetTypesInfos?isSystem=maybe&bundleAlias=x', as('tenantAdmin')),
      400,
      31,
    );
    expectError(
      await server.api.get('/api/widgetType?isSystem=true&bundleAlias=x', as('tenantAdmin')),
      400,
      31,
    );
    expectError(
      await server.api.get('/api/widgetType?isSystem=true&bundleAlias=x&alias=none', as('tenantAdmin')),
      404,
      32,
    );
  });

  it("deleting a bundle deletes its owner's types of that alias, and nobody else's", async () => {
    const bundle = await createBundle('tenantAdmin');
    const [a, b] = [
      await createType('tenantAdmin', bundle.alias),
      await createType('tenantAdmin', bundle.alias),
    ];
    // Another tenant's bundle with the same alias, with a type of its own.
    const twin = await createBundle('otherTenantAdmin', { alias: bundle.alias });
    expect(twin.alias).toBe(bundle.alias);
    const theirs = await createType('otherTenantAdmin', twin.alias);

    expect((await server.api.delete(`/api/widgetsBundle/${bundle.id.id}`, as('tenantAdmin'))).status).toBe(
      200,
    );
    expectError(await server.api.get(`/api/widgetsBundle/${bundle.id.id}`, as('tenantAdmin')), 404, 32);
    for (const type of [a, b]) {
      expectError(await server.api.get(`/api/widgetType/${type.id.id}`, as('tenantAdmin')), 404, 32);
    }
    const left = await server.store.db
      .selectFrom('widgetType')
      .select('id')
      .where('bundleAlias', '=', bundle.alias)
      .execute();
    expect(left.map((r) => r.id)).toEqual([theirs.id.id]);
    expect(expectOk(await server.api.get(`/api/widgetType/${theirs.id.id}`, as('otherTenantAdmin')))).toEqual(
      theirs,
    );
  });

  it('deletes a single type', async () => {
    const bundle = await createBundle('tenantAdmin');
    const [keep, drop] = [
      await createType('tenantAdmin', bundle.alias),
      await createType('tenantAdmin', bundle.alias),
    ];
    const res = await server.api.delete(`/api/widgetType/${drop.id.id}`, as('tenantAdmin'));
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    const left = expectOk(
      await server.api.get<WidgetTypeJson[]>(
        `/api/widgetTypes?isSystem=false&bundleAlias=${bundle.alias}`,
        as('tenantAdmin'),
      ),
    );
    expect(left.map((t) => t.id.id)).toEqual([keep.id.id]);
    expectError(await server.api.delete(`/api/widgetType/${drop.id.id}`, as('tenantAdmin')), 404, 32);
  });
});

describe('system widget library', () => {
  const nativeKeys = NATIVE_WIDGET_TYPES.map((t) => `${t.bundleAlias}.${t.typeAlias}`).sort();

  it('holds, from the first start, the bundles with native types and only the native types', async () => {
    const system = (await allBundles('tenantAdmin')).filter((b) => b.tenantId.id === NULL_UUID);
    const installed = await server.store.db
      .selectFrom('widgetsBundle')
      .select('alias')
      .where('tenantId', 'is', null)
      .where(
        'alias',
        'in',
        SYSTEM_WIDGETS_BUNDLES.map((b) => b.alias),
      )
      .execute();
    expect(installed.map((b) => b.alias).sort()).toEqual(NATIVE_WIDGETS_BUNDLES.map((b) => b.alias).sort());
    // Bundles without a native type (gpio_widgets, date, …) are not installed.
    expect(NATIVE_WIDGETS_BUNDLES.length).toBeLessThan(SYSTEM_WIDGETS_BUNDLES.length);
    for (const bundle of NATIVE_WIDGETS_BUNDLES) {
      expect(system.find((b) => b.alias === bundle.alias)?.title, bundle.alias).toBe(bundle.title);
    }

    const listed: string[] = [];
    for (const bundle of NATIVE_WIDGETS_BUNDLES) {
      const infos = expectOk(
        await server.api.get<{ alias: string; name: string; widgetType: string }[]>(
          `/api/widgetTypesInfos?isSystem=true&bundleAlias=${bundle.alias}`,
          as('tenantAdmin'),
        ),
      );
      for (const info of infos) {
        listed.push(`${bundle.alias}.${info.alias}`);
        const native = NATIVE_WIDGET_TYPES.find(
          (t) => t.bundleAlias === bundle.alias && t.typeAlias === info.alias,
        );
        expect(info.name).toBe(native?.name);
        expect(info.widgetType).toBe(native?.type);
      }
    }
    expect(listed.sort()).toEqual(nativeKeys);
  });

  it('serves the descriptors dashboards need, with settings schemas and default config as JSON text', async () => {
    const chart = expectOk(
      await server.api.get<WidgetTypeJson>(
        '/api/widgetType?isSystem=true&bundleAlias=charts&alias=basic_timeseries',
        as('customerUser'),
      ),
    );
    expect(chart).toMatchObject({
      tenantId: { entityType: 'TENANT', id: NULL_UUID },
      name: 'Timeseries Line Chart',
    });
    const descriptor = chart.descriptor as Record<string, unknown>;
    expect(descriptor).toMatchObject({
      type: 'timeseries',
      sizeX: 8,
      sizeY: 5,
      resources: [],
      templateHtml: '',
      templateCss: '',
      controllerScript: '',
      settingsSchema: '{}',
    });
    const config = JSON.parse(descriptor.defaultConfig as string);
    expect(config).toMatchObject({
      title: 'Timeseries Line Chart',
      timewindow: { realtime: { timewindowMs: 60000 } },
    });
    expect(config.datasources[0].dataKeys[0]).toMatchObject({ type: 'function', label: 'Random' });

    const card = expectOk(
      await server.api.get<WidgetTypeJson>(
        '/api/widgetType?isSystem=true&bundleAlias=cards&alias=simple_card',
        as('otherTenantAdmin'),
      ),
    );
    const schema = JSON.parse(card.descriptor.settingsSchema as string);
    expect(Object.keys(schema.schema.properties)).toEqual(['labelPosition']);
    expect(schema.schema.properties.labelPosition.type).toBe('string');

    // A reference type Meridian does not render yet is not listed: dashboards get the "not found" placeholder.
    expectError(
      await server.api.get(
        '/api/widgetType?isSystem=true&bundleAlias=cards&alias=qr_code',
        as('customerUser'),
      ),
      404,
      32,
    );
    expectError(
      await server.api.get(
        '/api/widgetType?isSystem=true&bundleAlias=gpio_widgets&alias=gpio_panel',
        as('tenantAdmin'),
      ),
      404,
      32,
    );
  });
});
