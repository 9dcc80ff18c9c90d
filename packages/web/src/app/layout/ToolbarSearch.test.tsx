import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createFakeBackend } from '../../test/fake-backend';
import { AppProviders } from '../AppProviders';
import { usePageSearch } from '../search/usePageSearch';
import { createAppServices } from '../services/create-services';
import { HomeShell } from './HomeShell';

const received: string[] = [];

function SearchablePage() {
  const [text, setText] = useState('');
  usePageSearch((value) => {
    received.push(value);
    setText(value);
  });
  return <p>Filter: [{text}]</p>;
}

function renderShell() {
  received.length = 0;
  const services = createAppServices({ fetch: createFakeBackend().fetch, storage: window.localStorage });
  const router = createMemoryRouter(
    [
      {
        element: <HomeShell />,
        children: [
          { path: '/searchable', element: <SearchablePage /> },
          { path: '/plain', element: <p>Plain page</p> },
        ],
      },
    ],
    { initialEntries: ['/searchable'] },
  );
  render(
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user: userEvent.setup() };
}

describe('toolbar search', () => {
  it('appears only for pages that support search', async () => {
    const { router } = renderShell();
    expect(await screen.findByRole('button', { name: 'Search' })).toBeInTheDocument();
    await act(async () => {
      await router.navigate('/plain');
    });
    await screen.findByText('Plain page');
    expect(screen.queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();
  });

  it('focuses the field, sends debounced de-duplicated text and clears it on close', async () => {
    const { user } = renderShell();
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    const input = screen.getByRole('textbox', { name: 'Search' });
    await waitFor(() => expect(input).toHaveFocus());

    await user.type(input, 'dev');
    expect(received).toEqual([]);
    expect(await screen.findByText('Filter: [dev]')).toBeInTheDocument();
    expect(received).toEqual(['dev']);

    await user.type(input, 'x{Backspace}');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(received).toEqual(['dev']);

    await user.click(screen.getByRole('button', { name: 'Close search' }));
    expect(await screen.findByText('Filter: []')).toBeInTheDocument();
    expect(received).toEqual(['dev', '']);
    expect(screen.queryByRole('textbox', { name: 'Search' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
  });
});
