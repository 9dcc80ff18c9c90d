import DOMPurify from 'dompurify';
import { CARD_FORBIDDEN_TAGS } from './card-html';

/**
 * What a tenant widget function returned (a table cell's content, a chart tooltip's value), as
 * text and as HTML made safe for the page.
 */

/** Text of a value as the reference's `'' + value` gives it (objects as JSON, nothing as empty). */
export function rawText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * HTML made safe as a card's is (card-html.ts), keeping the Angular Material elements reference
 * functions return (styled by the table, reference-cell-css.ts). Remembered: a live widget asks
 * for the same few texts over and over.
 */
const sanitized = new Map<string, string>();

export function safeFunctionHtml(html: string): string {
  let safe = sanitized.get(html);
  if (safe === undefined) {
    if (sanitized.size > 2000) sanitized.clear();
    safe = DOMPurify.sanitize(html, {
      FORBID_TAGS: CARD_FORBIDDEN_TAGS,
      USE_PROFILES: { html: true, svg: true },
      // Inert elements (never defined here) that reference functions wrap icons and bars in.
      ADD_TAGS: ['mat-icon', 'mat-progress-bar'],
    });
    sanitized.set(html, safe);
  }
  return safe;
}
