// biome-ignore-all lint/suspicious/noTemplateCurlyInString: card templates use ${...} placeholders, not JS templates
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSandboxWorkerFactory } from '../../dashboard/sandbox/tenant-scripts';
import { cardShadowRoot as cardRoot } from '../../test/card-shadow-root';
import { InThreadWorker } from '../../test/in-thread-sandbox';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { MarkdownCardWidget } from './MarkdownCardWidget';

describe('MarkdownCardWidget', () => {
  it('renders the pattern as markdown with its placeholders filled, and its CSS', async () => {
    const settings = {
      markdownTextPattern:
        '### ${entityName}\n - **Current value**: ${Random:1}\n\n<span class="raw">html</span>',
      markdownCss: 'h3 { color: rgb(1, 2, 3); }',
      // Off: the pattern is shown.
      useMarkdownTextFunction: false,
      markdownTextFunction: 'return "from function";',
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
  });

  it('renders what markdownTextFunction returns from data and ctx, placeholders filled, sanitized', async () => {
    setSandboxWorkerFactory(() => new InThreadWorker());
    try {
      const settings = {
        useMarkdownTextFunction: true,
        markdownTextFunction:
          "return '## ' + data[0].entityName + ' ' + data[0].Random + ctx.settings.suffix + '\\n\\n**${Random:1}** <img src=x onerror=alert(1)>';",
        suffix: '!',
      };
      render(
        <MarkdownCardWidget
          {...widgetProps([dataKey('random', { label: 'Random' })], [entityData('Sensor A', ['7.25'])], {
            settings,
          })}
        />,
      );
      await waitFor(() => expect(cardRoot().querySelector('h2')?.textContent).toBe('Sensor A 7.25!'));
      expect(cardRoot().querySelector('strong')?.textContent).toBe('7.3');
      expect(cardRoot().innerHTML).not.toMatch(/onerror|alert/);
    } finally {
      setSandboxWorkerFactory(null);
    }
  });

  it('keeps its text while the function’s answer to a live update is on its way', async () => {
    setSandboxWorkerFactory(() => new InThreadWorker());
    try {
      const settings = {
        useMarkdownTextFunction: true,
        markdownTextFunction: "return '## Value ' + data[0].Random;",
      };
      const props = (value: string) =>
        widgetProps([dataKey('random', { label: 'Random' })], [entityData('Sensor A', [value])], {
          settings,
        });
      const { rerender } = render(<MarkdownCardWidget {...props('1')} />);
      await waitFor(() => expect(cardRoot().querySelector('h2')?.textContent).toBe('Value 1'));
      rerender(<MarkdownCardWidget {...props('2')} />);
      expect(cardRoot().querySelector('h2')?.textContent).toBe('Value 1');
      await waitFor(() => expect(cardRoot().querySelector('h2')?.textContent).toBe('Value 2'));
    } finally {
      setSandboxWorkerFactory(null);
    }
  });

  it('shows the pattern when markdownTextFunction throws', async () => {
    setSandboxWorkerFactory(() => new InThreadWorker());
    try {
      const settings = {
        markdownTextPattern: '### Pattern ${entityName}',
        useMarkdownTextFunction: true,
        markdownTextFunction: 'throw new Error("broken");',
      };
      render(<MarkdownCardWidget {...widgetProps([], [entityData('Sensor A', [])], { settings })} />);
      await waitFor(() => expect(cardRoot().querySelector('h3')?.textContent).toBe('Pattern Sensor A'));
    } finally {
      setSandboxWorkerFactory(null);
    }
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
