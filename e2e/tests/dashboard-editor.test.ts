import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { editorSelectors } from '../../packages/web/src/dashboard/editor/editor-selectors';
import { widgetConfigSelectors } from '../../packages/web/src/dashboard/editor/widget-config/widget-config-selectors';
import { dashboardSelectors } from '../../packages/web/src/dashboard/selectors';
import { selectors } from '../../packages/web/src/selectors';
import { screenshot, tid } from '../support/browser';
import { dragBy, position } from '../support/dashboard-grid';
import { api, loginToken } from '../support/server';
import { openSignedIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

/**
 * The dashboard editor, first slice (issue 12): a tenant administrator creates a dashboard, edits
 * it (a widget from the library, moved twice, the second move undone), applies, reloads and sees
 * it where it was left; a foreign file is refused as a widget; a save racing another user's is
 * refused with the conflict dialog and overwritten from it.
 */

const E = editorSelectors;
const D = dashboardSelectors;
const TENANT = { email: 'tenant@meridian.local', password: 'tenant' };
const suite = useServerAndBrowser();

interface LayoutJson {
  widgets: Record<string, { row: number; col: number; sizeX: number; sizeY: number }>;
}
interface DashboardJson {
  id: { id: string };
  title: string;
  version: number;
  configuration: {
    widgets: Record<
      string,
      { bundleAlias: string; typeAlias: string; type: string; config: { title: string } }
    >;
    states: Record<string, { layouts: { main: LayoutJson } }>;
  };
}

/** The chromes of the widgets in edit mode (the buttons inside them have their own ids). */
const chromes = (page: Page) => page.locator('[data-testid^="dashboard-edit-widget-"][aria-selected]');

/** A dashboard of one simple card, `w1` ("Boiler"), 5 × 3 cells at the top left. */
function oneCardDashboard(title: string) {
  return {
    title,
    configuration: {
      widgets: {
        w1: {
          id: 'w1',
          isSystemType: true,
          bundleAlias: 'cards',
          typeAlias: 'simple_card',
          type: 'latest',
          sizeX: 5,
          sizeY: 3,
          config: { title: 'Boiler', showTitle: true, datasources: [] },
        },
      },
      states: {
        default: {
          name: title,
          root: true,
          layouts: { main: { widgets: { w1: { row: 0, col: 0, sizeX: 5, sizeY: 3 } } } },
        },
      },
    },
  };
}

describe('dashboard editor', () => {
  it('adds a widget from a bundle, moves it, undoes a move, applies, and resolves a concurrent save', async () => {
    const { server, browser } = suite;
    const token = await loginToken(server, TENANT.email, TENANT.password);
    const created = await api<DashboardJson>(server, 'POST', '/api/dashboard', {
      token,
      body: { title: 'Editor test', configuration: { description: 'Made in the editor' } },
    });
    expect(created.status).toBe(200);
    const dashboardId = created.body.id.id;
    const read = async () =>
      (await api<DashboardJson>(server, 'GET', `/api/dashboard/${dashboardId}`, { token })).body;

    const { page } = await openSignedIn(browser, server, TENANT.email, TENANT.password);
    await page.goto(`${server.url}/dashboards/${dashboardId}`);
    await page.click(tid(E.edit));
    await page.waitForSelector(tid(E.apply));

    // Add widget → Create new widget: the bundles with a search, then the bundle's widgets.
    await page.click(tid(E.addWidget));
    await page.click(tid(E.createWidget));
    await page.waitForSelector(tid(E.bundle('charts')));
    await page.fill(tid(E.bundleSearch), 'card');
    await expect.poll(() => page.locator(tid(E.bundle('charts'))).count()).toBe(0);
    await page.click(tid(E.bundle('cards')));
    await page.waitForSelector(tid(E.widgetType('simple_card')));
    await screenshot(page, 'dashboard-editor-library');
    await page.click(tid(E.widgetType('simple_card')));
    // The Add widget dialog: the new widget's config editor; Add places it.
    await page.click(tid(widgetConfigSelectors.apply));
    await page.waitForSelector(tid(widgetConfigSelectors.panel), { state: 'detached' });
    await expect.poll(() => chromes(page).count()).toBe(1);
    const chrome = chromes(page).first();
    const widgetId = ((await chrome.getAttribute('data-testid')) ?? '').replace('dashboard-edit-widget-', '');
    await expect.poll(() => page.textContent(tid(D.widget(widgetId)))).toContain('New Simple card');

    // Simple card: 5 × 3 cells at the first free place, the top left corner. The library closes
    // first: while its drawer slides away it takes the pointer.
    await page.waitForSelector(tid(E.libraryPanel), { state: 'detached' });
    const start = await position(chrome);
    await dragBy(page, chrome, { x: 6, y: 1 }, { x: 5, y: 3 });
    await expect.poll(() => position(chrome)).not.toEqual(start);
    const first = await position(chrome);
    expect(first.x).toBeGreaterThan(start.x);
    expect(first.y).toBeGreaterThan(start.y);
    await dragBy(page, chrome, { x: 4, y: 0 }, { x: 5, y: 3 });
    await expect.poll(() => position(chrome)).not.toEqual(first);
    await screenshot(page, 'dashboard-editor-edit-mode');
    await page.click(tid(E.undo));
    await expect.poll(() => position(chrome)).toEqual(first);

    // A file that is not a widget export is refused, and nothing is added.
    await page.setInputFiles(tid(E.importWidgetInput), {
      name: 'dashboard.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ title: 'A dashboard', configuration: {} })),
    });
    await page.getByText('Unable to import widget: Invalid widget data structure.').waitFor();
    expect(await chromes(page).count()).toBe(1);

    await page.click(tid(E.apply));
    await page.waitForSelector(tid(E.edit));
    const saved = await read();
    expect(saved.version).toBe(2);
    expect(saved.configuration.widgets[widgetId]).toMatchObject({
      bundleAlias: 'cards',
      typeAlias: 'simple_card',
      type: 'latest',
      config: { title: 'New Simple card' },
    });
    expect(saved.configuration.states.default?.layouts.main.widgets[widgetId]).toEqual({
      row: 1,
      col: 6,
      sizeX: 5,
      sizeY: 3,
    });
    // Unknown keys of the configuration survive the editor.
    expect(saved.configuration).toMatchObject({ description: 'Made in the editor' });

    await page.reload();
    const shown = page.locator(tid(D.widget(widgetId)));
    await expect.poll(() => shown.textContent()).toContain('New Simple card');
    await screenshot(page, 'dashboard-editor-applied');

    // Someone else saves while this page edits: Apply is refused with the conflict dialog.
    await page.click(tid(E.edit));
    const theirs = await api<DashboardJson>(server, 'POST', '/api/dashboard', {
      token,
      body: { ...saved, title: 'Changed elsewhere' },
    });
    expect(theirs.status).toBe(200);
    expect(theirs.body.version).toBe(3);
    const editChrome = chromes(page).first();
    await dragBy(page, editChrome, { x: 0, y: 2 }, { x: 5, y: 3 });
    await expect.poll(() => position(editChrome)).not.toEqual(first);
    await page.click(tid(E.apply));
    await page.waitForSelector(tid(E.conflictDialog));
    await screenshot(page, 'dashboard-editor-conflict');
    expect((await read()).version).toBe(3);

    // Overwrite: saved again over the current version.
    await page.click(tid(E.conflictOverwrite));
    await page.waitForSelector(tid(E.edit));
    const overwritten = await read();
    expect(overwritten.version).toBe(4);
    expect(overwritten.configuration.states.default?.layouts.main.widgets[widgetId]).toMatchObject({
      row: 3,
      col: 6,
    });

    // Another race, resolved by Reload: their version shows, these changes are dropped.
    await page.click(tid(E.edit));
    const again = await api<DashboardJson>(server, 'POST', '/api/dashboard', {
      token,
      body: { ...overwritten, title: 'Renamed elsewhere' },
    });
    expect(again.body.version).toBe(5);
    const moved = await position(chromes(page).first());
    await dragBy(page, chromes(page).first(), { x: 2, y: 0 }, { x: 5, y: 3 });
    await expect.poll(() => position(chromes(page).first())).not.toEqual(moved);
    await page.click(tid(E.apply));
    await page.click(tid(E.conflictReload));
    await expect.poll(() => page.textContent(tid(D.title))).toBe('Renamed elsewhere');
    expect(await page.locator(tid(E.edit)).count()).toBe(1);
    const reloaded = await read();
    expect(reloaded.version).toBe(5);
    expect(reloaded.configuration.states.default?.layouts.main.widgets[widgetId]).toMatchObject({
      row: 3,
      col: 6,
    });
  });

  it('resizes, copies and pastes, deletes after naming the widget, undoes, guards leaving, declines', async () => {
    const { server, browser } = suite;
    const token = await loginToken(server, TENANT.email, TENANT.password);
    const created = await api<DashboardJson>(server, 'POST', '/api/dashboard', {
      token,
      body: oneCardDashboard('Delete test'),
    });
    expect(created.status).toBe(200);
    const { page } = await openSignedIn(browser, server, TENANT.email, TENANT.password);
    await page.goto(`${server.url}/dashboards/${created.body.id.id}`);
    await page.click(tid(E.edit));
    const w1 = page.locator(tid(E.widgetChrome('w1')));

    // Resize by the corner handle: two columns wider, one row higher.
    const before = await w1.boundingBox();
    const handle = await page.locator(`${tid(E.widgetChrome('w1'))} ${tid(E.widgetResize)}`).boundingBox();
    if (!before || !handle) throw new Error('widget not shown');
    const pitchX = (before.width + 10) / 5;
    const pitchY = (before.height + 10) / 3;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + 2 * pitchX, handle.y + pitchY, { steps: 6 });
    await page.mouse.up();
    await expect
      .poll(async () => Math.round((await w1.boundingBox())?.width ?? 0))
      .toBe(Math.round(7 * pitchX - 10));

    // `?` shows the editor's keyboard shortcuts, and hides them again.
    await w1.click();
    await page.keyboard.press('?');
    const sheet = page.locator(tid(E.shortcuts));
    await expect.poll(() => sheet.textContent()).toContain('Paste the widget by reference');
    await screenshot(page, 'dashboard-editor-shortcuts');
    await page.keyboard.press('?');
    await sheet.waitFor({ state: 'detached' });

    // Copy and paste by the keyboard: a second Boiler at the first free place, selected.
    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+v');
    await expect.poll(() => chromes(page).count()).toBe(2);

    // Delete by the Delete key, after a question naming the widget; undone by Ctrl+Z.
    await page.keyboard.press('Delete');
    const dialog = page.locator(tid(selectors.entityTable.confirmDialog));
    await expect.poll(() => dialog.textContent()).toContain('“Boiler”');
    await screenshot(page, 'dashboard-editor-delete');
    await page.click(tid(selectors.entityTable.confirmOk));
    await expect.poll(() => chromes(page).count()).toBe(1);
    // Keys pressed in a dialog are the dialog's: the shortcut waits for it to be gone.
    await dialog.waitFor({ state: 'hidden' });
    await page.keyboard.press('Control+z');
    await expect.poll(() => chromes(page).count()).toBe(2);
    // Redo by Ctrl+Y and by Ctrl+Shift+Z; the toolbar's Undo.
    await page.keyboard.press('Control+y');
    await expect.poll(() => chromes(page).count()).toBe(1);
    await page.keyboard.press('Control+z');
    await expect.poll(() => chromes(page).count()).toBe(2);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => chromes(page).count()).toBe(1);
    await page.click(tid(E.undo));
    await expect.poll(() => chromes(page).count()).toBe(2);

    // The context menus: Copy on a widget, Paste on the empty layout.
    await w1.click({ button: 'right' });
    await page.click(tid(E.menuCopy));
    // The closing menu's backdrop would take the next right-click.
    await page.locator(tid(E.widgetMenu)).waitFor({ state: 'hidden' });
    const layout = await page.locator(tid(D.layout)).boundingBox();
    if (!layout) throw new Error('layout not shown');
    await page.mouse.click(layout.x + layout.width - 40, layout.y + layout.height - 40, { button: 'right' });
    await screenshot(page, 'dashboard-editor-context-menu');
    await page.click(tid(E.menuPaste));
    await expect.poll(() => chromes(page).count()).toBe(3);

    // Leaving with changes not applied asks first; Cancel stays.
    await page.getByRole('link', { name: 'Devices' }).first().click();
    await page.getByText('The dashboard has changes that are not applied. Leave and lose them?').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(new URL(page.url()).pathname).toBe(`/dashboards/${created.body.id.id}`);

    // Decline: the loaded dashboard again, out of edit mode.
    await page.click(tid(E.decline));
    await page.waitForSelector(tid(E.edit));
    expect(await page.locator(tid(D.widget('w1'))).count()).toBe(1);
  });

  it('offers no edit mode to a customer user of an assigned dashboard', async () => {
    const { server, browser } = suite;
    const token = await loginToken(server, TENANT.email, TENANT.password);
    const created = await api<DashboardJson>(server, 'POST', '/api/dashboard', {
      token,
      body: { title: 'Customer view', configuration: {} },
    });
    const customers = await api<{ data: { id: { id: string }; title: string }[] }>(
      server,
      'GET',
      '/api/customers?pageSize=10&page=0&textSearch=Customer%20A',
      { token },
    );
    const customerA = customers.body.data.find((c) => c.title === 'Customer A');
    if (!customerA) throw new Error('Customer A not found');
    const assigned = await api(
      server,
      'POST',
      `/api/customer/${customerA.id.id}/dashboard/${created.body.id.id}`,
      {
        token,
      },
    );
    expect(assigned.status).toBe(200);
    const { page } = await openSignedIn(browser, server, 'customer@meridian.local', 'customer');
    await page.goto(`${server.url}/dashboards/${created.body.id.id}`);
    await expect.poll(() => page.textContent(tid(D.title))).toBe('Customer view');
    expect(await page.locator(tid(E.edit)).count()).toBe(0);
  });

  it("edits the tenant's home dashboard in place on the Home page", async () => {
    const { server, browser } = suite;
    const token = await loginToken(server, TENANT.email, TENANT.password);
    const created = await api<DashboardJson>(server, 'POST', '/api/dashboard', {
      token,
      body: oneCardDashboard('Home test'),
    });
    const setHome = (dashboardId: string | null) =>
      api(server, 'POST', '/api/tenant/dashboard/home/info', {
        token,
        body: {
          dashboardId: dashboardId ? { entityType: 'DASHBOARD', id: dashboardId } : null,
          hideDashboardToolbar: false,
        },
      });
    expect((await setHome(created.body.id.id)).status).toBe(200);
    try {
      const { page } = await openSignedIn(browser, server, TENANT.email, TENANT.password);
      await page.goto(`${server.url}/home`);
      await page.waitForSelector(tid(selectors.home.dashboard));
      await page.click(tid(E.edit));
      const w1 = page.locator(tid(E.widgetChrome('w1')));
      const before = await position(w1);
      await dragBy(page, w1, { x: 2, y: 0 }, { x: 5, y: 3 });
      await expect.poll(() => position(w1)).not.toEqual(before);
      await screenshot(page, 'dashboard-editor-home');
      await page.click(tid(E.apply));
      await page.waitForSelector(tid(E.edit));
      expect(page.url()).toBe(`${server.url}/home`);
      const saved = await api<DashboardJson>(server, 'GET', `/api/dashboard/${created.body.id.id}`, {
        token,
      });
      expect(saved.body.version).toBe(2);
      expect(saved.body.configuration.states.default?.layouts.main.widgets.w1).toMatchObject({
        row: 0,
        col: 2,
      });
      // The home page shows what was saved, after a reload too.
      await page.reload();
      await page.waitForSelector(tid(D.widget('w1')));
      await page.click(tid(E.edit));
      expect(await position(page.locator(tid(E.widgetChrome('w1'))))).toEqual(await position(w1));
    } finally {
      await setHome(null);
    }
  });
});
