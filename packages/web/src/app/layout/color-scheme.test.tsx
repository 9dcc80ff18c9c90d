import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { selectors } from '../../selectors';
import { renderApp } from '../../test/render-app';
import { COLOR_SCHEME_STORAGE_KEY } from '../theme';

const TENANT = 'tenant@meridian.test';
const LIGHT_BACKGROUND = 'rgb(238, 241, 245)';
const DARK_BACKGROUND = 'rgb(16, 21, 27)';

const bodyBackground = () => getComputedStyle(document.body).backgroundColor;

async function openUserMenu(user: ReturnType<typeof renderApp>['user']) {
  await screen.findByTestId(selectors.home.page);
  await user.click(screen.getByTestId(selectors.shell.userMenuButton));
}

describe('colour scheme (user menu: light / dark / system)', () => {
  it('follows the system by default and switches to dark when chosen, across a reload', async () => {
    const first = renderApp({ path: '/home', signedInAs: TENANT });
    await openUserMenu(first.user);
    expect(screen.getByTestId(selectors.shell.colorScheme('system'))).toHaveAttribute('aria-checked', 'true');
    expect(bodyBackground()).toBe(LIGHT_BACKGROUND);

    await first.user.click(screen.getByTestId(selectors.shell.colorScheme('dark')));
    await waitFor(() => expect(bodyBackground()).toBe(DARK_BACKGROUND));
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
    first.unmount();

    // A new start (a reload) reads the stored choice.
    const second = renderApp({ path: '/home', signedInAs: TENANT });
    await screen.findByTestId(selectors.home.page);
    expect(bodyBackground()).toBe(DARK_BACKGROUND);
    await openUserMenu(second.user);
    expect(screen.getByTestId(selectors.shell.colorScheme('dark'))).toHaveAttribute('aria-checked', 'true');
  });
});
