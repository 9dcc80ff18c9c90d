import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DashboardRuntime, DashboardRuntimeContext } from '../../dashboard/dashboard-runtime-context';
import { createFakeBackend, type Handler } from '../../test/fake-backend';
import { renderWithServices } from '../../test/render-widget';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { inputSelectors as s } from '../input-support/selectors';
import { updateLocationWidget } from './UpdateLocationWidget';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const BASE = '/api/plugins/telemetry/DEVICE/id-T1';
const ok: Handler = () => ({ status: 200 });
const ServerLocation = updateLocationWidget('server');
const SharedLocation = updateLocationWidget('shared');
const TimeseriesLocation = updateLocationWidget('timeseries');

const keys = (lat = 'latitude', lng = 'longitude') => [
  dataKey(lat, { type: 'attribute' }),
  dataKey(lng, { type: 'attribute' }),
];
const props = (values: (string | undefined)[], settings = {}, names?: [string, string]) =>
  widgetProps(keys(...(names ?? [])), [entityData('T1', values)], { settings });
const lat = () => screen.getByTestId(s.latitude) as HTMLInputElement;
const lng = () => screen.getByTestId(s.longitude) as HTMLInputElement;

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('location update widgets', () => {
  it('shows the position and writes both coordinates in one request', async () => {
    const backend = createFakeBackend({ [`POST ${BASE}/attributes/SERVER_SCOPE`]: ok });
    const { user } = renderWithServices(<ServerLocation {...props(['51.5', '-0.12'])} />, backend);
    expect([lat().value, lng().value]).toEqual(['51.5', '-0.12']);
    expect(screen.getByLabelText('Latitude')).toBe(lat());
    await user.clear(lat());
    await user.type(lat(), '48.85');
    await user.click(screen.getByTestId(s.apply));
    await waitFor(() => expect(backend.callsTo('POST', `${BASE}/attributes/SERVER_SCOPE`)).toHaveLength(1));
    expect(backend.callsTo('POST', `${BASE}/attributes/SERVER_SCOPE`)[0]?.body).toEqual({
      latitude: 48.85,
      longitude: -0.12,
    });
    expect(await screen.findByTestId(s.result)).toHaveTextContent('Update successful');
  });

  it('refuses coordinates out of range and missing ones', async () => {
    const { user } = renderWithServices(
      <ServerLocation {...props(['1', '2'], { requiredErrorMessage: 'Needed' })} />,
    );
    await user.clear(lat());
    await user.type(lat(), '95');
    expect(screen.getByText('The value must be at most 90.')).toBeInTheDocument();
    await user.clear(lng());
    expect(screen.getByText('Needed')).toBeInTheDocument();
    expect(screen.getByTestId(s.apply)).toBeDisabled();
  });

  it('writes the time series of its own key names, filled in from the browser’s location', async () => {
    const backend = createFakeBackend({ [`POST ${BASE}/timeseries/ANY`]: ok });
    const getCurrentPosition = vi.fn(
      (done: PositionCallback, _failed?: PositionErrorCallback | null, _options?: PositionOptions) =>
        done({ coords: { latitude: 40.4, longitude: -3.7 } } as GeolocationPosition),
    );
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const settings = { latKeyName: 'lat', lngKeyName: 'lng', enableHighAccuracy: true, latLabel: 'Lat' };
    const { user } = renderWithServices(
      <TimeseriesLocation {...props([undefined, undefined], settings, ['lat', 'lng'])} />,
      backend,
    );
    expect(screen.getByLabelText('Lat')).toBe(lat());
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(getCurrentPosition.mock.calls[0]?.[2]).toEqual({ enableHighAccuracy: true });
    expect([lat().value, lng().value]).toEqual(['40.4', '-3.7']);
    await user.click(screen.getByTestId(s.apply));
    await waitFor(() => expect(backend.callsTo('POST', `${BASE}/timeseries/ANY`)).toHaveLength(1));
    expect(backend.callsTo('POST', `${BASE}/timeseries/ANY`)[0]?.body).toEqual({ lat: 40.4, lng: -3.7 });
  });

  it('needs a device for shared attributes, and is disabled for a public viewer', () => {
    const asset = props(['1', '2']);
    const entity = asset.data[0]?.entities[0];
    if (entity) entity.entity = { ...entity.entity, id: { entityType: 'ASSET', id: 'a-1' } };
    const { unmount } = renderWithServices(<SharedLocation {...asset} />);
    expect(screen.getByTestId(s.problem)).toHaveTextContent('Shared attributes exist only for devices.');
    unmount();
    renderWithServices(
      <DashboardRuntimeContext.Provider value={{ readOnly: true } as DashboardRuntime}>
        <SharedLocation {...props(['1', '2'])} />
      </DashboardRuntimeContext.Provider>,
    );
    expect(lat()).toBeDisabled();
    expect(lng()).toBeDisabled();
    expect(lat().value).toBe('1');
  });
});
