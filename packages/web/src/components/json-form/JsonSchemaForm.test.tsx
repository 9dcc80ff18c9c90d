import type { JsonObject } from '@meridian/common';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { WithConsoleMessages } from '../../test/i18n-console';
import { JsonSchemaForm } from './JsonSchemaForm';
import { parseSettingsSchema, type SettingsForm } from './json-form-model';

const P = 'form';

const schema = {
  type: 'object',
  required: ['title'],
  properties: {
    title: { type: 'string', title: 'Title', maxLength: 5 },
    size: { type: 'number', title: 'Size', minimum: 1, maximum: 10 },
    show: { type: 'boolean', title: 'Show' },
    levelColors: { type: 'array', title: 'Level colors', maxItems: 3, items: { type: 'string' } },
    highlights: {
      type: 'array',
      title: 'Highlights',
      items: { type: 'object', properties: { from: { type: 'number' }, color: { type: 'string' } } },
    },
    days: { type: 'array', title: 'Days', items: { type: 'string', enum: ['mon', 'tue', 'wed'] } },
    logo: { type: 'string', title: 'Logo' },
    code: { type: 'string', title: 'Code', readOnly: true },
    since: { type: 'date', title: 'Since' },
    icon: { type: 'string', title: 'Icon' },
    speed: { type: 'number', title: 'Speed', default: 180 },
    caption: { type: 'string', title: 'Caption', default: 'Hello' },
  },
};
const form = [
  'title',
  'size',
  'show',
  { key: 'levelColors', items: [{ key: 'levelColors[]', type: 'color' }] },
  { key: 'highlights', items: ['highlights[].from', { key: 'highlights[].color', type: 'color' }] },
  'days',
  { key: 'logo', type: 'image' },
  'code',
  'since',
  { key: 'icon', type: 'icon' },
  'speed',
  'caption',
];

/** The form over a model it keeps, as the Settings tab does; every model and validity is reported. */
function Owner({
  initial,
  onModel,
  onValidity,
}: {
  initial: JsonObject;
  onModel: (model: JsonObject) => void;
  onValidity: (valid: boolean) => void;
}) {
  const [settingsForm] = useState(
    () => parseSettingsSchema(JSON.stringify({ schema, form })) as SettingsForm,
  );
  const [model, setModel] = useState(initial);
  return (
    <JsonSchemaForm
      form={settingsForm}
      value={model}
      onChange={(next) => {
        onModel(next);
        setModel(next);
      }}
      onValidityChange={onValidity}
      testIdPrefix={P}
    />
  );
}

function renderForm(initial: JsonObject) {
  const onModel = vi.fn<(model: JsonObject) => void>();
  const onValidity = vi.fn<(valid: boolean) => void>();
  render(<Owner initial={initial} onModel={onModel} onValidity={onValidity} />, {
    wrapper: WithConsoleMessages,
  });
  return { lastModel: () => onModel.mock.lastCall?.[0], onModel, onValidity };
}

const input = (id: string) => screen.getByTestId(`${P}-${id}`) as HTMLInputElement;

