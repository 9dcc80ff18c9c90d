import { CardHtml } from '../html-support/CardHtml';
import { textSetting } from '../html-support/card-settings';
import type { WidgetProps } from '../widget-definition';

/**
 * The reference's `cards.html_card`: static HTML (`settings.cardHtml`) styled by
 * `settings.cardCss`, sanitized and scoped to the card.
 */
export function HtmlCardWidget({ config }: WidgetProps) {
  return <CardHtml html={textSetting(config, 'cardHtml')} css={textSetting(config, 'cardCss')} />;
}
