import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeBackend, type Handler } from '../../test/fake-backend';
import { renderWithServices } from '../../test/render-widget';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { inputSelectors as s } from '../input-support/selectors';
import { updateDateWidget } from './UpdateDateWidget';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const SHARED = '/api/plugins/telemetry/DEVICE/id-T1/attributes/SHARED_SCOPE';
const ok: Handler = () => ({ status: 200 });
const SharedDate = updateDateWidget('shared');
const props = (value: string | undefined, settings = {}) =>
  widgetProps([dataKey('installedAt', { type: 'attribute' })], [entityData('T1', [value])], { settings });
const date = () => screen.getByTestId(s.date) as HTMLInputElement;
const time = () => screen.getByTestId(s.time) as HTMLInputElement;

describe('date update widgets', () => {
  it('shows the epoch value as a local date and time and writes the changed time as epoch ms', async () => {
    const backend = createFakeBackend({ [`POST ${SHARED}`]: ok });
    const value = new Date(2026, 2, 10, 8, 30).getTime();
    const { user } = renderWithServices(<SharedDate {...props(String(value))} />, backend);
    expect([date().value, time().value]).toEqual(['2026-03-10', '08:30']);
    await user.clear(time());
    await user.type(time(), '17:45');
    await user.click(screen.getByTestId(s.apply));
    await waitFor(() => expect(backend.callsTo('POST', SHARED)).toHaveLength(1));
    expect(backend.callsTo('POST', SHARED)[0]?.body).toEqual({
      installedAt: new Date(2026, 2, 10, 17, 45).getTime(),
    });
  });

  it('asks for a date with the widget’s message, and without the time input writes midnight', async () => {
    const backend = createFakeBackend({ [`POST ${SHARED}`]: ok });
    const { user } = renderWithServices(
      <SharedDate
        {...props(String(new Date(2026, 3, 1, 9).getTime()), {
          showTimeInput: false,
          requiredErrorMessage: 'Pick a day',
        })}
      />,
      backend,
    );
    expect(screen.queryByTestId(s.time)).not.toBeInTheDocument();
    expect(date().value).toBe('2026-04-01');
    await user.clear(date());
    expect(screen.getByText('Pick a day')).toBeInTheDocument();
    expect(screen.getByTestId(s.apply)).toBeDisabled();
    await user.type(date(), '2026-04-02');
    await user.click(screen.getByTestId(s.apply));
    await waitFor(() => expect(backend.callsTo('POST', SHARED)).toHaveLength(1));
    expect(backend.callsTo('POST', SHARED)[0]?.body).toEqual({ installedAt: new Date(2026, 3, 2).getTime() });
  });
});
