import { useMemo } from 'react';
import { CardHtml } from '../html-support/CardHtml';
import { fillPattern, patternDataOf } from '../html-support/card-pattern';
import { textSetting } from '../html-support/card-settings';
import type { WidgetProps } from '../widget-definition';

/**
 * The reference's `cards.html_value_card`: `settings.cardHtml` with its `${keyLabel}` and
 * `${keyLabel:decimals}` placeholders replaced by the latest values, live, styled by
 * `settings.cardCss`. Scripts in the template are dropped, never run.
 */
export function HtmlValueCardWidget({ config, data }: WidgetProps) {
  const pattern = textSetting(config, 'cardHtml');
  const html = useMemo(() => fillPattern(pattern, patternDataOf(data)), [pattern, data]);
  return <CardHtml html={html} css={textSetting(config, 'cardCss')} />;
}
