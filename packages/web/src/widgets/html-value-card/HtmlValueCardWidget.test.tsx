// biome-ignore-all lint/suspicious/noTemplateCurlyInString: card templates use ${...} placeholders, not JS templates
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cardShadowRoot as cardRoot } from '../../test/card-shadow-root';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { HtmlValueCardWidget } from './HtmlValueCardWidget';

const settings = (cardHtml: string, cardCss = '') => ({ settings: { cardHtml, cardCss } });

describe('HtmlValueCardWidget', () => {
  it('fills the placeholders with the latest values, with their decimals, and follows updates', async () => {
    const keys = [dataKey('temperature', { label: 'Temp' }), dataKey('count', { type: 'count', label: 'n' })];
    const html = "<div class='value'>${Temp:1} °C</div><div class='count'>${n:0}</div>";
    const { rerender } = render(
      <HtmlValueCardWidget {...widgetProps(keys, [entityData('T1', ['21.456', '3'])], settings(html))} />,
    );
    await waitFor(() => expect(cardRoot().querySelector('.value')?.textContent).toBe('21.5 °C'));
    expect(cardRoot().querySelector('.count')?.textContent).toBe('3');
    rerender(<HtmlValueCardWidget {...widgetProps(keys, [entityData('T1', ['22', '4'])], settings(html))} />);
    await waitFor(() => expect(cardRoot().querySelector('.value')?.textContent).toBe('22.0 °C'));
    expect(cardRoot().querySelector('.count')?.textContent).toBe('4');
  });

  it('drops scripts and event handlers of the template, and of values', async () => {
    const html =
      '<div class="v">${note}</div><script>window.cardRan = true</script><img src="x" onerror="window.cardRan = true">';
    render(
      <HtmlValueCardWidget
        {...widgetProps([dataKey('note')], [entityData('T1', ['<b onclick="x()">bold</b>'])], settings(html))}
      />,
    );
    await waitFor(() => expect(cardRoot().querySelector('.v')).not.toBeNull());
    expect(cardRoot().querySelector('script')).toBeNull();
    expect(cardRoot().querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(cardRoot().querySelector('.v')?.textContent).toBe('<b onclick="x()">bold</b>');
    expect((window as { cardRan?: boolean }).cardRan).toBeUndefined();
  });

  it('keeps its CSS inside its own shadow root, away from the page', async () => {
    const css = '.card { color: rgb(255, 0, 0); } body { display: none; }';
    render(
      <div>
        <p className="card">console text</p>
        <HtmlValueCardWidget {...widgetProps([], [], settings('<div class="card">in card</div>', css))} />
      </div>,
    );
    await waitFor(() => expect(cardRoot().querySelector('style')?.textContent).toContain(css));
    expect(document.head.textContent).not.toContain('rgb(255, 0, 0)');
    expect(getComputedStyle(screen.getByText('console text')).color).not.toBe('rgb(255, 0, 0)');
    expect(getComputedStyle(document.body).display).not.toBe('none');
  });
});
