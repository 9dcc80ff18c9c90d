import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage, createI18n } from '../../i18n/i18n';
import deMessages from '../../i18n/locales/console/de_DE.json';
import enMessages from '../../i18n/locales/console/en_US.json';
import { selectors } from '../../selectors';
import { DateTimePicker, type DateTimePickerProps } from './DateTimePicker';

const S = selectors.dateTimePicker;
const FIELD = 'when';
const plain = (text: string | null) => (text ?? '').replace(/\s/gu, ' ');

type Language = 'en_US' | 'de_DE';

/** Renders with the language's login and console messages, loaded before the first render. */
async function renderIn(language: Language, children: ReactNode) {
  const i18n = createI18n('en_US');
  await changeLanguage(i18n, language);
  i18n.addResourceBundle(
    language,
    'translation',
    language === 'de_DE' ? deMessages : enMessages,
    true,
    false,
  );
  render(<I18nextProvider i18n={i18n}>{children}</I18nextProvider>);
}

/** The picker holding its own value, as a form does; every reported value goes to `onChange`. */
function Owner(props: { initial: string; onChange: (value: string) => void } & Partial<DateTimePickerProps>) {
  const { initial, onChange, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <DateTimePicker
      label="When"
      testId={FIELD}
      {...rest}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

async function renderPicker(language: Language, initial: string, extra: Partial<DateTimePickerProps> = {}) {
  const onChange = vi.fn();
  const onCommit = vi.fn();
  await renderIn(language, <Owner initial={initial} onChange={onChange} onCommit={onCommit} {...extra} />);
  return { onChange, onCommit, input: screen.getByTestId(FIELD) as HTMLInputElement };
}

describe('DateTimePicker', () => {
  it("shows the value in the console's format of the language, not the browser's", async () => {
    const { input } = await renderPicker('de_DE', '2026-03-07T14:05');
    expect(input.value).toBe('07.03.2026, 14:05');
    expect(input).toHaveAttribute('placeholder', 'dd.mm.yyyy, hh:mm');
    expect(input).toHaveAttribute('type', 'text');
  });

  it('shows English in its own format, to the second when asked', async () => {
    const { input } = await renderPicker('en_US', '2026-03-07T14:05:09', { precision: 'seconds' });
    expect(plain(input.value)).toBe('03/07/2026, 02:05:09 PM');
    expect(plain(input.getAttribute('placeholder'))).toBe('mm/dd/yyyy, hh:mm:ss AM/PM');
  });

  it("reads a date typed in the language's format, and rewrites it when the field is left", async () => {
    const user = userEvent.setup();
    const { input, onChange, onCommit } = await renderPicker('de_DE', '');
    await user.type(input, '8.3.2026 9:30');
    expect(onChange).toHaveBeenLastCalledWith('2026-03-08T09:30');
    await user.tab();
    expect(input.value).toBe('08.03.2026, 09:30');
    expect(onCommit).toHaveBeenLastCalledWith('2026-03-08T09:30');
    await user.clear(input);
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('says what to type once text that is not a date loses focus, and passes the text on', async () => {
    const user = userEvent.setup();
    const { input, onChange } = await renderPicker('de_DE', '2026-03-07T14:05');
    await user.clear(input);
    await user.type(input, '31.02.2026, 10:00');
    expect(onChange).toHaveBeenLastCalledWith('31.02.2026, 10:00');
    expect(screen.queryByText(/Kein Datum/)).not.toBeInTheDocument();
    await user.tab();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText('Kein Datum mit Uhrzeit: im Format dd.mm.yyyy, hh:mm eingeben'),
    ).toBeInTheDocument();
  });

  it('picks a day and a time from a German calendar: German month names, weeks from Monday', async () => {
    const user = userEvent.setup();
    const { input, onChange, onCommit } = await renderPicker('de_DE', '2026-03-07T14:05');
    await user.click(screen.getByTestId(S.open(FIELD)));
    const popover = await screen.findByTestId(S.popover);
    const month = within(popover).getByTestId(S.month);
    expect(month).toHaveTextContent('März 2026');
    expect(month.querySelector('[role="grid"]')?.firstElementChild).toHaveTextContent('Mo');
    expect(within(popover).getByTestId(S.day('2026-03-07'))).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(popover).getByTestId(S.day('2026-03-10')));
    expect(onChange).toHaveBeenLastCalledWith('2026-03-10T14:05');
    expect(onCommit).toHaveBeenLastCalledWith('2026-03-10T14:05');
    expect(input.value).toBe('10.03.2026, 14:05');

    await user.selectOptions(within(popover).getByTestId(S.hour), '9');
    await user.selectOptions(within(popover).getByTestId(S.minute), '45');
    expect(onChange).toHaveBeenLastCalledWith('2026-03-10T09:45');
    expect(input.value).toBe('10.03.2026, 09:45');

    await user.click(within(popover).getByTestId(S.nextMonth));
    expect(within(popover).getByTestId(S.month)).toHaveTextContent('April 2026');
    await user.click(within(popover).getByTestId(S.previousMonth));
    await user.click(within(popover).getByTestId(S.previousMonth));
    expect(within(popover).getByTestId(S.month)).toHaveTextContent('Februar 2026');
  });

  it('starts English weeks on Sunday and names English months', async () => {
    const user = userEvent.setup();
    await renderPicker('en_US', '2026-03-07T14:05');
    await user.click(screen.getByTestId(S.open(FIELD)));
    const month = within(await screen.findByTestId(S.popover)).getByTestId(S.month);
    expect(month).toHaveTextContent('March 2026');
    expect(month.querySelector('[role="grid"]')?.firstElementChild).toHaveTextContent('Sun');
  });

  it('follows a value set from outside', async () => {
    const onChange = vi.fn();
    function Reset() {
      const [value, setValue] = useState('2026-03-07T14:05');
      return (
        <>
          <button type="button" onClick={() => setValue('2027-01-02T03:04')}>
            reset
          </button>
          <DateTimePicker label="When" testId={FIELD} value={value} onChange={onChange} />
        </>
      );
    }
    await renderIn('de_DE', <Reset />);
    await act(async () => screen.getByText('reset').click());
    expect((screen.getByTestId(FIELD) as HTMLInputElement).value).toBe('02.01.2027, 03:04');
  });
});
