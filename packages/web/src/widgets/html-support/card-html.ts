import DOMPurify from 'dompurify';

/**
 * Tenant-written card HTML made safe for the console (DOMPurify): no scripts, event handlers,
 * `javascript:` links, frames or style elements (a card's styles are its CSS setting, kept inside
 * the card by {@link CardHtml}'s shadow root).
 */

/** Elements a card never keeps: scripts run nothing here, frames and plugins load other pages. */
export const CARD_FORBIDDEN_TAGS = [
  'style',
  'link',
  'meta',
  'base',
  'iframe',
  'frame',
  'object',
  'embed',
  'template',
];

/** The card HTML without anything that runs or loads another document. */
export function sanitizeCardHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: CARD_FORBIDDEN_TAGS,
    USE_PROFILES: { html: true, svg: true },
  });
}

/** What every card's shadow root starts with: its content fills the widget's height. */
export const CARD_BASE_CSS = '.card-html-body { height: 100%; }\n';
