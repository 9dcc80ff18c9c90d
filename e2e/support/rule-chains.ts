import type { Page } from 'playwright-core';
import { selectors } from '../../packages/web/src/selectors';
import { tid } from './browser';
import { api, loginToken } from './server';
import { openSignedIn } from './session';
import type { Suite } from './suite';

const R = selectors.ruleChains;

/** `user` signed in with the tenant's root rule chain open in its editor, once `node` shows there. */
export async function openRootChain(suite: Suite, user: { email: string; password: string }, node: string) {
  const { server, browser } = suite;
  const token = await loginToken(server, user.email, user.password);
  const chains = await api<{ data: { id: { id: string }; name: string; root: boolean }[] }>(
    server,
    'GET',
    '/api/ruleChains?pageSize=10&page=0',
    { token },
  );
  const root = chains.body.data.find((chain) => chain.root);
  const { page } = await openSignedIn(browser, server, user.email, user.password);
  await page.goto(`${server.url}/ruleChains/${root?.id.id}`);
  await page.waitForSelector(tid(R.node(node)));
  return { token, root, page };
}

/** Adds a script filter from the library: its dialog, with `name` filled in. */
export async function addScriptFilter(page: Page, name: string) {
  await page.fill(tid(R.librarySearch), 'script');
  await page
    .locator(tid(R.libraryCategory('FILTER')))
    .locator(tid(R.libraryItem('script')))
    .dblclick();
  const dialog = page.locator(tid(R.nodeDialog));
  await dialog.locator(tid(R.nodeName)).fill(name);
  return dialog;
}
