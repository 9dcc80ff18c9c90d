import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSandboxWorkerFactory } from '../../dashboard/sandbox/tenant-scripts';
import { formatDateTime } from '../../i18n/date-time';
import { WithConsoleMessages } from '../../test/i18n-console';
import { InThreadWorker } from '../../test/in-thread-sandbox';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { widgetTableSelectors as s } from '../table-parts/selectors';
import type { WidgetProps } from '../widget-definition';
import { timeseriesTableSelectors } from './selectors';
import { TimeseriesTableWidget } from './TimeseriesTableWidget';

const renderTable = (props: WidgetProps) =>
  render(<TimeseriesTableWidget {...props} />, { wrapper: WithConsoleMessages });

const shownRows = () =>
  screen.getAllByTestId(s.row).map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  );

const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);

const at = (ts: number) => formatDateTime(ts, 'en_US');

const T0 = Date.UTC(2024, 0, 5, 12, 0, 0);
const temperature = dataKey('temperature', { label: 'Temperature', decimals: 1, units: '°C' });
const humidity = dataKey('humidity', { label: 'Humidity', decimals: 0, units: '%' });

describe('TimeseriesTableWidget', () => {
  it('shows one row per timestamp, newest first, with each time-series key’s value at it', () => {
    const state = dataKey('state', { type: 'attribute' });
    renderTable(
      widgetProps(
        [temperature, humidity, state],
        [
          entityData(
            'T1',
            ['20', '50', 'on'],
            [
              [
                { ts: T0, value: '20.04' },
                { ts: T0 + 2000, value: '21.26' },
              ],
              [
                { ts: T0, value: '49.6' },
                { ts: T0 + 1000, value: '51' },
              ],
            ],
          ),
        ],
      ),
    );
    expect(headers()).toEqual(['Timestamp', 'Temperature', 'Humidity']);
    expect(shownRows()).toEqual([
      [at(T0 + 2000), '21.3 °C', ''],
      [at(T0 + 1000), '', '51 %'],
      [at(T0), '20.0 °C', '50 %'],
    ]);
    expect(screen.queryByTestId(timeseriesTableSelectors.tabs)).not.toBeInTheDocument();
  });

  it('hides the timestamp with showTimestamp false and shows milliseconds with showMilliseconds', () => {
    const series = [
      [
        { ts: T0 + 5, value: '1' },
        { ts: T0 + 7, value: '2' },
      ],
    ];
    const { unmount } = renderTable(
      widgetProps([temperature], [entityData('T1', ['2'], series)], { settings: { showTimestamp: false } }),
    );
    expect(headers()).toEqual(['Temperature']);
    expect(shownRows()).toEqual([['2.0 °C'], ['1.0 °C']]);
    unmount();
    renderTable(
      widgetProps([temperature], [entityData('T1', ['2'], series)], { settings: { showMilliseconds: true } }),
    );
    expect(shownRows()[0]?.[0]).toBe(formatDateTime(T0 + 7, 'en_US', undefined, { milliseconds: true }));
    expect(shownRows()[0]?.[0]).toMatch(/\.007/);
  });

  it('pages the rows, ten a page by default, and searches them', async () => {
    const user = userEvent.setup();
    const points = Array.from({ length: 25 }, (_, i) => ({ ts: T0 + i * 1000, value: String(i) }));
    renderTable(widgetProps([temperature], [entityData('T1', ['24'], [points])]));
    expect(shownRows()).toHaveLength(10);
    expect(shownRows()[0]?.[1]).toBe('24.0 °C');
    expect(screen.getByTestId(s.pagination)).toHaveTextContent('1–10 of 25');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(shownRows().map((row) => row[1])).toEqual(['4.0 °C', '3.0 °C', '2.0 °C', '1.0 °C', '0.0 °C']);

    await user.click(screen.getByTestId(s.searchOpen));
    await user.type(screen.getByTestId(s.searchInput), '17.0');
    expect(shownRows().map((row) => row[1])).toEqual(['17.0 °C']);
  });

  it('shows one tab per entity, by name or by label with useEntityLabel', async () => {
    const user = userEvent.setup();
    const kitchen = {
      ...entityData('T1', ['1'], [[{ ts: T0, value: '1' }]]),
      entity: { id: { entityType: 'DEVICE' as const, id: 't1' }, name: 'T1', label: 'Kitchen' },
    };
    const cellar = entityData('T2', ['2'], [[{ ts: T0 + 1000, value: '2' }]]);
    const { unmount } = renderTable(widgetProps([temperature], [kitchen, cellar]));
    const tabs = within(screen.getByTestId(timeseriesTableSelectors.tabs)).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['T1', 'T2']);
    expect(shownRows()).toEqual([[at(T0), '1.0 °C']]);
    await user.click(screen.getByRole('tab', { name: 'T2' }));
    expect(shownRows()).toEqual([[at(T0 + 1000), '2.0 °C']]);
    unmount();

    renderTable(widgetProps([temperature], [kitchen, cellar], { settings: { useEntityLabel: true } }));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Kitchen', 'T2']);
  });

  it('says so when the time window has no data', () => {
    renderTable(widgetProps([temperature], [entityData('T1', [undefined])]));
    expect(screen.getByTestId(s.empty)).toHaveTextContent('No data');
  });

  it('draws cells through the content and style functions with value and rowData, raw on a throw', async () => {
    setSandboxWorkerFactory(() => new InThreadWorker());
    try {
      const scripted = dataKey('temperature', {
        label: 'Temperature',
        settings: {
          useCellContentFunction: true,
          cellContentFunction:
            "if (value === 'bad') throw new Error('no'); return '<u>' + value + '/' + rowData.Humidity + '@' + rowData.Timestamp + '</u>';",
          useCellStyleFunction: true,
          cellStyleFunction: "return {'text-align': 'center'};",
        },
      });
      renderTable(
        widgetProps(
          [scripted, humidity],
          [
            entityData(
              'T1',
              ['20', '50'],
              [
                [
                  { ts: T0, value: '20.04' },
                  { ts: T0 + 1000, value: 'bad' },
                ],
                [
                  { ts: T0, value: '49' },
                  { ts: T0 + 1000, value: '51' },
                ],
              ],
            ),
          ],
        ),
      );
      const cellOf = (row: number) =>
        within(screen.getAllByTestId(s.row)[row] as HTMLElement).getAllByRole('cell')[1] as HTMLElement;
      // Newest first: the throwing row is the first.
      await waitFor(() => expect(cellOf(1).querySelector('u')).toHaveTextContent(`20.04/49@${T0}`));
      expect(cellOf(1)).toHaveStyle({ textAlign: 'center' });
      expect(cellOf(0)).toHaveTextContent('bad');
      expect(cellOf(0).querySelector('u')).toBeNull();
    } finally {
      setSandboxWorkerFactory(null);
    }
  });
});
