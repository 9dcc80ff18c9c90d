import Box from '@mui/material/Box';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { CARD_BASE_CSS, sanitizeCardHtml } from './card-html';
import { cardHtmlSelectors } from './selectors';

/**
 * A card's HTML, sanitized, with its CSS in the same open shadow root: the card's selectors match
 * only the card, and the console's styles do not reach into it (inherited ones such as the theme's
 * text colour and font do).
 */
export function CardHtml({ html, css }: { html: string; css: string }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const safeHtml = useMemo(() => sanitizeCardHtml(html), [html]);
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = CARD_BASE_CSS + css;
    const body = document.createElement('div');
    body.className = 'card-html-body';
    body.innerHTML = safeHtml;
    root.replaceChildren(style, body);
  }, [safeHtml, css]);
  // The outer box is out of the card CSS's reach (it can style its host): it clips the card and
  // contains its layout and paint, so not even fixed positioning reaches past the widget.
  return (
    <Box sx={{ position: 'absolute', inset: 0, overflow: 'hidden', contain: 'strict' }}>
      <div ref={hostRef} data-testid={cardHtmlSelectors.root} style={{ height: '100%', overflow: 'auto' }} />
    </Box>
  );
}
