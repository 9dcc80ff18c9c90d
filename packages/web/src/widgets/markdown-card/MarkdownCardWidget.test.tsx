// biome-ignore-all lint/suspicious/noTemplateCurlyInString: card templates use ${...} placeholders, not JS templates
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cardShadowRoot as cardRoot } from '../../test/card-shadow-root';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { MarkdownCardWidget } from './MarkdownCardWidget';

describe('MarkdownCardWidget', () => {
  it('renders the pattern as markdown with its placeholders filled, and its CSS', async () => {
    const settings = {
      markdownTextPattern:
        '### ${entityName}\n - **Current value**: ${Random:1}\n\n<span class="raw">html</span>',
      markdownCss: 'h3 { color: rgb(1, 2, 3); }',
      // Tenant JavaScript: never run, the pattern is shown.
      useMarkdownTextFunction: true,
      markdownTextFunction: 'window.markdownRan = true; return "from function";',
    };
    render(
      <MarkdownCardWidget
        {...widgetProps([dataKey('random', { label: 'Random' })], [entityData('Sensor A', ['7.25'])], {
          settings,
        })}
      />,
    );
    await waitFor(() => expect(cardRoot().querySelector('h3')?.textContent).toBe('Sensor A'));
    expect(cardRoot().querySelector('li')?.textContent).toBe('Current value: 7.3');
    expect(cardRoot().querySelector('li strong')?.textContent).toBe('Current value');
    expect(cardRoot().querySelector('.raw')?.textContent).toBe('html');
    expect(cardRoot().querySelector('style')?.textContent).toContain('h3 { color: rgb(1, 2, 3); }');
    expect(cardRoot().textContent).not.toContain('from function');
    expect((window as { markdownRan?: boolean }).markdownRan).toBeUndefined();
  });

  it('sanitizes the HTML the markdown gives', async () => {
    render(
      <MarkdownCardWidget
        {...widgetProps([], [], {
          settings: { markdownTextPattern: 'ok <img src="x" onerror="alert(1)"> [a](javascript:alert(2))' },
        })}
      />,
    );
    await waitFor(() => expect(cardRoot().querySelector('p')).not.toBeNull());
    expect(cardRoot().innerHTML).not.toMatch(/onerror|javascript:|alert/);
  });
});
