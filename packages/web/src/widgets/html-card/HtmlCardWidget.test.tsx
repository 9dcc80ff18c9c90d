// biome-ignore-all lint/suspicious/noTemplateCurlyInString: card templates use ${...} placeholders, not JS templates
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cardShadowRoot as cardRoot } from '../../test/card-shadow-root';
import { widgetProps } from '../../test/widget-test-data';
import { HtmlCardWidget } from './HtmlCardWidget';

describe('HtmlCardWidget', () => {
  it('shows its static HTML, sanitized, with its CSS', async () => {
    render(
      <HtmlCardWidget
        {...widgetProps([], [], {
          settings: {
            cardHtml: "<div class='card'>Hello ${x}<script>alert(1)</script></div>",
            cardCss: '.card{}',
          },
        })}
      />,
    );
    await waitFor(() => expect(cardRoot().querySelector('.card')?.textContent).toBe('Hello ${x}'));
    expect(cardRoot().querySelector('script')).toBeNull();
    expect(cardRoot().querySelector('style')?.textContent).toContain('.card{}');
  });
});
