import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createI18n, loadConsoleMessages } from '../../i18n/i18n';
import { selectors } from '../../selectors';

/** Test helpers of the entity tabs: render one tab with the console's providers and messages. */

const i18n = createI18n();
const messages = loadConsoleMessages(i18n);

export async function renderTab(ui: ReactNode) {
  await messages;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: ui }]);
  const view = render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...view, client, user: userEvent.setup() };
}

/** The rows of the entity table `root` (e.g. 'attributes'), each as the text of its cells. */
export function tableRows(root: string): string[][] {
  const table = screen.getByTestId(selectors.entityTable.root(root));
  return within(table)
    .queryAllByTestId(selectors.entityTable.row)
    .map((row) =>
      within(row)
        .getAllByRole('cell', { hidden: true })
        .map((cell) => cell.textContent ?? ''),
    );
}

/** The header texts of the entity table `root`. */
export function tableHeaders(root: string): string[] {
  const table = screen.getByTestId(selectors.entityTable.root(root));
  return within(table)
    .getAllByRole('columnheader', { hidden: true })
    .map((cell) => cell.textContent ?? '');
}

/** The row of the entity table `root` with a cell showing exactly `text`. */
export function tableRow(root: string, text: string): HTMLElement {
  const table = screen.getByTestId(selectors.entityTable.root(root));
  const row = within(table)
    .getAllByTestId(selectors.entityTable.row)
    .find((tr) =>
      within(tr)
        .queryAllByRole('cell', { hidden: true })
        .some((cell) => cell.textContent === text),
    );
  if (!row) {
    throw new Error(`no row showing ${text}`);
  }
  return row;
}
