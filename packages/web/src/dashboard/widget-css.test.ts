import { describe, expect, it } from 'vitest';
import { scopeWidgetCss, widgetCssScopeClass } from './widget-css';

describe('widget CSS', () => {
  it('nests rules and bare declarations in the widget scope, keeping keyframes and font faces beside it', () => {
    const css = [
      'color: navy;',
      '.value { font-size: 20px; }',
      '@media (max-width: 600px) { .value { font-size: 12px; } }',
      '@keyframes blink { from { opacity: 0 } to { opacity: 1 } }',
      "/* a comment with { */ .label::after { content: '}'; }",
    ].join('\n');
    const scoped = scopeWidgetCss(css, '.w1');
    expect(scoped).toBe(
      [
        '@keyframes blink { from { opacity: 0 } to { opacity: 1 } }',
        '.w1 {',
        'color: navy;',
        '.value { font-size: 20px; }',
        '@media (max-width: 600px) { .value { font-size: 12px; } }',
        "/* a comment with { */ .label::after { content: '}'; }",
        '}',
      ].join('\n'),
    );
  });

  it('refuses CSS whose braces do not balance, so nothing escapes the widget', () => {
    expect(scopeWidgetCss('.a { color: red; } } body { display: none }', '.w1')).toBeNull();
    expect(scopeWidgetCss('.a { color: red;', '.w1')).toBeNull();
    expect(scopeWidgetCss(".a { content: 'open", '.w1')).toBeNull();
    expect(scopeWidgetCss('/* never closed', '.w1')).toBeNull();
  });

  it('gives nothing for empty CSS, and a class name safe for any widget id', () => {
    expect(scopeWidgetCss('  \n', '.w1')).toBe('');
    expect(widgetCssScopeClass('a1b2-c3')).toBe('widget-css-a1b2-c3');
    expect(widgetCssScopeClass('x" onload="y')).toBe('widget-css-x__onload__y');
  });
});
