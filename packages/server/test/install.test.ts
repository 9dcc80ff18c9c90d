import { NATIVE_WIDGET_KEYS, NATIVE_WIDGET_TYPES, NATIVE_WIDGETS_BUNDLES } from '@meridian/common';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { migrations } from '../src/db/migrations/index.js';
import { migrate, openStore, type Store } from '../src/db/store.js';
import { DEMO_DASHBOARD_TITLE } from '../src/install/demo-dashboard.js';
import { installSystemData, isInstalled } from '../src/install/system-data.js';
import { installSystemWidgets } from '../src/install/system-widgets.js';
import {
  DEMO,
  expectError,
  expectOk,
  newStoreLocation,
  prepareStore,
  type StoreLocation,
  startServer,
  type UserJson,
} from './helper.js';

/**
 * First start and restart on the same data. The store is on disk for PGlite (a temporary
 * directory, not memory) and a database of its own on PostgreSQL, so a second start sees what
 * the first one wrote.
 */

const TENANT_PROFILES = [
  'Default',
  'Isolated TB Core',
  'Isolated TB Core and TB Rule Engine',
  'Isolated TB Rule Engine',
];

async function counts(store: Store) {
  const count = async (
    table:
      | 'tbUser'
      | 'userCredentials'
      | 'tenant'
      | 'customer'
      | 'tenantProfile'
      | 'device'
      | 'widgetsBundle'
      | 'widgetType',
  ) => {
    const row = await store.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    users: await count('tbUser'),
    credentials: await count('userCredentials'),
    tenants: await count('tenant'),
    customers: await count('customer'),
    tenantProfiles: await count('tenantProfile'),
    devices: await count('device'),
    widgetsBundles: await count('widgetsBundle'),
    widgetTypes: await count('widgetType'),
  };
}

const SYSTEM_WIDGETS = {
  widgetsBundles: NATIVE_WIDGETS_BUNDLES.length,
  widgetTypes: NATIVE_WIDGET_TYPES.length,
};

describe('first start and restart', () => {
  let location: StoreLocation;

  beforeAll(async () => {
    location = await newStoreLocation({ persistent: true });
  });

  afterAll(async () => {
    await location?.drop();
  });

  it('installs once and finds the install on the next start', async () => {
    const first = await startServer({ location });
    let firstCounts: Awaited<ReturnType<typeof counts>>;
    let token: string;
    try {
      expect(await isInstalled(first.store.db)).toBe(true);
      firstCounts = await counts(first.store);
      expect(firstCounts).toEqual({
        users: 3,
        credentials: 3,
        tenants: 1,
        customers: 2,
        tenantProfiles: 4,
        devices: 5,
        ...SYSTEM_WIDGETS,
      });
      ({ token } = await first.api.login(DEMO.tenant.email, DEMO.tenant.password));
    } finally {
      await first.close();
    }

    const second = await startServer({ location });
    try {
      expect(await counts(second.store)).toEqual(firstCounts);
      // The signing key generated at first start is stored: tokens survive a restart.
      const me = expectOk(await second.api.get<UserJson>('/api/auth/user', { token }));
      expect(me.email).toBe(DEMO.tenant.email);
      expectOk(
        await second.api.post('/api/auth/login', { username: DEMO.sysadmin.email, password: 'sysadmin' }),
      );
    } finally {
      await second.close();
    }
  });

  it('records every migration once, and migrating again changes nothing', async () => {
    const config = loadConfig({ DATA_DIR: location.dataDir, DATABASE_URL: location.databaseUrl ?? '' });
    const store = await openStore(config);
    try {
      const recorded = async () =>
        (
          await sql<{ name: string }>`select name from schema_migration order by name`.execute(store.db)
        ).rows.map((r) => r.name);
      expect(await recorded()).toEqual(Object.keys(migrations).sort());
      await migrate(store.db);
      await prepareStore(store, config);
      expect(await recorded()).toEqual(Object.keys(migrations).sort());
      expect((await counts(store)).users).toBe(3);
    } finally {
      await store.close();
    }
  });
});

describe('install steps', () => {
  it('isInstalled is false on a migrated empty store and true after the system install', async () => {
    const location = await newStoreLocation();
    const store = await openStore(
      loadConfig({ DATA_DIR: location.dataDir, DATABASE_URL: location.databaseUrl ?? '' }),
    );
    try {
      await migrate(store.db);
      expect(await isInstalled(store.db)).toBe(false);
      expect((await counts(store)).users).toBe(0);
      await installSystemData(store.db, { baseUrl: 'http://localhost:8080' });
      expect(await isInstalled(store.db)).toBe(true);
    } finally {
      await store.close();
      await location.drop();
    }
  });
});

