import { marked } from 'marked';
import { useMemo } from 'react';
import { CardHtml } from '../html-support/CardHtml';
import { fillPattern, patternDataOf } from '../html-support/card-pattern';
import { textSetting } from '../html-support/card-settings';
import type { WidgetProps } from '../widget-definition';

/**
 * The reference's `cards.markdown_card`: `settings.markdownTextPattern` with its `${...}`
 * placeholders filled from the latest values, rendered as markdown (HTML in it allowed, then
 * sanitized) and styled by `settings.markdownCss`. `useMarkdownTextFunction` names tenant
 * JavaScript, which the console never runs: the pattern is shown instead.
 */
export function MarkdownCardWidget({ config, data }: WidgetProps) {
  const pattern = textSetting(config, 'markdownTextPattern');
  const html = useMemo(
    () => marked.parse(fillPattern(pattern, patternDataOf(data)), { async: false, gfm: true }),
    [pattern, data],
  );
  return <CardHtml html={html} css={textSetting(config, 'markdownCss')} />;
}