describe('JsonSchemaForm', () => {
  it('adds, edits, moves and removes the items of a colour array, up to maxItems', async () => {
    const { lastModel } = renderForm({ title: 'T', levelColors: ['#111111'] });
    expect(input('levelColors.0').value).toBe('#111111');
    fireEvent.click(screen.getByTestId(`${P}-levelColors-add`));
    expect(lastModel()?.levelColors).toEqual(['#111111', null]);
    fireEvent.change(input('levelColors.1'), { target: { value: '#222222' } });
    expect(lastModel()?.levelColors).toEqual(['#111111', '#222222']);
    expect(screen.getByTestId(`${P}-levelColors.0-up`)).toBeDisabled();
    expect(screen.getByTestId(`${P}-levelColors.1-down`)).toBeDisabled();
    fireEvent.click(screen.getByTestId(`${P}-levelColors.1-up`));
    expect(lastModel()?.levelColors).toEqual(['#222222', '#111111']);
    expect(input('levelColors.0').value).toBe('#222222');
    fireEvent.click(screen.getByTestId(`${P}-levelColors-add`));
    expect(screen.getByTestId(`${P}-levelColors-add`)).toBeDisabled();
    fireEvent.click(screen.getByTestId(`${P}-levelColors.0-remove`));
    expect(lastModel()?.levelColors).toEqual(['#111111', null]);
    expect(screen.getByTestId(`${P}-levelColors-add`)).toBeEnabled();
    expect(screen.queryByTestId(`${P}-levelColors.2`)).toBeNull();
  });

  it('adds, edits, moves and removes the items of an object array', () => {
    const { lastModel } = renderForm({ title: 'T', highlights: [{ from: 1, color: 'red' }] });
    fireEvent.click(screen.getByTestId(`${P}-highlights-add`));
    expect(lastModel()?.highlights).toEqual([{ from: 1, color: 'red' }, {}]);
    fireEvent.change(input('highlights.1.from'), { target: { value: '5' } });
    fireEvent.change(input('highlights.1.color'), { target: { value: 'blue' } });
    expect(lastModel()?.highlights).toEqual([
      { from: 1, color: 'red' },
      { from: 5, color: 'blue' },
    ]);
    fireEvent.click(screen.getByTestId(`${P}-highlights.0-down`));
    expect(lastModel()?.highlights).toEqual([
      { from: 5, color: 'blue' },
      { from: 1, color: 'red' },
    ]);
    expect(input('highlights.0.from').value).toBe('5');
    fireEvent.click(screen.getByTestId(`${P}-highlights.0-remove`));
    expect(lastModel()?.highlights).toEqual([{ from: 1, color: 'red' }]);
    expect(input('highlights.0.color').value).toBe('red');
  });

  it('shows defaults until edited: a cleared field stays empty, and half-typed numbers stay', () => {
    const { lastModel } = renderForm({ title: 'T' });
    expect(input('speed').value).toBe('180');
    expect(input('caption').value).toBe('Hello');
    fireEvent.change(input('speed'), { target: { value: '' } });
    expect(input('speed').value).toBe('');
    expect(lastModel()).not.toHaveProperty('speed');
    fireEvent.change(input('speed'), { target: { value: '240' } });
    expect(lastModel()?.speed).toBe(240);
    fireEvent.change(input('speed'), { target: { value: '-' } });
    expect(input('speed').value).toBe('');
    expect(lastModel()).not.toHaveProperty('speed');
    fireEvent.change(input('speed'), { target: { value: '-5' } });
    expect(lastModel()?.speed).toBe(-5);
    fireEvent.change(input('caption'), { target: { value: '' } });
    expect(input('caption').value).toBe('');
    expect(lastModel()).not.toHaveProperty('caption');
  });

  it('keeps the checked enum values in enum order', () => {
    const { lastModel } = renderForm({ title: 'T' });
    fireEvent.click(input('days-wed'));
    fireEvent.click(input('days-mon'));
    expect(lastModel()?.days).toEqual(['mon', 'wed']);
    fireEvent.click(input('days-wed'));
    expect(lastModel()?.days).toEqual(['mon']);
  });

  it('shows an unchecked box for a boolean without a value and writes nothing until it is touched', () => {
    const { onModel, lastModel } = renderForm({ title: 'T' });
    expect(input('show').checked).toBe(false);
    expect(onModel).not.toHaveBeenCalled();
    fireEvent.click(input('show'));
    expect(lastModel()).toEqual({ title: 'T', show: true });
  });

  it('reports required, maximum length and bounds errors under the fields and through onValidityChange', () => {
    const { onValidity } = renderForm({});
    expect(onValidity).toHaveBeenLastCalledWith(false);
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    fireEvent.change(input('title'), { target: { value: 'Gauge' } });
    expect(onValidity).toHaveBeenLastCalledWith(true);
    fireEvent.change(input('title'), { target: { value: 'Gauges' } });
    expect(onValidity).toHaveBeenLastCalledWith(false);
    expect(screen.getByText('At most 5 characters.')).toBeInTheDocument();
    fireEvent.change(input('title'), { target: { value: 'Gauge' } });
    fireEvent.change(input('size'), { target: { value: '11' } });
    expect(onValidity).toHaveBeenLastCalledWith(false);
    expect(screen.getByText('Must be at most 10.')).toBeInTheDocument();
    fireEvent.change(input('size'), { target: { value: '0' } });
    expect(screen.getByText('Must be at least 1.')).toBeInTheDocument();
    fireEvent.change(input('size'), { target: { value: '10' } });
    expect(onValidity).toHaveBeenLastCalledWith(true);
  });

  it('makes an emptied colour item an error until it is filled or removed', () => {
    const { onValidity } = renderForm({ title: 'T', levelColors: ['#111111'] });
    expect(onValidity).toHaveBeenLastCalledWith(true);
    fireEvent.click(screen.getByTestId(`${P}-levelColors-add`));
    expect(onValidity).toHaveBeenLastCalledWith(false);
    fireEvent.click(screen.getByTestId(`${P}-levelColors.1-remove`));
    expect(onValidity).toHaveBeenLastCalledWith(true);
  });

  it('edits a date as epoch ms; text that is no date keeps the model and makes the form invalid', () => {
    const ms = new Date(2026, 2, 7, 14, 5).getTime();
    const { lastModel, onValidity } = renderForm({ title: 'T', since: ms });
    const plain = (text: string) => text.replace(/\s/gu, ' ');
    expect(plain(input('since').value)).toBe('03/07/2026, 02:05 PM');
    fireEvent.change(input('since'), { target: { value: '03/08/2026, 09:30 AM' } });
    expect(lastModel()?.since).toBe(new Date(2026, 2, 8, 9, 30).getTime());
    fireEvent.change(input('since'), { target: { value: 'soon' } });
    expect(lastModel()?.since).toBe(new Date(2026, 2, 8, 9, 30).getTime());
    expect(onValidity).toHaveBeenLastCalledWith(false);
    fireEvent.change(input('since'), { target: { value: '' } });
    expect(lastModel()).toEqual({ title: 'T' });
    expect(onValidity).toHaveBeenLastCalledWith(true);
  });

  it('picks an icon name with the material icon chooser', () => {
    const { lastModel } = renderForm({ title: 'T' });
    fireEvent.click(screen.getByTestId(`${P}-icon-choose`));
    fireEvent.click(screen.getByTestId(`${P}-icon-icon-more_vert`));
    expect(lastModel()?.icon).toBe('more_vert');
    fireEvent.change(input('icon'), { target: { value: '' } });
    expect(lastModel()).toEqual({ title: 'T' });
  });

  it('disables a readOnly field', () => {
    renderForm({ title: 'T', code: 'x' });
    expect(input('code')).toBeDisabled();
  });

  it('sets an image field from a chosen file as a data URL', async () => {
    const { lastModel } = renderForm({ title: 'T' });
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId(`${P}-logo-file`), png);
    await waitFor(() => expect(lastModel()?.logo).toBe('data:image/png;base64,iVBORw=='));
    fireEvent.click(screen.getByTestId(`${P}-logo-clear`));
    expect(lastModel()).toEqual({ title: 'T' });
  });
});