describe('system widgets on a store installed before them', () => {
  it('adds the missing bundles and types at start, and keeps what the system administrator changed', async () => {
    const location = await newStoreLocation();
    const store = await openStore(
      loadConfig({ DATA_DIR: location.dataDir, DATABASE_URL: location.databaseUrl ?? '' }),
    );
    try {
      await migrate(store.db);
      await installSystemData(store.db, { baseUrl: 'http://localhost:8080' });
      expect((await counts(store)).widgetTypes).toBe(0);
      await installSystemWidgets(store.db);
      expect(await counts(store)).toMatchObject(SYSTEM_WIDGETS);

      // An installation that misses a type and a bundle (as one of an older list would), with a
      // type the system administrator renamed.
      await store.db.deleteFrom('widgetType').where('alias', '=', 'simple_card').execute();
      await store.db.deleteFrom('widgetsBundle').where('alias', '=', 'cards').execute();
      await store.db
        .updateTable('widgetType')
        .set({ name: 'Our line chart' })
        .where('tenantId', 'is', null)
        .where('alias', '=', 'basic_timeseries')
        .execute();
      const before = await store.db.selectFrom('widgetType').select(['id', 'alias']).execute();

      await installSystemWidgets(store.db);
      expect(await counts(store)).toMatchObject(SYSTEM_WIDGETS);
      const after = await store.db.selectFrom('widgetType').select(['id', 'alias', 'name']).execute();
      // The rows that were there keep their ids; only the missing one is new.
      expect(after.filter((t) => before.some((b) => b.id === t.id))).toHaveLength(before.length);
      expect(after.find((t) => t.alias === 'simple_card')?.name).toBe('Simple card');
      expect(after.find((t) => t.alias === 'basic_timeseries')?.name).toBe('Our line chart');
      const bundle = await store.db
        .selectFrom('widgetsBundle')
        .select(['title', 'tenantId'])
        .where('alias', '=', 'cards')
        .executeTakeFirst();
      expect(bundle).toEqual({ title: 'Cards', tenantId: null });
    } finally {
      await store.close();
      await location.drop();
    }
  });
});

describe('without demo data', () => {
  it('holds only the system administrator, the tenant profiles and the system settings', async () => {
    const server = await startServer({ demo: false });
    try {
      const { db } = server.store;
      expect(await counts(server.store)).toEqual({
        users: 1,
        credentials: 1,
        tenants: 0,
        customers: 0,
        tenantProfiles: 4,
        devices: 0,
        ...SYSTEM_WIDGETS,
      });
      const users = await db
        .selectFrom('tbUser')
        .select(['email', 'authority', 'tenantId', 'customerId'])
        .execute();
      expect(users).toEqual([
        { email: DEMO.sysadmin.email, authority: 'SYS_ADMIN', tenantId: null, customerId: null },
      ]);
      const profiles = await db
        .selectFrom('tenantProfile')
        .select(['name', 'isDefault'])
        .orderBy('name')
        .execute();
      expect(profiles.map((p) => p.name)).toEqual(TENANT_PROFILES);
      expect(profiles.filter((p) => p.isDefault).map((p) => p.name)).toEqual(['Default']);
      const keys = await db.selectFrom('adminSettings').select('key').orderBy('key').execute();
      expect(keys.map((k) => k.key)).toEqual(['general', 'jwt', 'mail']);
      expect(await db.selectFrom('deviceProfile').select('id').execute()).toEqual([]);

      expectError(
        await server.api.post('/api/auth/login', {
          username: DEMO.tenant.email,
          password: DEMO.tenant.password,
        }),
        401,
        10,
        'Invalid username or password',
      );
      const { token } = await server.api.login(DEMO.sysadmin.email, DEMO.sysadmin.password);
      const general = expectOk(
        await server.api.get<{ jsonValue: Record<string, unknown> }>('/api/admin/settings/general', {
          token,
        }),
      );
      expect(general.jsonValue).toEqual({
        baseUrl: expect.stringMatching(/^http:\/\/localhost:/),
        prohibitDifferentUrl: true,
      });
      const mail = expectOk(
        await server.api.get<{ jsonValue: Record<string, unknown> }>('/api/admin/settings/mail', { token }),
      );
      expect(mail.jsonValue).toMatchObject({ smtpHost: 'localhost', smtpPort: '25', smtpProtocol: 'smtp' });
      expect(mail.jsonValue).not.toHaveProperty('password');
    } finally {
      await server.close();
    }
  });
});

