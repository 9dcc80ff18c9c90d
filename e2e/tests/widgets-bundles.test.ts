import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dashboardSelectors } from '../../packages/web/src/dashboard/selectors';
import { widgetLibrarySelectors } from '../../packages/web/src/features/widgets-bundles/widget-library-selectors';
import { selectors } from '../../packages/web/src/selectors';
import { newPage, screenshot, tid } from '../support/browser';
import { api, loginToken } from '../support/server';
import { openSignedIn, signIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

/**
 * The widget library (issue 12): a tenant administrator creates a bundle, imports a widget type
 * file into it and sees its live preview, exports the bundle and imports the file again as a new
 * bundle; a foreign file creates nothing; the system bundles are read only for the tenant.
 */

const S = selectors;
const T = S.entityTable;
const W = widgetLibrarySelectors.library;
const B = widgetLibrarySelectors.bundles;
const TENANT = { email: 'tenant@meridian.local', password: 'tenant' };
const SYSTEM_TENANT = '13814000-1dd2-11b2-8080-808080808080';
const suite = useServerAndBrowser();

interface Bundle {
  id: { id: string };
  alias: string;
  title: string;
  tenantId: { id: string };
}
interface WidgetTypeJson {
  id: { id: string };
  alias: string;
  name: string;
  descriptor: Record<string, unknown>;
}

/** Shows only the bundles whose title contains the text (the shell's search). */
async function search(page: Page, text: string) {
  if (!(await page.isVisible(tid(S.shell.searchInput)))) await page.click(tid(S.shell.searchToggle));
  await page.fill(tid(S.shell.searchInput), text);
}

/** Opens the Add menu, picks its import entry and gives the file picker that opens this file. */
async function chooseFile(
  page: Page,
  addButton: string,
  importItem: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  await page.click(addButton);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click(importItem)]);
  await chooser.setFiles(file);
}

const rowOf = (page: Page, title: string) => page.locator(tid(T.row)).filter({ hasText: title });

