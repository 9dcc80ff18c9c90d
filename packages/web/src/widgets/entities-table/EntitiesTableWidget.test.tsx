import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type WidgetActions, WidgetActionsContext } from '../../dashboard/actions/widget-actions-context';
import { setSandboxWorkerFactory } from '../../dashboard/sandbox/tenant-scripts';
import { WithConsoleMessages } from '../../test/i18n-console';
import { InThreadWorker } from '../../test/in-thread-sandbox';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { widgetTableSelectors as s } from '../table-parts/selectors';
import type { WidgetProps } from '../widget-definition';
import { EntitiesTableWidget } from './EntitiesTableWidget';

const renderTable = (props: WidgetProps) =>
  render(<EntitiesTableWidget {...props} />, { wrapper: WithConsoleMessages });

/** The text of each shown row's cells. */
const shownRows = () =>
  screen.getAllByTestId(s.row).map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  );

const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);

const temperature = dataKey('temperature', { label: 'Temperature', decimals: 1, units: '°C' });
const state = dataKey('state', { type: 'attribute', label: 'State' });

describe('EntitiesTableWidget', () => {
  it('shows one row per entity with name, type and each key’s latest value in its units and decimals', () => {
    renderTable(
      widgetProps(
        [temperature, state],
        [entityData('T1', ['21.456', 'on']), entityData('T2', [undefined, 'off'])],
      ),
    );
    expect(headers()).toEqual(['Entity name', 'Entity type', 'Temperature', 'State']);
    expect(shownRows()).toEqual([
      ['T1', 'Device', '21.5 °C', 'on'],
      ['T2', 'Device', '', 'off'],
    ]);
  });

  it('shows the label column and custom titles when the settings say so, and hides the type', () => {
    const labelled = {
      ...entityData('T1', ['20']),
      entity: { ...entityData('T1', []).entity, label: 'Kitchen' },
    };
    renderTable(
      widgetProps([temperature], [labelled], {
        settings: {
          displayEntityLabel: true,
          displayEntityType: false,
          entityNameColumnTitle: 'Sensor',
          entityLabelColumnTitle: 'Room',
        },
      }),
    );
    expect(headers()).toEqual(['Sensor', 'Room', 'Temperature']);
    expect(shownRows()).toEqual([['T1', 'Kitchen', '20.0 °C']]);
  });

  it('searches the shown cells on the client, and shows everything again when search closes', async () => {
    const user = userEvent.setup();
    renderTable(
      widgetProps(
        [temperature, state],
        [entityData('Boiler', ['70', 'on']), entityData('Fridge', ['4', 'off'])],
      ),
    );
    await user.click(screen.getByTestId(s.searchOpen));
    await user.type(screen.getByTestId(s.searchInput), 'OFF');
    expect(shownRows().map((row) => row[0])).toEqual(['Fridge']);
    await user.clear(screen.getByTestId(s.searchInput));
    await user.type(screen.getByTestId(s.searchInput), 'nothing');
    expect(screen.getByTestId(s.empty)).toHaveTextContent('No rows matching “nothing”.');
    await user.click(screen.getByTestId(s.searchClose));
    expect(shownRows()).toHaveLength(2);
  });

  it('has no search when enableSearch is false', () => {
    renderTable(widgetProps([temperature], [entityData('T1', ['1'])], { settings: { enableSearch: false } }));
    expect(screen.queryByTestId(s.searchOpen)).not.toBeInTheDocument();
  });

  it('pages by defaultPageSize, keeps the page on a live update, and shows all rows without pagination', async () => {
    const user = userEvent.setup();
    const entities = (value: string) =>
      Array.from({ length: 12 }, (_, i) => entityData(`D${String(i + 1).padStart(2, '0')}`, [value]));
    const props = (value: string, settings = {}) =>
      widgetProps([temperature], entities(value), { settings: { defaultPageSize: 5, ...settings } });
    const { rerender } = renderTable(props('1'));
    expect(shownRows().map((row) => row[0])).toEqual(['D01', 'D02', 'D03', 'D04', 'D05']);
    expect(screen.getByTestId(s.pagination)).toHaveTextContent('1–5 of 12');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(shownRows().map((row) => row[0])).toEqual(['D11', 'D12']);

    rerender(<EntitiesTableWidget {...props('2')} />);
    expect(shownRows()).toEqual([
      ['D11', 'Device', '2.0 °C'],
      ['D12', 'Device', '2.0 °C'],
    ]);

    rerender(<EntitiesTableWidget {...props('2', { displayPagination: false })} />);
    expect(shownRows()).toHaveLength(12);
    expect(screen.queryByTestId(s.pagination)).not.toBeInTheDocument();
  });

  it('sorts by entity name by default, by defaultSortOrder (a key label or name, "-" descending) and by header click', async () => {
    const user = userEvent.setup();
    const entities = [entityData('b', ['10']), entityData('a', ['9']), entityData('c', ['100'])];
    const { unmount } = renderTable(widgetProps([temperature], entities));
    expect(shownRows().map((row) => row[0])).toEqual(['a', 'b', 'c']);
    unmount();

    renderTable(widgetProps([temperature], entities, { settings: { defaultSortOrder: '-temperature' } }));
    expect(shownRows().map((row) => row[2])).toEqual(['100.0 °C', '10.0 °C', '9.0 °C']);
    await user.click(within(screen.getByTestId(s.header('key:Temperature'))).getByRole('button'));
    expect(shownRows().map((row) => row[2])).toEqual(['9.0 °C', '10.0 °C', '100.0 °C']);
    await user.click(within(screen.getByTestId(s.header('entityName'))).getByRole('button'));
    expect(shownRows().map((row) => row[0])).toEqual(['a', 'b', 'c']);
  });

  it('lists the entities of every datasource, with the keys of all of them as columns', () => {
    const humidity = dataKey('humidity', { label: 'Humidity', units: '%', decimals: 0 });
    const props = widgetProps([temperature], [entityData('T1', ['20']), entityData('T2', ['22'])]);
    props.data.push({
      datasource: { type: 'entity', dataKeys: [humidity] },
      dataKeys: [humidity],
      entities: [
        {
          ...entityData('H1', ['55']),
          entity: { id: { entityType: 'ASSET', id: 'h1' }, name: 'H1', label: '' },
        },
      ],
    });
    renderTable(props);
    expect(headers()).toEqual(['Entity name', 'Entity type', 'Temperature', 'Humidity']);
    expect(shownRows()).toEqual([
      ['H1', 'Asset', '', '55 %'],
      ['T1', 'Device', '20.0 °C', ''],
      ['T2', 'Device', '22.0 °C', ''],
    ]);
  });

  it('runs its action cell buttons and row click on the row’s entity, a button without the row click', async () => {
    const user = userEvent.setup();
    const details = { name: 'Details', icon: 'insert_chart', type: 'openDashboardState' as const };
    const select = { name: 'Select', type: 'updateDashboardState' as const };
    const run = vi.fn();
    const actions: WidgetActions = {
      of: (source) => ({ actionCellButton: [details], rowClick: [select] })[source] ?? [],
      run,
    };
    const props = widgetProps([temperature], [entityData('T1', ['20'])]);
    render(
      <WidgetActionsContext.Provider value={actions}>
        <EntitiesTableWidget {...props} />
      </WidgetActionsContext.Provider>,
      { wrapper: WithConsoleMessages },
    );
    const entity = props.data[0]?.entities[0]?.entity;
    const expected = { entityId: entity?.id, entityName: 'T1', entityLabel: entity?.label };

    await user.click(screen.getByRole('button', { name: 'Details' }));
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenLastCalledWith(details, expected, expect.any(HTMLElement));

    await user.click(screen.getByText('T1'));
    expect(run).toHaveBeenCalledTimes(2);
    expect(run).toHaveBeenLastCalledWith(select, expected, expect.any(HTMLElement));
  });

  describe('with the tenant’s cell and row functions', () => {
    let worker: InThreadWorker;
    beforeEach(() => {
      setSandboxWorkerFactory(() => {
        worker = new InThreadWorker();
        return worker;
      });
    });
    afterEach(() => setSandboxWorkerFactory(null));

    const cell = (row: number, column: number) =>
      within(screen.getAllByTestId(s.row)[row] as HTMLElement).getAllByRole('cell')[column] as HTMLElement;

    it('draws a cell content function’s HTML with value, entity and ctx, sanitized', async () => {
      const content = dataKey('temperature', {
        label: 'Temperature',
        settings: {
          useCellContentFunction: true,
          cellContentFunction:
            "return '<b class=t>' + value + ' ' + ctx.settings.unit + ' in ' + entity.entityName + ' (' + entity.State + ')</b><img src=x onerror=alert(1)><script>alert(2)</script>';",
        },
      });
      renderTable(
        widgetProps([content, state], [entityData('T1', ['21.456', 'on'])], { settings: { unit: '°C' } }),
      );
      await waitFor(() => expect(cell(0, 2).querySelector('b.t')).not.toBeNull());
      expect(cell(0, 2)).toHaveTextContent('21.456 °C in T1 (on)');
      expect(cell(0, 2).innerHTML).not.toMatch(/onerror|script|alert/);
    });

    it('keeps a cell’s last drawing while a live update’s new outcome is on its way', async () => {
      const content = dataKey('temperature', {
        label: 'Temperature',
        settings: {
          useCellContentFunction: true,
          cellContentFunction: "return '<b>' + value + ' degrees</b>';",
          useCellStyleFunction: true,
          cellStyleFunction: "return {color: 'green'};",
        },
      });
      const { rerender } = render(
        <EntitiesTableWidget {...widgetProps([content], [entityData('T1', ['20'])])} />,
        { wrapper: WithConsoleMessages },
      );
      await waitFor(() => expect(cell(0, 2).querySelector('b')).toHaveTextContent('20 degrees'));
      rerender(<EntitiesTableWidget {...widgetProps([content], [entityData('T1', ['21'])])} />);
      // Drawn at once with what it showed: no flash of the plain value, the style kept.
      expect(cell(0, 2).querySelector('b')).toHaveTextContent('20 degrees');
      expect(cell(0, 2)).toHaveStyle({ color: 'rgb(0, 128, 0)' });
      await waitFor(() => expect(cell(0, 2).querySelector('b')).toHaveTextContent('21 degrees'));
    });

    it('shows the raw value of a cell whose content function throws, the others still drawn', async () => {
      const content = dataKey('temperature', {
        label: 'Temperature',
        settings: {
          useCellContentFunction: true,
          cellContentFunction: "if (value > 30) throw new Error('hot'); return '<i>' + value + '</i>';",
        },
      });
      renderTable(widgetProps([content], [entityData('T1', ['21.456']), entityData('T2', ['35.25'])]));
      await waitFor(() => expect(cell(0, 2).querySelector('i')).toHaveTextContent('21.456'));
      expect(cell(1, 2)).toHaveTextContent('35.25');
      expect(cell(1, 2).querySelector('i')).toBeNull();
    });

    it('styles cells and rows with the style functions, one request for the whole page', async () => {
      const styled = dataKey('temperature', {
        label: 'Temperature',
        settings: {
          useCellStyleFunction: true,
          cellStyleFunction: "return value > 30 ? {'background-color': 'red', 'font-weight': 700} : {};",
        },
      });
      renderTable(
        widgetProps([styled], [entityData('T1', ['21']), entityData('T2', ['35'])], {
          settings: {
            useRowStyleFunction: true,
            rowStyleFunction: "return entity.entityName === 'T1' ? {color: 'blue'} : null;",
          },
        }),
      );
      await waitFor(() =>
        expect(cell(1, 2)).toHaveStyle({ backgroundColor: 'rgb(255, 0, 0)', fontWeight: '700' }),
      );
      expect(cell(0, 2).getAttribute('style')).toBeNull();
      expect(screen.getAllByTestId(s.row)[0]).toHaveStyle({ color: 'rgb(0, 0, 255)' });
      expect(screen.getAllByTestId(s.row)[1]?.getAttribute('style')).toBeNull();
      expect(worker.received).toHaveLength(1);
      expect(worker.received[0]?.jobs.map((job) => job.kind)).toEqual(['map', 'map']);
    });

    it('keeps cells unstyled when a style function throws', async () => {
      const styled = dataKey('temperature', {
        label: 'Temperature',
        settings: { useCellStyleFunction: true, cellStyleFunction: 'throw new Error("x");' },
      });
      renderTable(widgetProps([styled], [entityData('T1', ['21'])]));
      await waitFor(() => expect(worker.received).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(cell(0, 2).getAttribute('style')).toBeNull();
      expect(cell(0, 2)).toHaveTextContent('21');
    });
  });
});
