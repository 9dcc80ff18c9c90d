import { applyPageLink, type PageLink } from '@meridian/common';
import Star from '@mui/icons-material/Star';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createI18n, loadConsoleMessages } from '../../i18n/i18n';
import { selectors } from '../../selectors';
import { FormTextField } from '../FormTextField';
import { EntityTable } from './EntityTable';
import type { EntityTableConfig } from './types';

// Whole-console page tests: generous time when the machine is busy.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

interface Thing {
  id: { id: string };
  createdTime: number;
  name: string;
  locked: boolean;
}

interface ThingValues {
  name: string;
}

const T0 = new Date(2024, 0, 1, 12, 0, 0).getTime();

/** `count` things; the oldest, Thing 01, is locked (not selectable, not deletable) unless told otherwise. */
function things(count: number, lockFirst: boolean): Thing[] {
  return Array.from({ length: count }, (_, index) => ({
    id: { id: `t${index + 1}` },
    createdTime: T0 + index * 1000,
    name: `Thing ${String(index + 1).padStart(2, '0')}`,
    locked: lockFirst && index === 0,
  }));
}

/** One translation instance with the console messages in, as the home shell would have it. */
const i18n = createI18n();
beforeAll(() => loadConsoleMessages(i18n));

function setup(overrides: Partial<EntityTableConfig<Thing, ThingValues>> = {}, count = 25, lockFirst = true) {
  let store = things(count, lockFirst);
  const requests: PageLink[] = [];
  const run = vi.fn(async (thing: Thing) => {
    store = store.filter((item) => item.id.id !== thing.id.id);
  });
  const save = vi.fn(async (values: ThingValues, thing: Thing | null) => {
    if (thing) {
      store = store.map((item) => (item.id.id === thing.id.id ? { ...item, name: values.name } : item));
    } else {
      store = [
        ...store,
        { id: { id: `new${store.length}` }, createdTime: T0 + 999_000, name: values.name, locked: false },
      ];
    }
  });
  const starred = vi.fn();
  const config: EntityTableConfig<Thing, ThingValues> = {
    testId: 'things',
    title: 'Things',
    entityName: (thing) => thing.name,
    noEntitiesText: 'No things found',
    queryKey: ['things'],
    fetchPage: async (pageLink) => {
      requests.push(pageLink);
      return applyPageLink(store, pageLink, { searchProperty: 'name' });
    },
    columns: [
      { key: 'createdTime', label: 'Created time', kind: 'date', value: (t) => t.createdTime },
      { key: 'name', label: 'Name', value: (t) => t.name },
      { key: 'locked', label: 'Locked', kind: 'boolean', sortable: false, value: (t) => t.locked },
    ],
    rowActions: [
      {
        id: 'star',
        label: 'Star it',
        icon: <Star />,
        isVisible: (t) => !t.locked,
        onAction: (t) => starred(t.name),
      },
    ],
    isSelectable: (t) => !t.locked,
    delete: {
      isEnabled: (t) => !t.locked,
      run,
      title: (t) => `Delete ${t.name}?`,
      message: 'Gone for good.',
      bulkTitle: (n) => `Delete ${n} things?`,
      bulkMessage: 'All gone for good.',
    },
    addDialogTitle: 'Add thing',
    details: {
      load: async (id) => {
        const found = store.find((item) => item.id.id === id);
        if (!found) {
          throw new Error('missing');
        }
        return found;
      },
      toValues: (t) => ({ name: t?.name ?? '' }),
      save,
      render: ({ form, editing }) => (
        <FormTextField
          control={form.control}
          name="name"
          label="Name"
          disabled={!editing}
          rules={{ validate: (value: string) => value.trim().length > 0 || 'entity.name-required' }}
          testId="thing-name"
        />
      ),
      tabs: [{ id: 'extra', label: 'Extra', render: () => <div>extra tab</div> }],
      copyIdLabel: 'Copy thing Id',
    },
    detailsPagePath: (t) => `/things/${t.id.id}`,
    ...overrides,
  };
  const router = createMemoryRouter([
    { path: '/', element: <EntityTable config={config} /> },
    { path: '/things/:id', element: <div>details page</div> },
  ]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { requests, run, save, starred, router, user: userEvent.setup() };
}

const names = () =>
  screen
    .getAllByTestId(selectors.entityTable.row)
    .map((tr) => within(tr).getAllByRole('cell', { hidden: true })[2]?.textContent);
const rowOf = (name: string) => screen.getByRole('cell', { name, hidden: true }).closest('tr') as HTMLElement;

const originalWidth = window.innerWidth;
afterEach(() => {
  window.innerWidth = originalWidth;
});

describe('EntityTable', () => {
  it('shows the first page of 10, newest first, with date and check-box cells', async () => {
    const { requests } = setup();
    await waitFor(() => expect(names()).toHaveLength(10));
    expect(names()[0]).toBe('Thing 25');
    expect(requests[0]).toEqual({
      pageSize: 10,
      page: 0,
      sortOrder: { property: 'createdTime', direction: 'DESC' },
    });
    expect(within(rowOf('Thing 25')).getAllByRole('cell')[1]).toHaveTextContent('01/01/2024, 12:00:24 PM');
    expect(within(rowOf('Thing 25')).getByLabelText('No')).toBeInTheDocument();
    expect(screen.getByText('1–10 of 25')).toBeInTheDocument();
    expect(screen.getByTestId(selectors.entityTable.title)).toHaveTextContent('Things');
  });

  it('pages and changes the page size on the server', async () => {
    const { requests, user } = setup();
    await waitFor(() => expect(names()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(names()[0]).toBe('Thing 15'));
    expect(requests.at(-1)).toMatchObject({ page: 1, pageSize: 10 });
    await user.click(screen.getByRole('combobox', { name: /Items per page/ }));
    await user.click(await screen.findByRole('option', { name: '20' }));
    await waitFor(() => expect(names()).toHaveLength(20));
    expect(requests.at(-1)).toMatchObject({ page: 0, pageSize: 20 });
  });

  it('sorts on the server by the clicked column, then the other way round', async () => {
    const { requests, user } = setup();
    await waitFor(() => expect(names()).toHaveLength(10));
    await user.click(screen.getByTestId(selectors.entityTable.sortHeader('name')));
    await waitFor(() => expect(names()[0]).toBe('Thing 01'));
    expect(requests.at(-1)?.sortOrder).toEqual({ property: 'name', direction: 'ASC' });
    await user.click(screen.getByTestId(selectors.entityTable.sortHeader('name')));
    await waitFor(() => expect(names()[0]).toBe('Thing 25'));
    expect(requests.at(-1)?.sortOrder).toEqual({ property: 'name', direction: 'DESC' });
    expect(screen.queryByTestId(selectors.entityTable.sortHeader('locked'))).not.toBeInTheDocument();
  });

  it('searches with the debounced text and clears it when the search closes', async () => {
    const { requests, user } = setup();
    await waitFor(() => expect(names()).toHaveLength(10));
    await user.click(screen.getByTestId(selectors.entityTable.searchToggle));
    await user.type(screen.getByTestId(selectors.entityTable.searchInput), 'ing 2');
    await waitFor(() =>
      expect(names()).toEqual(['Thing 25', 'Thing 24', 'Thing 23', 'Thing 22', 'Thing 21', 'Thing 20']),
    );
    const searches = requests.filter((request) => request.textSearch);
    expect(searches.map((request) => request.textSearch)).toEqual(['ing 2']);
    await user.click(screen.getByTestId(selectors.entityTable.searchClose));
    await waitFor(() => expect(names()).toHaveLength(10));
    expect(requests.at(-1)).not.toHaveProperty('textSearch');
  });

  it('shows the empty text when nothing matches', async () => {
    setup({}, 0);
    expect(await screen.findByText('No things found')).toBeInTheDocument();
  });

  it('selects the selectable rows and deletes them after one confirmation', async () => {
    const { run, user } = setup({}, 3);
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(within(rowOf('Thing 01')).getByTestId(selectors.entityTable.rowCheckbox)).toBeDisabled();
    await user.click(screen.getByTestId(selectors.entityTable.selectAll));
    expect(screen.getByTestId(selectors.entityTable.selectedCount)).toHaveTextContent('2 selected');
    await user.click(screen.getByTestId(selectors.entityTable.groupAction('delete')));
    const dialog = await screen.findByTestId(selectors.entityTable.confirmDialog);
    expect(dialog).toHaveTextContent('Delete 2 things?');
    expect(dialog).toHaveTextContent('All gone for good.');
    await user.click(within(dialog).getByTestId(selectors.entityTable.confirmOk));
    await waitFor(() => expect(names()).toEqual(['Thing 01']));
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('adds Delete to the row actions where allowed; hidden actions keep their place', async () => {
    const { run, starred, user } = setup({}, 2);
    await waitFor(() => expect(names()).toHaveLength(2));
    expect(
      within(rowOf('Thing 01')).queryByTestId(selectors.entityTable.rowAction('delete')),
    ).not.toBeInTheDocument();
    expect(
      within(rowOf('Thing 01')).queryByTestId(selectors.entityTable.rowAction('star')),
    ).not.toBeInTheDocument();
    await user.click(within(rowOf('Thing 02')).getByTestId(selectors.entityTable.rowAction('star')));
    expect(starred).toHaveBeenCalledWith('Thing 02');
    await user.click(within(rowOf('Thing 02')).getByTestId(selectors.entityTable.rowAction('delete')));
    const dialog = await screen.findByTestId(selectors.entityTable.confirmDialog);
    expect(dialog).toHaveTextContent('Delete Thing 02?');
    await user.click(within(dialog).getByTestId(selectors.entityTable.confirmCancel));
    expect(run).not.toHaveBeenCalled();
  });

  it('puts the row actions in a "more" menu on narrow screens', async () => {
    window.innerWidth = 500;
    const { starred, user } = setup({}, 2);
    await waitFor(() => expect(names()).toHaveLength(2));
    expect(
      within(rowOf('Thing 02')).queryByTestId(selectors.entityTable.rowAction('star')),
    ).not.toBeInTheDocument();
    await user.click(within(rowOf('Thing 02')).getByTestId(selectors.entityTable.rowMoreActions));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Star it', 'Delete']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Star it' }));
    expect(starred).toHaveBeenCalledWith('Thing 02');
    expect(
      within(rowOf('Thing 01')).queryByTestId(selectors.entityTable.rowMoreActions),
    ).not.toBeInTheDocument();
  });

  it('opens the details drawer on a row click: edit, apply, tabs hidden while editing', async () => {
    const { save, user } = setup({}, 3);
    await waitFor(() => expect(names()).toHaveLength(3));
    await user.click(screen.getByRole('cell', { name: 'Thing 02' }));
    const drawer = await screen.findByTestId(selectors.entityTable.details);
    expect(within(drawer).getByTestId(selectors.entityTable.detailsTitle)).toHaveTextContent('Thing 02');
    expect(within(drawer).getByText('Details', { selector: 'p' })).toBeInTheDocument();
    expect(within(drawer).getByTestId(selectors.entityTable.detailsTab('extra'))).toBeInTheDocument();
    expect(within(drawer).getByTestId(selectors.entityTable.detailsAction('star'))).toBeInTheDocument();
    expect(within(drawer).getByTestId(selectors.entityTable.copyId)).toHaveTextContent('Copy thing Id');
    expect(within(drawer).getByTestId('thing-name')).toBeDisabled();
    await user.click(within(drawer).getByTestId(selectors.entityTable.editToggle));
    expect(within(drawer).queryByTestId(selectors.entityTable.detailsTab('extra'))).not.toBeInTheDocument();
    expect(within(drawer).queryByTestId(selectors.entityTable.detailsButtons)).not.toBeInTheDocument();
    expect(within(drawer).getByTestId(selectors.entityTable.apply)).toBeDisabled();
    await user.clear(within(drawer).getByTestId('thing-name'));
    await user.type(within(drawer).getByTestId('thing-name'), 'Renamed');
    await user.click(within(drawer).getByTestId(selectors.entityTable.apply));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[0]).toEqual({ name: 'Renamed' });
    expect(save.mock.calls[0]?.[1]).toMatchObject({ id: { id: 't2' } });
    await waitFor(() =>
      expect(within(drawer).getByTestId(selectors.entityTable.detailsTitle)).toHaveTextContent('Renamed'),
    );
    expect(within(drawer).getByTestId(selectors.entityTable.editToggle)).toBeInTheDocument();
    expect(names()).toContain('Renamed');
  });

  it('goes to the full details page from the drawer', async () => {
    const { router, user } = setup({}, 2);
    await waitFor(() => expect(names()).toHaveLength(2));
    await user.click(screen.getByRole('cell', { name: 'Thing 02' }));
    await user.click(await screen.findByTestId(selectors.entityTable.openDetailsPage));
    await waitFor(() => expect(router.state.location.pathname).toBe('/things/t2'));
  });

  it('deletes from the drawer and closes it', async () => {
    const { run, user } = setup({}, 2);
    await waitFor(() => expect(names()).toHaveLength(2));
    await user.click(screen.getByRole('cell', { name: 'Thing 02' }));
    await user.click(await screen.findByTestId(selectors.entityTable.detailsDelete));
    await user.click(
      within(await screen.findByTestId(selectors.entityTable.confirmDialog)).getByTestId(
        selectors.entityTable.confirmOk,
      ),
    );
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByTestId(selectors.entityTable.details)).not.toBeInTheDocument());
    await waitFor(() => expect(names()).toEqual(['Thing 01']));
  });

  it('adds through the default Add dialog once the form is valid', async () => {
    const { save, user } = setup({}, 1);
    await waitFor(() => expect(names()).toHaveLength(1));
    await user.click(screen.getByTestId(selectors.entityTable.add));
    const dialog = await screen.findByTestId(selectors.entityTable.addDialog);
    expect(within(dialog).getByRole('heading', { name: 'Add thing' })).toBeInTheDocument();
    expect(within(dialog).getByTestId(selectors.entityTable.addSubmit)).toBeDisabled();
    await user.type(within(dialog).getByTestId('thing-name'), 'Fresh');
    await user.click(within(dialog).getByTestId(selectors.entityTable.addSubmit));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ name: 'Fresh' }, null));
    await waitFor(() => expect(names()).toContain('Fresh'));
    expect(screen.queryByTestId(selectors.entityTable.addDialog)).not.toBeInTheDocument();
  });

  it('offers an Add menu when there are several add actions', async () => {
    const first = vi.fn();
    const { user } = setup(
      {
        addDialogTitle: undefined,
        addActions: [
          { id: 'one', label: 'Create one', onAction: first },
          { id: 'two', label: 'Import one', onAction: vi.fn() },
        ],
      },
      1,
    );
    await waitFor(() => expect(names()).toHaveLength(1));
    await user.click(screen.getByTestId(selectors.entityTable.add));
    await user.click(await screen.findByTestId(selectors.entityTable.addMenuItem('one')));
    expect(first).toHaveBeenCalledTimes(1);
  });

  it('returns to the last page that has rows after its last row is deleted', async () => {
    const { user, run } = setup({}, 11, false);
    await waitFor(() => expect(names()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(names()).toEqual(['Thing 01']));
    await user.click(within(rowOf('Thing 01')).getByTestId(selectors.entityTable.rowCheckbox));
    await user.click(screen.getByTestId(selectors.entityTable.groupAction('delete')));
    await user.click(
      within(await screen.findByTestId(selectors.entityTable.confirmDialog)).getByTestId(
        selectors.entityTable.confirmOk,
      ),
    );
    await waitFor(() => expect(names()).toHaveLength(10));
    expect(run).toHaveBeenCalledTimes(1);
    expect(screen.getByText('1–10 of 10')).toBeInTheDocument();
  });
});
