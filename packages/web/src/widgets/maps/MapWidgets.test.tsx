import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AppServices } from '../../app/services/services-context';
import { ServicesContext } from '../../app/services/services-context';
import { WithConsoleMessages } from '../../test/i18n-console';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { MarkersPlacementWidget } from './MarkersPlacementWidget';
import { OpenStreetMapWidget } from './OpenStreetMapWidget';
import { RouteMapWidget } from './RouteMapWidget';
import { mapSelectors as s } from './selectors';
import { TripAnimationWidget } from './TripAnimationWidget';

const keys = [dataKey('latitude'), dataKey('longitude')];

/** Where Leaflet put a marker element (left/top without 3D, else a transform). */
const placeOf = (element: HTMLElement) =>
  `${element.style.left} ${element.style.top} ${element.style.transform}`;

const markerCount = () => document.querySelectorAll(`[data-testid="${s.marker}"]`).length;

/** The console's messages and services, with `post` as the HTTP client's POST. */
function servicesWrapper(post = vi.fn().mockResolvedValue(undefined)) {
  const services = { http: { post }, toasts: { show: vi.fn() } } as unknown as AppServices;
  return ({ children }: { children: ReactNode }) => (
    <ServicesContext.Provider value={services}>
      <WithConsoleMessages>{children}</WithConsoleMessages>
    </ServicesContext.Provider>
  );
}

describe('OpenStreetMapWidget', () => {
  it('draws a marker per entity with a position, with its label and sanitized tooltip', async () => {
    const settings = {
      showLabel: true,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the reference's pattern syntax, not a JS template
      label: '${entityName} label',
      showTooltip: true,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the reference's pattern syntax, not a JS template
      tooltipPattern: '<b>${entityName}</b><img src=x onerror="alert(1)"> at ${latitude:1}',
    };
    const props = widgetProps(
      keys,
      [
        entityData('Truck 1', ['51.5', '-0.1']),
        entityData('Truck 2', ['48.85', '2.35']),
        entityData('Lost', [undefined, undefined]),
      ],
      { settings },
    );
    const { rerender } = render(<OpenStreetMapWidget {...props} />, { wrapper: servicesWrapper() });
    expect(markerCount()).toBe(2);
    expect(screen.getByText('Truck 1 label')).toBeInTheDocument();
    const marker = document
      .querySelector(`[data-testid="${s.marker}"]`)
      ?.closest('.leaflet-marker-icon') as HTMLElement;
    const before = placeOf(marker);
    fireEvent.click(marker);
    const popup = await waitFor(() => {
      const element = document.querySelector('.leaflet-popup-content');
      expect(element).not.toBeNull();
      return element as Element;
    });
    expect(popup.innerHTML).toContain('<b>Truck 1</b>');
    expect(popup.innerHTML).toContain('at 51.5');
    expect(popup.innerHTML).not.toContain('onerror');
    // New values move the same marker; an entity that gets a position gets its marker.
    const moved = widgetProps(
      keys,
      [
        entityData('Truck 1', ['40', '10']),
        entityData('Truck 2', ['48.85', '2.35']),
        entityData('Lost', ['1', '1']),
      ],
      { settings },
    );
    rerender(<OpenStreetMapWidget {...moved} />);
    expect(markerCount()).toBe(3);
    expect(marker.isConnected).toBe(true);
    expect(placeOf(marker)).not.toBe(before);
  });

  it('reports tooltip link actions to the action hook', async () => {
    const onAction = vi.fn();
    const settings = { showTooltip: true, tooltipPattern: "<link-act name='open'>Open</link-act>" };
    render(
      <OpenStreetMapWidget
        {...widgetProps(keys, [entityData('Truck 1', ['1', '2'])], { settings })}
        onAction={onAction}
      />,
      { wrapper: servicesWrapper() },
    );
    const marker = document
      .querySelector(`[data-testid="${s.marker}"]`)
      ?.closest('.leaflet-marker-icon') as HTMLElement;
    fireEvent.click(marker);
    expect(onAction).toHaveBeenLastCalledWith(expect.objectContaining({ source: 'markerClick' }));
    fireEvent.click(await screen.findByText('Open'));
    expect(onAction).toHaveBeenLastCalledWith(
      expect.objectContaining({
        source: 'tooltipAction',
        name: 'open',
        entity: expect.objectContaining({ name: 'Truck 1' }),
      }),
    );
  });
});

