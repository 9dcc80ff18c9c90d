import { marked } from 'marked';
import { useMemo, useRef } from 'react';
import { useScriptCalls } from '../../dashboard/sandbox/use-script-calls';
import { CardHtml } from '../html-support/CardHtml';
import { fillPattern, patternDataOf } from '../html-support/card-pattern';
import { textSetting } from '../html-support/card-settings';
import { rawText } from '../html-support/function-html';
import type { WidgetProps } from '../widget-definition';
import { MARKDOWN_FUNCTION_ARGS, markdownFunctionData, markdownFunctionOf } from './markdown-function';

/**
 * The reference's `cards.markdown_card`: `settings.markdownTextPattern` with its `${...}`
 * placeholders filled from the latest values, rendered as markdown (HTML in it allowed, then
 * sanitized) and styled by `settings.markdownCss`. With `useMarkdownTextFunction` the tenant's
 * `markdownTextFunction` gives the markdown instead, run in the sandbox worker; until it answers
 * the card keeps what it showed (empty at first), and it shows the pattern when the function
 * throws or runs too long.
 */
export function MarkdownCardWidget({ config, data }: WidgetProps) {
  const calls = useScriptCalls();
  const pattern = textSetting(config, 'markdownTextPattern');
  const body = markdownFunctionOf(config.settings);
  const functionData = useMemo(() => (body ? markdownFunctionData(data) : []), [body, data]);
  const context = useMemo(() => ({ settings: config.settings ?? {} }), [config.settings]);
  const shown = useRef('');
  let markdown = pattern;
  if (body) {
    const outcome = calls.outcome(body, MARKDOWN_FUNCTION_ARGS, [functionData, null], context);
    markdown = outcome === undefined ? shown.current : outcome.ok ? rawText(outcome.value) : pattern;
  }
  shown.current = markdown;
  const html = useMemo(
    () => marked.parse(fillPattern(markdown, patternDataOf(data)), { async: false, gfm: true }),
    [markdown, data],
  );
  return <CardHtml html={html} css={textSetting(config, 'markdownCss')} />;
}
