/**
 * A widget's own CSS (`widgetCss`, Advanced tab) confined to that widget, as the reference confines
 * it to the widget's element: the rules nest inside one rule for the widget's scope selector (CSS
 * nesting), so `.value { … }` styles `.value` inside this widget only, and declarations outside
 * any rule style the widget's element itself. Rules that cannot nest in a style rule
 * (`@keyframes`, `@font-face`, `@import`, …) are kept beside it, as the reference keeps them global.
 *
 * A stylesheet whose braces do not balance is refused (null): an extra `}` would close the scope
 * and style the whole console.
 */

/** Top-level at-rules CSS nesting does not allow inside a style rule. */
const UNNESTABLE =
  /^@(-[a-z]+-)?(keyframes|font-face|import|charset|namespace|property|page|counter-style|font-feature-values)\b/i;

interface Statement {
  text: string;
}

/** Splits top-level statements (a rule with its block, or an at-rule ending in `;`), skipping comments and strings. */
function topLevelStatements(css: string): Statement[] | null {
  const statements: Statement[] = [];
  let depth = 0;
  let start = 0;
  let i = 0;
  while (i < css.length) {
    const char = css[i];
    if (char === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      if (end < 0) return null;
      i = end + 2;
      continue;
    }
    if (char === '"' || char === "'") {
      let j = i + 1;
      while (j < css.length && css[j] !== char) {
        if (css[j] === '\\') j++;
        if (css[j] === '\n') return null;
        j++;
      }
      if (j >= css.length) return null;
      i = j + 1;
      continue;
    }
    if (char === '{') depth++;
    else if (char === '}') {
      depth--;
      if (depth < 0) return null;
      if (depth === 0) {
        statements.push({ text: css.slice(start, i + 1) });
        start = i + 1;
      }
    } else if (char === ';' && depth === 0) {
      statements.push({ text: css.slice(start, i + 1) });
      start = i + 1;
    }
    i++;
  }
  if (depth !== 0) return null;
  const rest = css.slice(start);
  if (rest.trim()) statements.push({ text: rest });
  return statements;
}

export function scopeWidgetCss(css: string, scopeSelector: string): string | null {
  if (!css.trim()) return '';
  const statements = topLevelStatements(css);
  if (statements === null) return null;
  const global: string[] = [];
  const nested: string[] = [];
  for (const { text } of statements) {
    const head = text.replace(/\/\*[\s\S]*?\*\//g, '').trimStart();
    (UNNESTABLE.test(head) ? global : nested).push(text.trim());
  }
  const scoped = nested.length > 0 ? `${scopeSelector} {\n${nested.join('\n')}\n}` : '';
  return [...global, scoped].filter(Boolean).join('\n');
}

/** A class name for a widget's scope, from its id (ids from imported JSON may hold any character). */
export function widgetCssScopeClass(widgetId: string): string {
  return `widget-css-${widgetId.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
}
