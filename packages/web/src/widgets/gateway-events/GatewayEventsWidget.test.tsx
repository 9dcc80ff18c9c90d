import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WithConsoleMessages } from '../../test/i18n-console';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { widgetTableSelectors as table } from '../table-parts/selectors';
import { GatewayEventsWidget } from './GatewayEventsWidget';
import { gatewayEventsSelectors as s } from './selectors';

const KEYS = ['MQTT EVENTS', 'Modbus EVENTS', 'temperature', 'connectorsState'].map((name) =>
  dataKey(name, { type: 'attribute', label: '' }),
);

const rows = () =>
  screen.getAllByTestId(table.row).map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  );

function renderEvents(settings: Record<string, string | string[]>, values: (string | undefined)[]) {
  const props = widgetProps(KEYS, [entityData('Gateway 1', values)], { settings });
  // Later keys got their values later: newest first.
  props.data[0]?.entities[0]?.latest.forEach((latest, index) => {
    if (latest) latest.ts = Date.UTC(2026, 10, 26, 10, index);
  });
  const view = render(
    <WithConsoleMessages>
      <GatewayEventsWidget {...props} />
    </WithConsoleMessages>,
  );
  return { ...view, props };
}

describe('GatewayEventsWidget', () => {
  it('lists the keys matching any eventsReg pattern with value and time, newest first', () => {
    renderEvents({ eventsTitle: 'Connector events', eventsReg: ['EVENTS$', '^connectors'] }, [
      'connected',
      'timeout',
      '21.5',
      '{"MQTT":"up"}',
    ]);
    expect(screen.getByTestId(s.title)).toHaveTextContent('Connector events');
    expect(rows().map((row) => row.slice(0, 2))).toEqual([
      ['connectorsState', '{"MQTT":"up"}'],
      ['Modbus EVENTS', 'timeout'],
      ['MQTT EVENTS', 'connected'],
    ]);
    expect(rows()[0]?.[2]).toMatch(/11\/26\/2026/);
  });

  it('shows every key when eventsReg is empty, and skips a pattern that is not valid', () => {
    const { unmount } = renderEvents({ eventsReg: [] }, ['a', 'b', 'c', 'd']);
    expect(rows()).toHaveLength(4);
    expect(screen.getByTestId(s.title)).toHaveTextContent('Gateway events');
    unmount();
    renderEvents({ eventsReg: ['(unclosed', 'temp'] }, ['a', 'b', 'c', 'd']);
    expect(rows().map((row) => row[0])).toEqual(['temperature']);
  });

  it('follows live values', () => {
    const { rerender, props } = renderEvents({ eventsReg: ['EVENTS'] }, ['one', undefined, 'x', 'y']);
    const next = structuredClone(props);
    const latest = next.data[0]?.entities[0]?.latest;
    if (latest) latest[1] = { ts: Date.UTC(2026, 10, 26, 11, 0), value: 'reconnected' };
    rerender(
      <WithConsoleMessages>
        <GatewayEventsWidget {...next} />
      </WithConsoleMessages>,
    );
    expect(rows().map((row) => row.slice(0, 2))).toEqual([
      ['Modbus EVENTS', 'reconnected'],
      ['MQTT EVENTS', 'one'],
    ]);
  });
});
