import { sanitizeCardHtml } from './card-html';

/**
 * What a tenant widget function returned (a table cell's content, a chart tooltip's value), as
 * text and as HTML made safe for the page.
 */

/** Text of a value as the reference's `'' + value` gives it (objects as JSON, nothing as empty). */
export function rawText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Sanitized HTML, remembered: a live widget asks for the same few texts over and over. */
const sanitized = new Map<string, string>();

export function safeFunctionHtml(html: string): string {
  let safe = sanitized.get(html);
  if (safe === undefined) {
    if (sanitized.size > 2000) sanitized.clear();
    safe = sanitizeCardHtml(html);
    sanitized.set(html, safe);
  }
  return safe;
}