describe('the demo dashboard', () => {
  it('is the demo tenant\u2019s home dashboard, with its toolbar, and uses native widget types only', async () => {
    const server = await startServer();
    try {
      const { token } = await server.api.login(DEMO.tenant.email, DEMO.tenant.password);
      const info = expectOk(
        await server.api.get<{
          dashboardId: { entityType: string; id: string };
          hideDashboardToolbar: boolean;
        }>('/api/dashboard/home/info', { token }),
      );
      expect(info).toEqual({
        dashboardId: { entityType: 'DASHBOARD', id: expect.any(String) },
        hideDashboardToolbar: false,
      });
      expect(expectOk(await server.api.get('/api/tenant/dashboard/home/info', { token }))).toEqual(info);
      const dashboard = expectOk(
        await server.api.get<DemoDashboardJson>(`/api/dashboard/${info.dashboardId.id}`, { token }),
      );
      expect(dashboard.title).toBe(DEMO_DASHBOARD_TITLE);
      const home = expectOk(await server.api.get<DemoDashboardJson>('/api/dashboard/home', { token }));
      expect(home).toEqual({ ...dashboard, hideDashboardToolbar: false });

      const { widgets, states, entityAliases, timewindow } = dashboard.configuration;
      const ids = Object.keys(widgets);
      expect(ids.length).toBeGreaterThanOrEqual(4);
      for (const widget of Object.values(widgets)) {
        expect(NATIVE_WIDGET_KEYS).toContain(`${widget.bundleAlias}.${widget.typeAlias}`);
      }
      // Every widget is placed in the main layout of one state, and every alias it names exists.
      const placed = Object.values(states).flatMap((state) => Object.keys(state.layouts.main.widgets));
      expect(placed.sort()).toEqual([...ids].sort());
      expect(states.default?.layouts.main.gridSettings.columns).toBe(24);
      for (const widget of Object.values(widgets)) {
        for (const source of widget.config.datasources) {
          expect(entityAliases).toHaveProperty(source.entityAliasId);
        }
        for (const aliasId of widget.config.targetDeviceAliasIds ?? []) {
          expect(entityAliases).toHaveProperty(aliasId);
        }
      }
      expect(timewindow.realtime.timewindowMs).toBe(3_600_000);

      // No state's widgets overlap on the 24-column grid.
      for (const state of Object.values(states)) {
        const cells = new Set<string>();
        for (const [id, place] of Object.entries(state.layouts.main.widgets)) {
          expect(place.col + place.sizeX, id).toBeLessThanOrEqual(24);
          for (let row = place.row; row < place.row + place.sizeY; row++) {
            for (let col = place.col; col < place.col + place.sizeX; col++) {
              expect(cells.has(`${row}:${col}`), `${id} at ${row}:${col}`).toBe(false);
              cells.add(`${row}:${col}`);
            }
          }
        }
      }
      // The device state's settings form: the thermostat's target temperature (shared, 5 to 35) and
      // power saving (server), as in the reference's demo.
      const settings = widgets.deviceSettings;
      expect(`${settings?.bundleAlias}.${settings?.typeAlias}`).toBe(
        'input_widgets.update_multiple_attributes',
      );
      expect(Object.keys(states.device?.layouts.main.widgets ?? {})).toContain('deviceSettings');
      expect(
        settings?.config.datasources[0]?.dataKeys?.map((key) => [key.name, key.settings.dataKeyType]),
      ).toEqual([
        ['targetTemperature', 'shared'],
        ['powerSaving', 'server'],
      ]);

      // The aliases name the demo devices: the thermostat's id resolves to it.
      const thermostat = expectOk(
        await server.api.get<{ id: { id: string } }>(
          `/api/tenant/devices?deviceName=${encodeURIComponent('Thermostat T1')}`,
          { token },
        ),
      );
      const singles = Object.values(entityAliases)
        .map((alias) => alias.filter.singleEntity?.id)
        .filter((id) => id !== undefined);
      expect(singles).toContain(thermostat.id.id);

      // The customer user gets none: the dashboard is not assigned to Customer A.
      const customer = await server.api.login(DEMO.customer.email, DEMO.customer.password);
      const none = await server.api.get('/api/dashboard/home/info', { token: customer.token });
      expect(none.status).toBe(200);
      expect(none.text).toBe('');
    } finally {
      await server.close();
    }
  });
});

interface DemoDashboardJson {
  title: string;
  configuration: {
    widgets: Record<
      string,
      {
        bundleAlias: string;
        typeAlias: string;
        config: {
          datasources: {
            entityAliasId: string;
            dataKeys?: { name: string; settings: { dataKeyType?: string } }[];
          }[];
          targetDeviceAliasIds?: string[];
        };
      }
    >;
    states: Record<
      string,
      {
        layouts: {
          main: {
            widgets: Record<string, { sizeX: number; sizeY: number; row: number; col: number }>;
            gridSettings: { columns: number };
          };
        };
      }
    >;
    entityAliases: Record<string, { filter: { type: string; singleEntity?: { id: string } } }>;
    timewindow: { realtime: { timewindowMs: number } };
  };
}
