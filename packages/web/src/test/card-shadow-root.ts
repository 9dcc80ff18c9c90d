import { screen } from '@testing-library/react';
import { cardHtmlSelectors } from '../widgets/html-support/selectors';

/** The shadow root of the one HTML or markdown card on screen, holding its HTML and its style. */
export function cardShadowRoot(): ShadowRoot {
  const root = screen.getByTestId(cardHtmlSelectors.root).shadowRoot;
  if (!root) throw new Error('the card has no shadow root');
  return root;
}