const route = [
  [
    { ts: 1000, value: '10' },
    { ts: 3000, value: '12' },
  ],
  [
    { ts: 1000, value: '20' },
    { ts: 3000, value: '24' },
  ],
];

describe('RouteMapWidget and TripAnimationWidget', () => {
  it('draw the route with one marker per entity', () => {
    const props = widgetProps(keys, [entityData('Truck 1', ['12', '24'], route)]);
    render(<RouteMapWidget {...props} />, { wrapper: WithConsoleMessages });
    expect(markerCount()).toBe(1);
    expect(document.querySelectorAll(`path.${s.route}`)).toHaveLength(1);
  });

  it('moves the trip marker with the time slider', () => {
    const props = widgetProps(keys, [entityData('Truck 1', ['12', '24'], route)]);
    render(<TripAnimationWidget {...props} />, { wrapper: WithConsoleMessages });
    expect(markerCount()).toBe(1);
    expect(document.querySelectorAll(`path.${s.route}`)).toHaveLength(1);
    const marker = document
      .querySelector(`[data-testid="${s.marker}"]`)
      ?.closest('.leaflet-marker-icon') as HTMLElement;
    const atStart = placeOf(marker);
    fireEvent.change(screen.getByTestId(s.tripSlider), { target: { value: 2000 } });
    expect(placeOf(marker)).not.toBe(atStart);
    expect(screen.getByRole('button', { name: 'Play' })).toBeEnabled();
  });
});

describe('MarkersPlacementWidget', () => {
  it('saves a placed entity position as server attributes', async () => {
    const post = vi.fn().mockResolvedValue(undefined);
    const wrapper = servicesWrapper(post);
    const props = widgetProps(
      [dataKey('latitude', { type: 'attribute' }), dataKey('longitude', { type: 'attribute' })],
      [entityData('Placed', ['1', '2']), entityData('New', [undefined, undefined])],
    );
    render(<MarkersPlacementWidget {...props} />, { wrapper });
    expect(markerCount()).toBe(1);
    fireEvent.click(screen.getByText('New'));
    expect(screen.getByTestId(s.placementHint)).toHaveTextContent('Click on the map to place New');
    fireEvent.click(screen.getByTestId(s.map).querySelector('.leaflet-container') as Element, {
      clientX: 10,
      clientY: 10,
    });
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const [url, body] = post.mock.calls[0] as [string, Record<string, number>];
    expect(url).toBe('/api/plugins/telemetry/DEVICE/id-New/attributes/SERVER_SCOPE');
    expect(Object.keys(body)).toEqual(['latitude', 'longitude']);
    expect(typeof body.latitude).toBe('number');
    expect(markerCount()).toBe(2);
    expect(screen.queryByTestId(s.unplaced)).toBeNull();
  });

  it('saves the position as time series when the widget reads its keys as time series', async () => {
    const post = vi.fn().mockResolvedValue(undefined);
    const props = widgetProps(
      [dataKey('latitude', { type: 'timeseries' }), dataKey('longitude', { type: 'timeseries' })],
      [entityData('New', [undefined, undefined])],
    );
    render(<MarkersPlacementWidget {...props} />, { wrapper: servicesWrapper(post) });
    fireEvent.click(screen.getByText('New'));
    fireEvent.click(screen.getByTestId(s.map).querySelector('.leaflet-container') as Element, {
      clientX: 10,
      clientY: 10,
    });
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[0]).toBe('/api/plugins/telemetry/DEVICE/id-New/timeseries/ANY');
  });
});