describe('widgets bundles and widget library', () => {
  it('creates a bundle, imports a widget type with a live preview, exports and re-imports the bundle', async () => {
    const { server, browser } = suite;
    const token = await loginToken(server, TENANT.email, TENANT.password);
    const bundles = async () =>
      (await api<Bundle[]>(server, 'GET', '/api/widgetsBundles', { token })).body.filter(
        (b) => b.title === 'Plant widgets',
      );

    const { context, page } = await openSignedIn(browser, server, TENANT.email, TENANT.password);
    await page.click(tid(S.menu.link('/widgets-bundles')));
    await page.waitForSelector(tid(T.root('widgets-bundles')));
    expect(new URL(page.url()).pathname).toBe('/widgets-bundles');

    // Create new widgets bundle.
    await page.click(tid(T.add));
    await page.click(tid(T.addMenuItem('add')));
    await page.fill(tid(B.title), 'Plant widgets');
    await page.fill(tid(B.description), 'Widgets of the plant');
    await screenshot(page, 'widgets-bundles-add-dialog');
    await page.click(tid(T.addSubmit));
    await page.waitForSelector(tid(T.addDialog), { state: 'detached' });
    await search(page, 'Plant');
    await rowOf(page, 'Plant widgets').waitFor();
    const [created] = await bundles();
    expect(created?.alias).toBe('plant_widgets');

    // Open it: an empty library with an Add button.
    await rowOf(page, 'Plant widgets')
      .locator(tid(T.rowAction('open')))
      .click();
    await page.waitForSelector(tid(W.title));
    expect(new URL(page.url()).pathname).toBe(`/widgets-bundles/${created?.id.id}/widgetTypes`);
    await page.getByText('This bundle has no widget types yet').waitFor();

    // Import widget type: the system Simple card, exported as the reference writes a type file.
    const simple = await api<WidgetTypeJson>(
      server,
      'GET',
      '/api/widgetType?isSystem=true&bundleAlias=cards&alias=simple_card',
      { token },
    );
    const typeFile = {
      alias: 'plant_card',
      name: 'Plant card',
      image: null,
      description: null,
      descriptor: simple.body.descriptor,
    };
    await chooseFile(page, tid(W.add), tid(W.addChoice('import')), {
      name: 'plant_card.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(typeFile)),
    });
    const card = page.locator(tid(W.type('plant_card')));
    await card.waitFor();
    // The preview is the viewer's widget, drawn from the type's default config.
    const types = await api<WidgetTypeJson[]>(
      server,
      'GET',
      '/api/widgetTypes?isSystem=false&bundleAlias=plant_widgets',
      { token },
    );
    expect(types.body.map((t) => [t.alias, t.name])).toEqual([['plant_card', 'Plant card']]);
    expect(types.body[0]?.descriptor).toEqual(simple.body.descriptor);
    const typeId = types.body[0]?.id.id ?? '';
    await card.locator(tid(dashboardSelectors.widget(typeId))).waitFor();
    await expect.poll(() => card.textContent()).toContain('Plant card');
    await screenshot(page, 'widget-library-tenant-bundle');

    // Edit is a link to the widget editor; the select type dialog leads to a new type of a kind.
    expect(await card.locator(tid(W.edit)).count()).toBe(1);
    await page.click(tid(W.add));
    await page.click(tid(W.addChoice('create')));
    await page.waitForSelector(tid(W.selectTypeDialog));
    await screenshot(page, 'widget-library-select-type');
    await page.click(tid(W.selectType('latest')));
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toBe(`/widgets-bundles/${created?.id.id}/widgetTypes/add/latest`);
    await page.goBack();
    await card.waitFor();

    // Export the bundle, then import the file again: a second bundle with its own alias and type.
    await page.goto(`${server.url}/widgets-bundles`);
    await search(page, 'Plant');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      rowOf(page, 'Plant widgets')
        .locator(tid(T.rowAction('export')))
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe('plant_widgets.json');
    const exported = JSON.parse(await readFile((await download.path()) ?? '', 'utf8'));
    expect(exported.widgetsBundle).toEqual({
      alias: 'plant_widgets',
      title: 'Plant widgets',
      image: null,
      description: 'Widgets of the plant',
    });
    expect(exported.widgetTypes).toHaveLength(1);
    expect(exported.widgetTypes[0]).toMatchObject({ alias: 'plant_card', name: 'Plant card' });
    expect(exported.widgetTypes[0].id).toBeUndefined();

    await chooseFile(page, tid(T.add), tid(T.addMenuItem('import')), {
      name: 'plant_widgets.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(exported)),
    });
    await expect
      .poll(async () => (await bundles()).map((b) => b.alias).sort())
      .toEqual(['plant_widgets', 'plant_widgets2']);
    await expect.poll(() => rowOf(page, 'Plant widgets').count()).toBe(2);
    const copy = (
      await api<WidgetTypeJson[]>(
        server,
        'GET',
        '/api/widgetTypes?isSystem=false&bundleAlias=plant_widgets2',
        {
          token,
        },
      )
    ).body;
    expect(copy.map((t) => [t.alias, t.name])).toEqual([['plant_card', 'Plant card']]);
    expect(copy[0]?.descriptor).toEqual(simple.body.descriptor);

    // A foreign file (a dashboard) is refused, and no bundle is created.
    await chooseFile(page, tid(T.add), tid(T.addMenuItem('import')), {
      name: 'dashboard.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ title: 'A dashboard', configuration: {} })),
    });
    await page.getByText('The file is not a widgets bundle export').waitFor();
    const all = (await api<Bundle[]>(server, 'GET', '/api/widgetsBundles', { token })).body;
    expect(all.filter((b) => b.tenantId.id !== SYSTEM_TENANT)).toHaveLength(2);
    await screenshot(page, 'widgets-bundles-table');

    // The system Cards bundle, exported and imported: the tenant's own copy, whose types (the same
    // descriptors under the same aliases) preview as the viewer's native widgets.
    await search(page, 'Cards');
    const [cardsDownload] = await Promise.all([
      page.waitForEvent('download'),
      rowOf(page, 'Cards')
        .locator(tid(T.rowAction('export')))
        .click(),
    ]);
    expect(cardsDownload.suggestedFilename()).toBe('cards.json');
    const cardsFile = await readFile((await cardsDownload.path()) ?? '', 'utf8');
    expect(JSON.parse(cardsFile).widgetTypes.length).toBeGreaterThan(1);
    await chooseFile(page, tid(T.add), tid(T.addMenuItem('import')), {
      name: 'cards.json',
      mimeType: 'application/json',
      buffer: Buffer.from(cardsFile),
    });
    await expect.poll(() => rowOf(page, 'Cards').count()).toBe(2);
    const ownCards = (await api<Bundle[]>(server, 'GET', '/api/widgetsBundles', { token })).body.find(
      (b) => b.title === 'Cards' && b.tenantId.id !== SYSTEM_TENANT,
    );
    expect(ownCards?.alias).toBe('cards');
    await page.goto(`${server.url}/widgets-bundles/${ownCards?.id.id}/widgetTypes`);
    const ownSimple = page.locator(tid(W.type('simple_card')));
    await ownSimple.waitFor();
    expect(await ownSimple.locator(tid(W.remove)).count()).toBe(1);
    await ownSimple.locator('[data-testid^="dashboard-widget-"]').first().waitFor();
    expect(await ownSimple.textContent()).not.toContain('Widget type not found');
    await screenshot(page, 'widget-library-imported-cards');

    // Remove asks first, then the type is gone from the preview and from the bundle.
    await ownSimple.locator(tid(W.remove)).click();
    await page.click(tid(T.confirmOk));
    await ownSimple.waitFor({ state: 'detached' });
    const left = (
      await api<WidgetTypeJson[]>(server, 'GET', '/api/widgetTypes?isSystem=false&bundleAlias=cards', {
        token,
      })
    ).body;
    expect(left.map((t) => t.alias)).not.toContain('simple_card');
    expect(left.length).toBeGreaterThan(0);
    await context.close();
  });

  it('shows the system bundles read only to a tenant', async () => {
    const { server, browser } = suite;
    const { context, page } = await openSignedIn(browser, server, TENANT.email, TENANT.password);
    await page.goto(`${server.url}/widgets-bundles`);
    const token = await loginToken(server, TENANT.email, TENANT.password);
    const system = (await api<Bundle[]>(server, 'GET', '/api/widgetsBundles', { token })).body.find(
      (b) => b.alias === 'cards' && b.tenantId.id === SYSTEM_TENANT,
    );
    await search(page, 'Cards');
    const cards = page.locator(`${tid(T.row)}[data-entity-id="${system?.id.id}"]`);
    await cards.waitFor();
    // No selection, no delete; the form opens without an edit toggle.
    expect(await cards.locator(tid(T.rowCheckbox)).isDisabled()).toBe(true);
    expect(await cards.locator(tid(T.rowAction('delete'))).count()).toBe(0);
    await cards.click();
    await page.waitForSelector(tid(T.detailsDrawer));
    await page.waitForSelector(tid(B.title));
    expect(await page.locator(tid(T.editToggle)).count()).toBe(0);
    expect(await page.isDisabled(tid(B.title))).toBe(true);
    await screenshot(page, 'widgets-bundles-system-details');
    await page.keyboard.press('Escape');
    await page.waitForSelector(tid(T.detailsDrawer), { state: 'detached' });

    // The library of a system bundle: previews with Export only, and no Add.
    await cards.locator(tid(T.rowAction('open'))).click();
    const simple = page.locator(tid(W.type('simple_card')));
    await simple.waitFor();
    await simple.locator('[data-testid^="dashboard-widget-"]').first().waitFor();
    expect(await page.locator(tid(W.add)).count()).toBe(0);
    expect(await page.locator(tid(W.edit)).count()).toBe(0);
    expect(await page.locator(tid(W.remove)).count()).toBe(0);
    expect(await simple.locator(tid(W.export)).count()).toBe(1);
    await screenshot(page, 'widget-library-system-bundle');
    await context.close();
  });

  it('lets the system administrator change the system bundles; the library reads in dark mode too', async () => {
    const { server, browser } = suite;
    const { context, page } = await newPage(browser, { width: 1280, height: 800 }, 'dark');
    await page.goto(`${server.url}/login`);
    await signIn(page, 'sysadmin@meridian.local', 'sysadmin');
    await page.waitForSelector(tid(S.shell.root));
    await page.goto(`${server.url}/widgets-bundles`);
    await search(page, 'Cards');
    const cards = rowOf(page, 'Cards');
    await cards.waitFor();
    // Only the system's own bundles are listed for it, and it may select and delete them.
    expect(await cards.count()).toBe(1);
    expect(await cards.locator(tid(T.rowCheckbox)).isDisabled()).toBe(false);
    expect(await cards.locator(tid(T.rowAction('delete'))).count()).toBe(1);
    await cards.locator(tid(T.rowAction('open'))).click();
    const simple = page.locator(tid(W.type('simple_card')));
    await simple.locator('[data-testid^="dashboard-widget-"]').first().waitFor();
    expect(await page.locator(tid(W.add)).count()).toBe(1);
    expect(await simple.locator(tid(W.remove)).count()).toBe(1);
    await screenshot(page, 'widget-library-sysadmin-dark');
    // On a phone the previews are one column as wide as the screen, without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await screenshot(page, 'widget-library-phone');
    await context.close();
  });
});
